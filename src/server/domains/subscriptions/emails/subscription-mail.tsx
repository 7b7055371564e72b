import { Link } from '@react-email/link';
import { Section } from '@react-email/section';
import {
  AmountRow,
  composeMail,
  MailLayout,
  mailColors,
  MailText,
  MailTitle,
  OrderPageLink,
  type StoreContact,
  SupportNote,
  supportTextLine,
  textSignature,
} from '../../../lib/mail-layout.tsx';
import type { Mail } from '../../../lib/mailer.ts';

/** A subscription e-mail's parts (docs/decisions/0053): a title, what happened, the order's rows, its links. */
export interface SubscriptionMailProps {
  title: string;
  paragraphs: string[];
  rows: { key: string; label: string; amount: string; strong?: boolean }[];
  /** The first is the button; the others are links under it. */
  links: { label: string; url: string }[];
  /** A line under the links (the terms, what the page can do). */
  footnote: string | null;
  store: StoreContact;
}

const linkStyle = { color: '#1d4ed8', textDecorationLine: 'underline' };
const small = { fontSize: '13px', lineHeight: '18px', margin: '16px 0 0', color: '#5f5850' };

export function SubscriptionEmail(p: SubscriptionMailProps) {
  const [button, ...others] = p.links;
  return (
    <MailLayout note={<SupportNote store={p.store} />}>
      <MailTitle>{p.title}</MailTitle>
      {p.paragraphs.map((text) => (
        <MailText key={text}>{text}</MailText>
      ))}
      {p.rows.length > 0 ? (
        <Section style={{ borderTop: `1px solid ${mailColors.line}` }}>
          {p.rows.map((r) => (
            <AmountRow key={r.key} label={r.label} amount={r.amount} strong={r.strong ?? false} />
          ))}
        </Section>
      ) : null}
      {button ? <OrderPageLink url={button.url} label={button.label} /> : null}
      {others.length > 0 ? (
        <MailText style={{ margin: '16px 0 0' }}>
          {others.map((l, i) => (
            <span key={l.label}>
              {i > 0 ? ' · ' : ''}
              <Link href={l.url} style={linkStyle}>
                {l.label}
              </Link>
            </span>
          ))}
        </MailText>
      ) : null}
      {p.footnote ? <MailText style={small}>{p.footnote}</MailText> : null}
    </MailLayout>
  );
}

export function subscriptionMailText(p: SubscriptionMailProps): string {
  return [
    ...p.paragraphs.flatMap((t) => [t, '']),
    ...(p.rows.length > 0 ? [...p.rows.map((r) => `${r.label}  ${r.amount}`), ''] : []),
    ...p.links.map((l) => `${l.label}: ${l.url}`),
    ...(p.footnote ? ['', p.footnote] : []),
    '',
    supportTextLine(p.store),
    '',
    ...textSignature(p.store),
  ].join('\n');
}

/** The e-mail, its HTML and plain-text parts from the same props. */
export function subscriptionMail(to: string, subject: string, p: SubscriptionMailProps): Promise<Mail> {
  return composeMail({ to, subject, text: subscriptionMailText(p), html: <SubscriptionEmail {...p} /> });
}

const DAY = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' });
/** "Friday, December 4" (UTC, as the store's dates are). */
export const dayText = (d: Date): string => DAY.format(d);

/** "every week", "every 4 weeks". */
export const intervalText = (weeks: number): string => (weeks === 1 ? 'every week' : `every ${weeks} weeks`);
