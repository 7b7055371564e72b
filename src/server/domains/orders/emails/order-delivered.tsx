import { SHIPPING } from '#shared/constants.ts';
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

interface Delivered {
  name: string;
  orderId: number;
  lines: string[];
  reviewLinks: readonly ReviewLink[];
  orderPageUrl: string;
  store: StoreContact;
}

/**
 * True with either label provider (docs/decisions/0037): EasyPost's returns come with a prepaid
 * label; the built-in slip has the shopper post the parcel, and the owner refunds the postage.
 */
const RETURNS_LINE = `Not what you expected? Unopened bottles can be sent back within ${SHIPPING.returnDays} days from your order page. The return postage is on us: a prepaid label, or the postage you paid refunded with your return.`;

export function OrderDeliveredEmail(p: Delivered) {
  return (
    <MailLayout note={<SupportNote store={p.store} />}>
      <MailTitle>Your order was delivered</MailTitle>
      <MailText>
        Hi {p.name}, the carrier delivered order <strong>#{p.orderId}</strong>.
      </MailText>
      <MailLines lines={p.lines} />
      <ReviewLinks heading="How was it? Tell other athletes" links={p.reviewLinks} />
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
    ...reviewLinksText('How was it? Tell other athletes:', p.reviewLinks),
    RETURNS_LINE,
    '',
    ...customerTextFooter(p.store, p.orderPageUrl),
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
  reviewLinks: readonly ReviewLink[],
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
