import type { AdminOrder } from '#shared/admin.ts';
import { formatUsd, parseCents } from '#shared/money.ts';
import { Button } from '../../ui/button.tsx';
import { STATUS_LABEL } from '../orders/format.ts';
import { ListFooter } from '../lib/list-footer.tsx';
import { useCustomerOrders } from './api/get-customer-orders.ts';

const WHEN = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function OrderRow({ order, onOpen }: { order: AdminOrder; onOpen: (id: number) => void }) {
  const items = order.items.map((i) => `${i.quantity} × ${i.name}`).join(', ');
  // On a phone: number, status and total on one line, then the date and items, then the button.
  return (
    <li className="grid grid-cols-[auto_1fr_auto] items-center gap-x-3 gap-y-1 py-2 text-sm sm:grid-cols-[5rem_minmax(0,1fr)_6rem_6rem_auto] sm:gap-x-4">
      <span className="font-mono font-bold">#{order.id}</span>
      <span className="order-1 col-span-3 sm:order-none sm:col-span-1">
        <time dateTime={order.createdAt}>{WHEN.format(new Date(order.createdAt))}</time>
        {items ? <span className="block text-zinc-600">{items}</span> : null}
        {order.paymentMode === 'test' ? (
          <span className="mt-1 inline-block rounded-full bg-amber-100 px-2 py-0.5 text-xs font-bold uppercase text-amber-900">
            Test order
          </span>
        ) : null}
      </span>
      <span>
        <span className="sr-only">Status: </span>
        {STATUS_LABEL[order.status]}
      </span>
      <span className="text-right font-bold tabular-nums sm:text-left">
        <span className="sr-only">Total: </span>
        {formatUsd(parseCents(order.total))}
      </span>
      <Button
        variant="outline"
        size="sm"
        className="order-2 col-span-3 justify-self-start sm:order-none sm:col-span-1"
        aria-label={`Open order #${order.id}`}
        onClick={() => onOpen(order.id)}
      >
        Open order
      </Button>
    </li>
  );
}

/** The orders counted for one customer, newest first, a page at a time; each opens in the Orders tab. */
export function CustomerOrders({ email, onOpenOrder }: { email: string; onOpenOrder: (id: number) => void }) {
  const list = useCustomerOrders(email);
  if (list.loading) return <p className="text-sm text-zinc-600">Loading orders...</p>;
  const orders = list.items;
  return (
    <div className="grid gap-2">
      {!list.first ? null : orders.length === 0 ? (
        <p className="text-sm text-zinc-600">No paid orders for this address any more.</p>
      ) : (
        <ul className="divide-y divide-zinc-100" aria-label={`Orders of ${email}`}>
          {orders.map((o) => (
            <OrderRow key={o.id} order={o} onOpen={onOpenOrder} />
          ))}
        </ul>
      )}
      <ListFooter list={list} label="Load more orders" failure="Failed to load orders" compact />
    </div>
  );
}
