import { Section } from '@react-email/section';
import { estimateDelivery } from '#shared/delivery.ts';
import { formatUsd } from '#shared/money.ts';
import { customerName, shipToLines } from '#shared/ship-to.ts';
import {
  AmountRow,
  composeMail,
  customerTextFooter,
  MailHeading,
  MailLayout,
  MailLines,
  mailColors,
  MailText,
  MailTitle,
  OrderPageLink,
  type StoreContact,
  SupportNote,
} from '../../../lib/mail-layout.tsx';
import type { Mail } from '../../../lib/mailer.ts';
import type { OrderItemRow, OrderRow } from '../repo.ts';

/** The estimate's days (UTC dates, as shared/delivery.ts makes them). */
const DAY = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' });

/**
 * When the order should arrive, by the rule its order page follows (shared/delivery.ts: handling
 * and transit in business days from the payment): "Friday, November 27 to Wednesday, December 2".
 */
function deliveryDays(order: OrderRow): string {
  const e = estimateDelivery({
    paidAt: order.paidAt ?? order.createdAt,
    shippedAt: null,
    deliveredAt: null,
    carrierEstimate: null,
  });
  if (e?.kind !== 'expected') return '';
  const day = (ymd: string) => DAY.format(new Date(`${ymd}T00:00:00Z`));
  return e.from === e.to ? day(e.from) : `${day(e.from)} to ${day(e.to)}`;
}

const RENEWAL_LINE =
  'This is your subscription order, charged to your saved card. The e-mail we send before each order has the links to skip, change or cancel the next one.';

interface Confirmation {
  name: string;
  orderId: number;
  /** A subscription's renewal (docs/decisions/0053): said so, charged to the saved card. */
  renewal: boolean;
  lines: { id: number; text: string; amount: string }[];
  /** "Discount (ATHLETE10)" and "−$5.00", when a code took something off. */
  discount: { label: string; amount: string } | null;
  shipping: string;
  /** The sales tax, when any was charged. */
  tax: string | null;
  total: string;
  address: string[];
  delivery: string;
  orderPageUrl: string;
  store: StoreContact;
  /** The subscription this order started (docs/decisions/0052): its terms and the shopper's page. */
  subscription: ConfirmationSubscription | null;
}

/** A subscription's terms as the shopper agreed to them, and the link to its page. */
export interface ConfirmationSubscription {
  terms: string;
  url: string;
}

export function OrderConfirmationEmail(p: Confirmation) {
  return (
    <MailLayout note={<SupportNote store={p.store} />}>
      <MailTitle>Order confirmed</MailTitle>
      <MailText>
        Hi {p.name}, thank you for your order <strong>#{p.orderId}</strong>. We will ship it within 1-2 business days.
      </MailText>
      {p.renewal ? <MailText>{RENEWAL_LINE}</MailText> : null}
      <Section style={{ borderTop: `1px solid ${mailColors.line}` }}>
        {p.lines.map((l) => (
          <AmountRow key={l.id} label={l.text} amount={l.amount} />
        ))}
        {p.discount ? <AmountRow label={p.discount.label} amount={p.discount.amount} /> : null}
        <AmountRow label="Shipping" amount={p.shipping} />
        {p.tax ? <AmountRow label="Sales tax" amount={p.tax} /> : null}
        <AmountRow label="Total" amount={p.total} strong />
      </Section>
      <MailHeading>Shipping to</MailHeading>
      <MailLines lines={p.address} style={{ margin: 0 }} />
      <MailHeading>Estimated delivery</MailHeading>
      <MailText style={{ margin: 0 }}>
        {`${p.delivery} — Standard Shipping (3-5 business days).`} We will e-mail you the tracking number when it ships.
      </MailText>
      {p.subscription ? (
        <>
          <MailHeading>Your subscription</MailHeading>
          <MailText style={{ margin: 0 }}>{p.subscription.terms}</MailText>
          <MailText>
            Skip a delivery, change it or cancel on your subscription page:{' '}
            <a href={p.subscription.url} style={{ color: mailColors.accent }}>
              manage your subscription
            </a>
            .
          </MailText>
        </>
      ) : null}
      <OrderPageLink url={p.orderPageUrl} />
    </MailLayout>
  );
}

function confirmationText(p: Confirmation): string {
  return [
    `Hi ${p.name},`,
    '',
    `Thank you for your order #${p.orderId}. We have received your payment and will ship within 1-2 business days.`,
    '',
    ...(p.renewal ? [RENEWAL_LINE, ''] : []),
    ...p.lines.map((l) => `${l.text}  ${l.amount}`),
    ...(p.discount ? [`${p.discount.label}  ${p.discount.amount}`] : []),
    `Shipping  ${p.shipping}`,
    ...(p.tax ? [`Sales tax  ${p.tax}`] : []),
    `Total  ${p.total}`,
    '',
    'Shipping to:',
    ...p.address,
    '',
    `Estimated delivery: ${p.delivery} (Standard Shipping, 3-5 business days). We will e-mail you the tracking number when it ships.`,
    '',
    ...(p.subscription
      ? [
          'Your subscription:',
          p.subscription.terms,
          `Skip a delivery, change it or cancel on your subscription page: ${p.subscription.url}`,
          '',
        ]
      : []),
    ...customerTextFooter(p.store, p.orderPageUrl),
  ].join('\n');
}

/** The order confirmation: items, total, shipping address, estimated delivery, its order page, support contact. */
export function orderConfirmationMail(
  order: OrderRow,
  items: readonly OrderItemRow[],
  store: StoreContact,
  orderPageUrl: string,
  subscription: ConfirmationSubscription | null = null,
): Promise<Mail> {
  const p: Confirmation = {
    name: order.firstName ?? 'there',
    orderId: order.id,
    renewal: order.subscriptionId !== null && order.renewalDueAt !== null,
    lines: items.map((i) => ({ id: i.id, text: `${i.quantity} × ${i.name}`, amount: formatUsd(i.unitPriceCents * i.quantity) })),
    discount: order.discountCode
      ? { label: `Discount (${order.discountCode})`, amount: `−${formatUsd(order.discountCents)}` }
      : null,
    shipping: order.shippingCents === 0 ? 'Free' : formatUsd(order.shippingCents),
    tax: order.taxCents > 0 ? formatUsd(order.taxCents) : null,
    total: formatUsd(order.totalCents),
    address: [customerName(order), ...shipToLines(order)].filter(Boolean),
    delivery: deliveryDays(order),
    orderPageUrl,
    store,
    subscription,
  };
  return composeMail({
    to: order.email ?? '',
    subject: `Your Ironwake ${order.renewalDueAt === null ? '' : 'subscription '}order #${order.id} is confirmed`,
    text: confirmationText(p),
    html: <OrderConfirmationEmail {...p} />,
  });
}
