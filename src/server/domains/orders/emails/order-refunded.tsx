import { formatUsd } from '#shared/money.ts';
import {
  composeMail,
  customerTextFooter,
  MailLayout,
  MailLines,
  MailText,
  MailTitle,
  OrderPageLink,
  type StoreContact,
  SupportNote,
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
  /** The return this refund is for (its RMA number): the parcel came back. */
  rma: string | null;
  orderPageUrl: string;
  store: StoreContact;
}

const BANK_DAYS = 'Your bank usually shows the refund on your statement within 5 to 10 business days.';

export function OrderRefundedEmail(p: Refunded) {
  return (
    <MailLayout note={<SupportNote store={p.store} />}>
      <MailTitle>
        {p.cancelled ? 'Your order is cancelled' : p.rma ? 'We received your return' : 'Your refund is on its way'}
      </MailTitle>
      <MailText>
        Hi {p.name},{' '}
        {p.cancelled ? (
          <>
            order <strong>#{p.orderId}</strong> is cancelled and <strong>{p.amount}</strong> is refunded to your card.
          </>
        ) : p.rma ? (
          <>
            your return <strong>{p.rma}</strong> of order <strong>#{p.orderId}</strong> arrived and we refunded{' '}
            <strong>{p.amount}</strong> to your card.
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
      <OrderPageLink url={p.orderPageUrl} />
    </MailLayout>
  );
}

function refundedText(p: Refunded): string {
  return [
    `Hi ${p.name},`,
    '',
    p.cancelled
      ? `Your order #${p.orderId} is cancelled and ${p.amount} is refunded to your card.`
      : p.rma
        ? `Your return ${p.rma} of order #${p.orderId} arrived and we refunded ${p.amount} to your card.`
        : `We refunded ${p.amount} of your order #${p.orderId} to your card.`,
    '',
    ...(p.lines.length > 0 ? [...p.lines, ''] : []),
    ...(p.refundedInAll ? [`Refunded on this order in all: ${p.refundedInAll}.`, ''] : []),
    BANK_DAYS,
    '',
    ...customerTextFooter(p.store, p.orderPageUrl),
  ].join('\n');
}

/** Sent once per refund (its outbox key): the amount, the lines it is for, and when the bank shows it. */
export function orderRefundedMail(
  order: OrderRow,
  refund: {
    amountCents: number;
    lines: readonly { name: string; quantity: number }[];
    cancelsOrder: boolean;
    rma: string | null;
  },
  store: StoreContact,
  orderPageUrl: string,
): Promise<Mail> {
  const p: Refunded = {
    name: order.firstName ?? 'there',
    orderId: order.id,
    cancelled: refund.cancelsOrder,
    amount: formatUsd(refund.amountCents),
    refundedInAll:
      order.refundedCents > refund.amountCents ? `${formatUsd(order.refundedCents)} of ${formatUsd(order.totalCents)}` : null,
    lines: refund.lines.map((l) => `${l.quantity} × ${l.name}`),
    rma: refund.rma,
    orderPageUrl,
    store,
  };
  return composeMail({
    to: order.email ?? '',
    subject: refund.cancelsOrder
      ? `Your Ironwake order #${order.id} is cancelled`
      : refund.rma
        ? `Your return ${refund.rma} is refunded`
        : `Refund for your Ironwake order #${order.id}`,
    text: refundedText(p),
    html: <OrderRefundedEmail {...p} />,
  });
}
