import { Link } from '@react-email/link';
import { Section } from '@react-email/section';
import { formatUsd } from '#shared/money.ts';
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

/** What the reminder says of the checkout left at the payment step (docs/decisions/0041). */
export interface ReminderProps {
  name: string;
  lines: { key: number; text: string; amount: string }[];
  /** "−$5.00 (ATHLETE10)" when a code took something off. */
  discount: string | null;
  shipping: string;
  total: string;
  restoreUrl: string;
  unsubscribeUrl: string;
  store: StoreContact;
}

const unsubscribeStyle = { color: '#5f5850', textDecorationLine: 'underline' };

export function CheckoutReminderEmail(p: ReminderProps) {
  return (
    <MailLayout
      note={
        <>
          <SupportNote store={p.store} />
          <br />
          We send this reminder once.{' '}
          <Link href={p.unsubscribeUrl} style={unsubscribeStyle}>
            Unsubscribe from reminders
          </Link>
          {p.store.postalAddress ? (
            <>
              <br />
              Ironwake, {p.store.postalAddress}
            </>
          ) : null}
        </>
      }
    >
      <MailTitle>Your order is waiting</MailTitle>
      <MailText>
        Hi {p.name}, you stopped at the payment step. Your items and shipping details are saved: pick up where you left off.
      </MailText>
      <Section style={{ borderTop: `1px solid ${mailColors.line}` }}>
        {p.lines.map((l) => (
          <AmountRow key={l.key} label={l.text} amount={l.amount} />
        ))}
        {p.discount ? <AmountRow label="Discount" amount={p.discount} /> : null}
        <AmountRow label="Shipping" amount={p.shipping} />
        <AmountRow label="Total" amount={p.total} strong />
      </Section>
      <OrderPageLink url={p.restoreUrl} label="Complete your order" />
      <MailText style={{ fontSize: '13px', lineHeight: '18px', margin: '16px 0 0', color: '#5f5850' }}>
        The button brings your cart and shipping details back for 14 days, at today's prices and stock.
      </MailText>
    </MailLayout>
  );
}

export function checkoutReminderText(p: ReminderProps): string {
  return [
    `Hi ${p.name},`,
    '',
    'You stopped at the payment step. Your items and shipping details are saved:',
    '',
    ...p.lines.map((l) => `${l.text}  ${l.amount}`),
    ...(p.discount ? [`Discount  ${p.discount}`] : []),
    `Shipping  ${p.shipping}`,
    `Total  ${p.total}`,
    '',
    `Complete your order: ${p.restoreUrl}`,
    "The link brings your cart and shipping details back for 14 days, at today's prices and stock.",
    '',
    supportTextLine(p.store),
    '',
    `We send this reminder once. To get no more reminders: ${p.unsubscribeUrl}`,
    '',
    ...textSignature(p.store),
    // The postal address a commercial e-mail carries (CAN-SPAM, docs/decisions/0051), once the owner gave it.
    ...(p.store.postalAddress ? [p.store.postalAddress] : []),
  ].join('\n');
}

/** The checkout as the reminder needs it: the orders domain's row and lines, mapped here. */
export interface ReminderCheckout {
  email: string;
  firstName: string | null;
  discountCode: string | null;
  discountCents: number;
  shippingCents: number;
  totalCents: number;
  items: readonly { id: number; name: string; unitPriceCents: number; quantity: number }[];
}

/**
 * The one reminder of a checkout left at the payment step: its items and total, a button that
 * brings it back, the support note and an unsubscribe link. `List-Unsubscribe` names the same
 * unsubscribe page: a reader without one-click opens it and finds the button; RFC 8058's one-click
 * POST to it unsubscribes.
 */
export function checkoutReminderMail(
  c: ReminderCheckout,
  links: { restoreUrl: string; unsubscribeUrl: string },
  store: StoreContact,
): Promise<Mail> {
  const p: ReminderProps = {
    name: c.firstName ?? 'there',
    lines: c.items.map((i) => ({
      key: i.id,
      text: `${i.quantity} × ${i.name}`,
      amount: formatUsd(i.unitPriceCents * i.quantity),
    })),
    discount: c.discountCode && c.discountCents > 0 ? `−${formatUsd(c.discountCents)} (${c.discountCode})` : null,
    shipping: c.shippingCents === 0 ? 'Free' : formatUsd(c.shippingCents),
    total: formatUsd(c.totalCents),
    restoreUrl: links.restoreUrl,
    unsubscribeUrl: links.unsubscribeUrl,
    store,
  };
  return composeMail({
    to: c.email,
    subject: 'Your Ironwake order is waiting',
    text: checkoutReminderText(p),
    html: <CheckoutReminderEmail {...p} />,
    headers: {
      'List-Unsubscribe': `<${links.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  });
}
