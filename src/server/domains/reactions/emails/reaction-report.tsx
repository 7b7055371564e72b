import { MEDWATCH_URL } from '#shared/medwatch.ts';
import { composeMail, MailHeading, MailLayout, MailText, MailTitle, type StoreContact } from '../../../lib/mail-layout.tsx';
import type { Mail } from '../../../lib/mailer.ts';

export interface ReactionReport {
  /** short reference, to find it again ("R-1A2B3C4D") */
  reference: string;
  whatHappened: string;
  product: string;
  when: string;
  /** only when the reporter agreed to be contacted */
  contact?: string;
  receivedAt: Date;
}

const RECEIVED = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' });

/**
 * The owner's copy of a shopper's reaction report. What the shopper typed goes only into the body,
 * as text (escaped in the HTML part); the subject is the store's own words, and the reply goes to
 * the shopper's address only when they agreed to be contacted.
 */
export function reactionReportMail(to: string, r: ReactionReport, store: Pick<StoreContact, 'publicUrl'>): Promise<Mail> {
  const contactLine = r.contact
    ? `The reporter agreed to be contacted at ${r.contact} (reply to this e-mail).`
    : 'The reporter did not ask to be contacted.';
  const facts = [`Product: ${r.product}`, `When: ${r.when}`, `Received: ${RECEIVED.format(r.receivedAt)} UTC`];
  const medwatch = `If it may be a serious reaction, the FDA asks for a MedWatch report: ${MEDWATCH_URL}`;
  const html = (
    <MailLayout note={<>Ironwake store · {store.publicUrl}</>}>
      <MailTitle>{`Reaction reported (${r.reference})`}</MailTitle>
      {facts.map((f) => (
        <MailText key={f} style={{ margin: '0 0 4px' }}>
          {f}
        </MailText>
      ))}
      <MailHeading>What happened</MailHeading>
      {r.whatHappened.split('\n').map((line, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the lines of one text, in order, never reordered
        <MailText key={i} style={{ margin: 0, whiteSpace: 'pre-wrap' }}>
          {line || '\u00a0'}
        </MailText>
      ))}
      <MailText style={{ margin: '16px 0 0' }}>{contactLine}</MailText>
      <MailText>{medwatch}</MailText>
    </MailLayout>
  );
  const text = [
    `Reaction reported (${r.reference})`,
    '',
    ...facts,
    '',
    'What happened:',
    r.whatHappened,
    '',
    contactLine,
    '',
    medwatch,
  ].join('\n');
  return composeMail({
    to,
    subject: `Reaction reported on the store (${r.reference})`,
    text,
    html,
    ...(r.contact ? { headers: { 'Reply-To': r.contact } } : {}),
  });
}
