import { Link } from '@react-email/link';
import { formatUsd } from '#shared/money.ts';
import {
  composeMail,
  MailLayout,
  MailText,
  MailTitle,
  type StoreContact,
  SupportNote,
  supportTextLine,
  textSignature,
} from '../../../lib/mail-layout.tsx';
import type { Mail } from '../../../lib/mailer.ts';

/** An order as the e-mail lists it: its number, when it was paid, its total and its page's link. */
export interface LinkedOrder {
  id: number;
  paidAt: Date;
  totalCents: number;
  statusLabel: string;
  url: string;
}

const day = (d: Date) => d.toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const lineOf = (o: LinkedOrder) => `Order #${o.id}, ${day(o.paidAt)}, ${formatUsd(o.totalCents)}: ${o.statusLabel}`;

const INTRO =
  'Someone, hopefully you, asked for the links to the orders placed with this e-mail address. Each opens its order: its status, tracking and returns.';
const NOT_YOU = 'If you did not ask for them, you can ignore this e-mail: nobody else can open these links from it.';

export function OrderLinksEmail({ orders, store }: { orders: readonly LinkedOrder[]; store: StoreContact }) {
  return (
    <MailLayout note={<SupportNote store={store} />}>
      <MailTitle>Your orders</MailTitle>
      <MailText>{INTRO}</MailText>
      {orders.map((o) => (
        <MailText key={o.id} style={{ margin: '12px 0 0' }}>
          {lineOf(o)}
          <br />
          <Link href={o.url} style={{ color: '#1d4ed8', fontWeight: 700, textDecorationLine: 'underline' }}>
            {`View order #${o.id}`}
          </Link>
        </MailText>
      ))}
      <MailText style={{ margin: '20px 0 0' }}>{NOT_YOU}</MailText>
    </MailLayout>
  );
}

/**
 * The links to an address's orders, sent to that address only (the one it placed them with): the
 * way to an order that always works, whatever limits strangers have run into with its address.
 * Nothing a stranger typed is in it, only the store's own words and the orders.
 */
export function orderLinksMail(to: string, orders: readonly LinkedOrder[], store: StoreContact): Promise<Mail> {
  const text = [
    INTRO,
    '',
    ...orders.flatMap((o) => [lineOf(o), o.url, '']),
    NOT_YOU,
    '',
    supportTextLine(store),
    '',
    ...textSignature(store),
  ].join('\n');
  return composeMail({ to, subject: 'Your Ironwake orders', text, html: <OrderLinksEmail orders={orders} store={store} /> });
}
