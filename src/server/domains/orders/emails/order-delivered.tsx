import { Button } from '@react-email/button';
import { SHIPPING } from '#shared/constants.ts';
import {
  composeMail,
  MailHeading,
  MailLayout,
  MailLines,
  MailText,
  MailTitle,
  OrderPageLink,
  orderPageTextLine,
  type StoreContact,
  SupportNote,
  supportTextLine,
  textSignature,
} from '../../../lib/mail-layout.tsx';
import type { Mail } from '../../../lib/mailer.ts';
import type { OrderItemRow, OrderRow } from '../repo.ts';
import { reviewButton } from './order-shipped.tsx';

interface Delivered {
  name: string;
  orderId: number;
  lines: string[];
  reviewLinks: readonly { name: string; url: string }[];
  orderPageUrl: string;
  store: StoreContact;
}

const RETURNS_LINE = `Not what you expected? Unopened bottles can be sent back within ${SHIPPING.returnDays} days from your order page, with free return postage.`;

export function OrderDeliveredEmail(p: Delivered) {
  return (
    <MailLayout note={<SupportNote store={p.store} />}>
      <MailTitle>Your order was delivered</MailTitle>
      <MailText>
        Hi {p.name}, the carrier delivered order <strong>#{p.orderId}</strong>.
      </MailText>
      <MailLines lines={p.lines} />
      {p.reviewLinks.length > 0 && (
        <>
          <MailHeading>How was it? Tell other athletes</MailHeading>
          {p.reviewLinks.map((l) => (
            <MailText key={l.url} style={{ margin: '8px 0 0' }}>
              <Button href={l.url} style={reviewButton}>{`Review ${l.name}`}</Button>
            </MailText>
          ))}
        </>
      )}
      <MailText style={{ margin: '20px 0 0' }}>{RETURNS_LINE}</MailText>
      <OrderPageLink url={p.orderPageUrl} />
    </MailLayout>
  );
}

function deliveredText(p: Delivered): string {
  return [
    `Hi ${p.name},`,
    '',
    `The carrier delivered your order #${p.orderId}.`,
    '',
    ...p.lines,
    '',
    ...(p.reviewLinks.length > 0
      ? ['How was it? Tell other athletes:', ...p.reviewLinks.map((l) => `Review ${l.name}: ${l.url}`), '']
      : []),
    RETURNS_LINE,
    '',
    orderPageTextLine(p.orderPageUrl),
    '',
    supportTextLine(p.store),
    '',
    ...textSignature(p.store),
  ].join('\n');
}

/**
 * Sent once when an order is delivered (the carrier's scan, or the owner's status): a link per
 * product that opens its review form already verified (docs/decisions/0021), and its order page,
 * where a return starts.
 */
export function orderDeliveredMail(
  order: OrderRow,
  items: readonly OrderItemRow[],
  store: StoreContact,
  orderPageUrl: string,
  reviewLinks: readonly { name: string; url: string }[],
): Promise<Mail> {
  const p: Delivered = {
    name: order.firstName ?? 'there',
    orderId: order.id,
    lines: items.map((i) => `${i.quantity} × ${i.name}`),
    reviewLinks,
    orderPageUrl,
    store,
  };
  return composeMail({
    to: order.email ?? '',
    subject: `Your Ironwake order #${order.id} was delivered`,
    text: deliveredText(p),
    html: <OrderDeliveredEmail {...p} />,
  });
}
