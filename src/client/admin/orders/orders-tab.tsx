import { useEffect, useState } from 'react';
import type { OrderFilter, OrdersSummary, OrderStatus } from '#shared/admin.ts';
import { buttonVariants } from '../../ui/button.tsx';
import { ListFooter } from '../lib/list-footer.tsx';
import { Note } from '../lib/note.tsx';
import { type OrdersView, useOrders } from './api/get-orders.ts';
import { OrderCard } from './order-card.tsx';
import { useCan } from '../session/api/get-me.ts';

/** The orders tab's filter choices: the store's statuses, and the lists set aside for the owner's eye. */
export const ORDER_FILTERS = [
  { value: 'all', label: 'All Orders' },
  { value: 'paid', label: 'Paid' },
  { value: 'pending', label: 'Pending' },
  { value: 'shipped', label: 'Shipped' },
  { value: 'delivered', label: 'Delivered' },
  { value: 'cancelled', label: 'Cancelled' },
  { value: 'refunded', label: 'Refunded' },
  { value: 'payment-problem', label: 'Payment problems' },
  { value: 'expired', label: 'Closed unpaid' },
  { value: 'disputes', label: 'Disputes' },
] as const;
export type OrderFilterChoice = (typeof ORDER_FILTERS)[number]['value'];

/** How many orders a choice lists, from the summary; undefined while it loads. */
export function choiceCount(summary: OrdersSummary | undefined, choice: OrderFilterChoice): number | undefined {
  if (!summary) return undefined;
  if (choice === 'all') return summary.totalOrders;
  if (choice === 'payment-problem' || choice === 'expired' || choice === 'disputes') return summary.byFilter[choice];
  return summary.byStatus[choice];
}

/** The server's view for a choice and a search. */
export function ordersView(choice: OrderFilterChoice, search: string): OrdersView {
  const q = search.trim() || undefined;
  if (choice === 'payment-problem' || choice === 'expired' || choice === 'disputes') return { filter: choice as OrderFilter, q };
  return { status: choice === 'all' ? undefined : (choice as OrderStatus), q };
}

function DateField(p: { label: string; value: string; min?: string; max?: string; onChange: (v: string) => void }) {
  return (
    <label className="grid gap-1">
      <span className="font-bold">{p.label}</span>
      <input
        type="date"
        value={p.value}
        min={p.min || undefined}
        max={p.max || undefined}
        onChange={(e) => p.onChange(e.target.value)}
        className="rounded-md border border-zinc-300 bg-white px-2 py-1.5"
      />
    </label>
  );
}

/** Orders as CSV for a period, in the list's status when it has one: a download, the browser's own. */
function ExportOrders({ choice }: { choice: OrderFilterChoice }) {
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const params = new URLSearchParams();
  if (from) params.set('from', from);
  if (to) params.set('to', to);
  const status = ordersView(choice, '').status;
  if (status) params.set('status', status);
  const query = params.toString();
  const wrongWay = Boolean(from && to && from > to);
  return (
    <form aria-label="Export orders" className="flex flex-wrap items-end gap-2 text-sm" onSubmit={(e) => e.preventDefault()}>
      <DateField label="From" value={from} max={to} onChange={setFrom} />
      <DateField label="To" value={to} min={from} onChange={setTo} />
      <a
        href={`/api/orders/export.csv${query ? `?${query}` : ''}`}
        download
        aria-disabled={wrongWay}
        onClick={(e) => wrongWay && e.preventDefault()}
        className={buttonVariants({ variant: 'outline', size: 'sm' })}
      >
        Export CSV
      </a>
      {wrongWay ? <p className="text-red-700">The first day comes after the last.</p> : null}
    </form>
  );
}

/**
 * docs/product.md §2 "Orders tab": newest first, a page at a time, filtered and searched by the server (the
 * search waits for a pause in typing). While a new search or filter loads, the list shown before stays (its
 * cards, and a dialog open on one, with it); Load more adds the next page.
 */
export function OrdersTab({ choice, search }: { choice: OrderFilterChoice; search: string }) {
  const [typed, setTyped] = useState(search);
  useEffect(() => {
    const t = setTimeout(() => setTyped(search), 300);
    return () => clearTimeout(t);
  }, [search]);
  const view = ordersView(choice, typed);
  const list = useOrders(view);
  const can = useCan();
  const orders = list.items;
  const footer = <ListFooter list={list} label="Load more orders" failure="Failed to load orders" />;

  return (
    <div className="grid gap-3">
      {can('orders.export') ? <ExportOrders choice={choice} /> : null}
      {list.loading ? (
        <Note>Loading orders...</Note>
      ) : !list.first ? (
        <Note>{footer}</Note>
      ) : orders.length === 0 ? (
        <Note>{choice === 'all' && !view.q ? 'No orders yet' : 'No orders match your filters'}</Note>
      ) : (
        <>
          <ul className="grid gap-3" aria-label="Orders" aria-busy={list.fetching}>
            {orders.map((o) => (
              <li key={o.id}>
                <OrderCard order={o} />
              </li>
            ))}
          </ul>
          {footer}
        </>
      )}
    </div>
  );
}
