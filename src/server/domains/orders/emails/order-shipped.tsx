import { Link } from '@react-email/link';
import {
  composeMail,
  customerTextFooter,
  MailLayout,
  MailLines,
  MailText,
  MailTitle,
  OrderPageLink,
  type ReviewLink,
  ReviewLinks,
  reviewLinksText,
  type StoreContact,
  SupportNote,
} from '../../../lib/mail-layout.tsx';
import type { Mail } from '../../../lib/mailer.ts';
import type { OrderItemRow, OrderRow } from '../repo.ts';

interface Shipped {
  name: string;
  orderId: number;
  lines: string[];
  /** Carrier, service and tracking number, when the order left with a label; the carrier's page when it can be followed. */
  tracking: { carrier: string | null; service: string; number: string; url: string | null } | null;
  reviewLinks: readonly ReviewLink[];
  orderPageUrl: string;
  store: StoreContact;
}

export function OrderShippedEmail(p: Shipped) {
  return (
    <MailLayout note={<SupportNote store={p.store} />}>
      <MailTitle>Your order is on its way</MailTitle>
      <MailText>
        Hi {p.name}, order <strong>#{p.orderId}</strong> has shipped.
      </MailText>
      <MailLines lines={p.lines} />
      {p.tracking && (
        <>
          <MailText style={{ marginBottom: '8px' }}>
            Carrier: <strong>{p.tracking.carrier ?? ''}</strong> {p.tracking.service}
          </MailText>
          <MailText>
            Tracking number: <strong style={{ fontFamily: 'monospace', fontSize: '16px' }}>{p.tracking.number}</strong>
            {p.tracking.url && (
              <>
                {' '}
                <Link href={p.tracking.url} style={{ color: '#1d4ed8', textDecorationLine: 'underline' }}>
                  Track your parcel
                </Link>
              </>
            )}
          </MailText>
        </>
      )}
      <MailText style={{ margin: 0 }}>Standard Shipping takes 3-5 business days.</MailText>
      <ReviewLinks heading="Tried them? Tell other athletes" links={p.reviewLinks} />
      <OrderPageLink url={p.orderPageUrl} />
    </MailLayout>
  );
}

function shippedText(p: Shipped): string {
  return [
    `Hi ${p.name},`,
    '',
    `Good news: your order #${p.orderId} is on its way.`,
    '',
    ...p.lines,
    '',
    p.tracking
      ? `Shipped with ${`${p.tracking.carrier ?? 'Carrier'} ${p.tracking.service}`.trim()}, tracking number ${p.tracking.number}.`
      : 'It left our warehouse today.',
    ...(p.tracking?.url ? [`Track your parcel: ${p.tracking.url}`] : []),
    'Standard Shipping takes 3-5 business days.',
    '',
    ...reviewLinksText('Once you have tried them, tell other athletes what you think:', p.reviewLinks),
    ...customerTextFooter(p.store, p.orderPageUrl),
  ].join('\n');
}

/**
 * Sent once when an order ships: carrier, tracking number and the carrier's tracking page when there
 * is a label, its order page, and, when no carrier will report the delivery, a link per product that
 * opens its review form already verified (docs/decisions/0021; otherwise the delivered e-mail has them).
 */
export function orderShippedMail(
  order: OrderRow,
  items: readonly OrderItemRow[],
  store: StoreContact,
  orderPageUrl: string,
  reviewLinks: readonly ReviewLink[] = [],
): Promise<Mail> {
  const p: Shipped = {
    name: order.firstName ?? 'there',
    orderId: order.id,
    lines: items.map((i) => `${i.quantity} × ${i.name}`),
    tracking: order.trackingNumber
      ? {
          carrier: order.shippingCarrier,
          service: order.shippingService ?? '',
          number: order.trackingNumber,
          url: order.trackingUrl,
        }
      : null,
    reviewLinks,
    orderPageUrl,
    store,
  };
  return composeMail({
    to: order.email ?? '',
    subject: `Your Ironwake order #${order.id} has shipped`,
    text: shippedText(p),
    html: <OrderShippedEmail {...p} />,
  });
}
