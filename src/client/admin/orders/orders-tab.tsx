import { useEffect, useState } from 'react';
import type { OrderFilter, OrdersSummary, OrderStatus } from '#shared/admin.ts';
import { Button } from '../../ui/button.tsx';
import { nextCursor, type OrdersView, useOrdersPages } from './api/get-orders.ts';
import { OrderCard } from './order-card.tsx';

/** The orders tab's filter choices: the SPEC's statuses, and the lists set aside for the owner's eye. */
export const ORDER_FILTERS = [
  { value: 'all', label: 'All Orders' },
  { value: 'paid', label: 'Paid' },
  { value: 'pending', label: 'Pending' },
  { value: 'shipped', label: 'Shipped' },
  { value: 'delivered', label: 'Delivered' },
  { value: 'payment-problem', label: 'Payment problems' },
  { value: 'expired', label: 'Closed unpaid' },
] as const;
export type OrderFilterChoice = (typeof ORDER_FILTERS)[number]['value'];

/** How many orders a choice lists, from the summary; undefined while it loads. */
export function choiceCount(summary: OrdersSummary | undefined, choice: OrderFilterChoice): number | undefined {
  if (!summary) return undefined;
  if (choice === 'all') return summary.totalOrders;
  if (choice === 'payment-problem' || choice === 'expired') return summary.byFilter[choice];
  return summary.byStatus[choice];
}

/** The server's view for a choice and a search. */
export function ordersView(choice: OrderFilterChoice, search: string): OrdersView {
  const q = search.trim() || undefined;
  if (choice === 'payment-problem' || choice === 'expired') return { filter: choice as OrderFilter, q };
  return { status: choice === 'all' ? undefined : (choice as OrderStatus), q };
}

function Note({ children }: { children: string }) {
  return <p className="rounded-xl border border-zinc-200 bg-white p-10 text-center text-zinc-600">{children}</p>;
}

/**
 * SPEC §2 "Orders tab": newest first, a page at a time, filtered and searched by the server (the
 * search waits for a pause in typing). The first page refreshes every 30 s; Load more adds the next.
 */
export function OrdersTab({ choice, search }: { choice: OrderFilterChoice; search: string }) {
  const [typed, setTyped] = useState(search);
  useEffect(() => {
    const t = setTimeout(() => setTyped(search), 300);
    return () => clearTimeout(t);
  }, [search]);
  const view = ordersView(choice, typed);
  const [more, setMore] = useState<{ key: string; cursors: number[] }>({ key: '', cursors: [] });
  const key = JSON.stringify(view);
  const cursors = more.key === key ? more.cursors : [];
  const pages = useOrdersPages(view, [undefined, ...cursors]);

  const first = pages[0];
  if (!first || first.isPending) return <Note>Loading orders...</Note>;
  if (first.isError) return <Note>Failed to load orders</Note>;
  const orders = pages.flatMap((p) => p.data ?? []);
  if (orders.length === 0) return <Note>{choice === 'all' && !view.q ? 'No orders yet' : 'No orders match your filters'}</Note>;
  const last = pages.at(-1);
  const next = last?.isSuccess ? nextCursor(last.data) : undefined;
  return (
    <div className="grid gap-3">
      <ul className="grid gap-3" aria-label="Orders">
        {orders.map((o) => (
          <li key={o.id}>
            <OrderCard order={o} />
          </li>
        ))}
      </ul>
      {last?.isError ? <p className="text-center text-sm text-red-700">Failed to load orders</p> : null}
      {next || last?.isFetching ? (
        <Button
          variant="outline"
          className="justify-self-center"
          disabled={!next || last?.isFetching}
          onClick={() => next && setMore({ key, cursors: [...cursors, next] })}
        >
          {last?.isFetching && cursors.length ? 'Loading...' : 'Load more orders'}
        </Button>
      ) : null}
    </div>
  );
}
