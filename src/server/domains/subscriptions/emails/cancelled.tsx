import {
  composeMail,
  MailLayout,
  MailLines,
  MailText,
  MailTitle,
  OrderPageLink,
  type StoreContact,
  SupportNote,
  supportTextLine,
  textSignature,
} from '../../../lib/mail-layout.tsx';
import type { Mail } from '../../../lib/mailer.ts';

/** What the cancellation e-mail names: the subscription, what it brought, who cancelled it and when. */
export interface CancelledSubscription {
  id: number;
  lines: readonly string[];
  intervalWeeks: number;
  cancelledAt: Date;
  /** 'shopper': from the subscription page; 'owner': by the store; 'store': with the customer's erasure. */
  by: 'shopper' | 'owner';
  pageUrl: string;
}

const day = (d: Date) => d.toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const every = (weeks: number) => (weeks === 1 ? 'every week' : `every ${weeks} weeks`);

const intro = (s: CancelledSubscription) =>
  s.by === 'shopper'
    ? `You cancelled your subscription on ${day(s.cancelledAt)}.`
    : `We cancelled your subscription on ${day(s.cancelledAt)}. If you did not expect this, reply to this e-mail or contact us.`;
const NO_MORE = 'It will not renew, and your card will not be charged for it again. Orders already placed are not affected.';

/** The confirmation of a cancellation (California Bus. & Prof. Code §17602(d); docs/decisions/0054). */
function CancelledEmail({ s, store }: { s: CancelledSubscription; store: StoreContact }) {
  return (
    <MailLayout note={<SupportNote store={store} />}>
      <MailTitle>Your subscription is cancelled</MailTitle>
      <MailText>{intro(s)}</MailText>
      <MailText>{NO_MORE}</MailText>
      <MailText style={{ margin: '16px 0 4px', fontWeight: 700 }}>{`What it brought ${every(s.intervalWeeks)}:`}</MailText>
      <MailLines lines={s.lines} />
      <OrderPageLink url={s.pageUrl} label="View your subscription" />
    </MailLayout>
  );
}

export function subscriptionCancelledMail(to: string, s: CancelledSubscription, store: StoreContact): Promise<Mail> {
  const text = [
    intro(s),
    NO_MORE,
    '',
    `What it brought ${every(s.intervalWeeks)}:`,
    ...s.lines,
    '',
    `Your subscription: ${s.pageUrl}`,
    '',
    supportTextLine(store),
    '',
    ...textSignature(store),
  ].join('\n');
  return composeMail({
    to,
    subject: 'Your Ironwake subscription is cancelled',
    text,
    html: <CancelledEmail s={s} store={store} />,
  });
}
