import { formatUsd } from '#shared/money.ts';
import {
  composeMail,
  MailLayout,
  MailLines,
  MailText,
  MailTitle,
  type StoreContact,
  SupportNote,
  supportTextLine,
  textSignature,
} from '../../../lib/mail-layout.tsx';
import type { Mail } from '../../../lib/mailer.ts';
import type { OrderRow } from '../repo.ts';

interface Refunded {
  name: string;
  orderId: number;
  /** The order is cancelled with this refund (a cancellation), not only refunded. */
  cancelled: boolean;
  amount: string;
  /** What was paid and what is refunded of it in all, when this refund is one of several. */
  refundedInAll: string | null;
  lines: string[];
  store: StoreContact;
}

const BANK_DAYS = 'Your bank usually shows the refund on your statement within 5 to 10 business days.';

export function OrderRefundedEmail(p: Refunded) {
  return (
    <MailLayout note={<SupportNote store={p.store} />}>
      <MailTitle>{p.cancelled ? 'Your order is cancelled' : 'Your refund is on its way'}</MailTitle>
      <MailText>
        Hi {p.name},{' '}
        {p.cancelled ? (
          <>
            order <strong>#{p.orderId}</strong> is cancelled and <strong>{p.amount}</strong> is refunded to your card.
          </>
        ) : (
          <>
            we refunded <strong>{p.amount}</strong> of order <strong>#{p.orderId}</strong> to your card.
          </>
        )}
      </MailText>
      {p.lines.length > 0 && <MailLines lines={p.lines} />}
      {p.refundedInAll && <MailText>Refunded on this order in all: {p.refundedInAll}.</MailText>}
      <MailText style={{ margin: 0 }}>{BANK_DAYS}</MailText>
    </MailLayout>
  );
}

function refundedText(p: Refunded): string {
  return [
    `Hi ${p.name},`,
    '',
    p.cancelled
      ? `Your order #${p.orderId} is cancelled and ${p.amount} is refunded to your card.`
      : `We refunded ${p.amount} of your order #${p.orderId} to your card.`,
    '',
    ...(p.lines.length > 0 ? [...p.lines, ''] : []),
    ...(p.refundedInAll ? [`Refunded on this order in all: ${p.refundedInAll}.`, ''] : []),
    BANK_DAYS,
    '',
    supportTextLine(p.store),
    '',
    ...textSignature(p.store),
  ].join('\n');
}

/** Sent once per refund (its outbox key): the amount, the lines it is for, and when the bank shows it. */
export function orderRefundedMail(
  order: OrderRow,
  refund: { amountCents: number; lines: readonly { name: string; quantity: number }[]; cancelsOrder: boolean },
  store: StoreContact,
): Promise<Mail> {
  const p: Refunded = {
    name: order.firstName ?? 'there',
    orderId: order.id,
    cancelled: refund.cancelsOrder,
    amount: formatUsd(refund.amountCents),
    refundedInAll:
      order.refundedCents > refund.amountCents ? `${formatUsd(order.refundedCents)} of ${formatUsd(order.totalCents)}` : null,
    lines: refund.lines.map((l) => `${l.quantity} × ${l.name}`),
    store,
  };
  return composeMail({
    to: order.email ?? '',
    subject: refund.cancelsOrder
      ? `Your Ironwake order #${order.id} is cancelled`
      : `Refund for your Ironwake order #${order.id}`,
    text: refundedText(p),
    html: <OrderRefundedEmail {...p} />,
  });
}
