import {
  composeMail,
  customerTextFooter,
  MailHeading,
  MailLayout,
  MailLines,
  MailText,
  MailTitle,
  OrderPageLink,
  type StoreContact,
  SupportNote,
} from '../../../lib/mail-layout.tsx';
import type { Mail } from '../../../lib/mailer.ts';

/** What every return e-mail knows of its return. */
export interface ReturnMailFacts {
  to: string;
  name: string;
  orderId: number;
  rma: string;
  lines: string[];
  orderPageUrl: string;
  store: StoreContact;
}

/** One return e-mail: a title, its paragraphs, the lines, the order page; the same words in the text part. */
function returnMail(f: ReturnMailFacts, m: { subject: string; title: string; paragraphs: string[]; after?: string[] }) {
  const html = (
    <MailLayout note={<SupportNote store={f.store} />}>
      <MailTitle>{m.title}</MailTitle>
      {m.paragraphs.map((p) => (
        <MailText key={p}>{p}</MailText>
      ))}
      <MailHeading>{`Return ${f.rma}, order #${f.orderId}`}</MailHeading>
      <MailLines lines={f.lines} style={{ margin: 0 }} />
      {(m.after ?? []).map((p) => (
        <MailText key={p} style={{ margin: '16px 0 0' }}>
          {p}
        </MailText>
      ))}
      <OrderPageLink url={f.orderPageUrl} label="Open your order page" />
    </MailLayout>
  );
  const text = [
    `Hi ${f.name},`,
    '',
    ...m.paragraphs.flatMap((p) => [p, '']),
    `Return ${f.rma}, order #${f.orderId}:`,
    ...f.lines,
    '',
    ...(m.after ?? []).flatMap((p) => [p, '']),
    ...customerTextFooter(f.store, f.orderPageUrl),
  ].join('\n');
  return composeMail({ to: f.to, subject: m.subject, text, html });
}

/** The shopper asked to send lines back: the request is with the store. */
export function returnRequestedMail(f: ReturnMailFacts, reason: string): Promise<Mail> {
  return returnMail(f, {
    subject: `We received your return request ${f.rma}`,
    title: 'We received your return request',
    paragraphs: [
      `Thank you for letting us know. We will look at your request within one business day and e-mail you what happens next.`,
    ],
    after: [`Your reason: ${reason}`],
  });
}

/** The owner approved it: how to send the parcel back, with the label or slip on the order page. */
export function returnApprovedMail(
  f: ReturnMailFacts,
  label: { prepaid: boolean; carrier: string | null; trackingNumber: string | null },
): Promise<Mail> {
  const how = label.prepaid
    ? `Print the prepaid ${label.carrier ?? ''} return label from your order page, stick it on the box and drop the parcel at the carrier${label.trackingNumber ? ` (tracking number ${label.trackingNumber})` : ''}. The postage is on us.`
    : 'Print the return slip from your order page, put it in the box and post the parcel to the address on it. Keep the postage receipt: we refund the postage with your return.';
  return returnMail(f, {
    subject: `Your return ${f.rma} is approved`,
    title: 'Your return is approved',
    paragraphs: [how.replace(/ {2}/g, ' '), 'We refund the items to your card as soon as the parcel reaches us.'],
  });
}

/** The owner refused it, with their reason. */
export function returnRefusedMail(f: ReturnMailFacts, reason: string): Promise<Mail> {
  return returnMail(f, {
    subject: `About your return request ${f.rma}`,
    title: 'We could not accept your return',
    paragraphs: [`We are sorry: we cannot accept this return. ${reason}`, 'Reply to this e-mail if you have any question.'],
  });
}

/** The owner's alert: a return waits for their decision. */
export function ownerReturnAlertMail(
  to: string,
  r: { rma: string; orderId: number; customer: string; reason: string; lines: string[]; dashboardUrl: string },
  store: StoreContact,
): Promise<Mail> {
  const html = (
    <MailLayout note={<>Ironwake store · {store.publicUrl}</>}>
      <MailTitle>{`Return requested: ${r.rma}`}</MailTitle>
      <MailText>{`${r.customer} asks to return lines of order #${r.orderId}.`}</MailText>
      <MailLines lines={r.lines} />
      <MailText>{`Reason: ${r.reason}`}</MailText>
      <OrderPageLink url={r.dashboardUrl} label="Open the Returns tab" />
    </MailLayout>
  );
  const text = [
    `${r.customer} asks to return lines of order #${r.orderId} (${r.rma}):`,
    ...r.lines,
    '',
    `Reason: ${r.reason}`,
    '',
    `Approve or refuse it in the Returns tab: ${r.dashboardUrl}`,
  ].join('\n');
  return composeMail({ to, subject: `Return requested: ${r.rma} (order #${r.orderId})`, text, html });
}
