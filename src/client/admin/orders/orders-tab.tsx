import type { UseQueryResult } from '@tanstack/react-query';
import type { AdminOrder } from '#shared/admin.ts';
import { OrderCard } from './order-card.tsx';
import { matchesSearch } from './format.ts';

export const ORDER_FILTERS = [
  { value: 'all', label: 'All Orders' },
  { value: 'paid', label: 'Paid' },
  { value: 'pending', label: 'Pending' },
  { value: 'shipped', label: 'Shipped' },
  { value: 'delivered', label: 'Delivered' },
] as const;

function Note({ children }: { children: string }) {
  return <p className="rounded-xl border border-zinc-200 bg-white p-10 text-center text-zinc-600">{children}</p>;
}

/**
 * SPEC §2 "Orders tab": newest first (as the server sends them), filtered and searched here. Under
 * Pending, the list is the server's pending one (payment problems and open checkouts).
 */
export function OrdersTab({
  query,
  search,
  filter,
}: {
  query: UseQueryResult<AdminOrder[], unknown>;
  search: string;
  filter: string;
}) {
  if (query.isPending) return <Note>Loading orders...</Note>;
  if (query.isError) return <Note>Failed to load orders</Note>;
  // The Pending list comes from the server already filtered: empty there means none match.
  if (query.data.length === 0) return <Note>{filter === 'all' ? 'No orders yet' : 'No orders match your filters'}</Note>;
  const shown = query.data.filter((o) => (filter === 'all' || o.status === filter) && matchesSearch(o, search));
  if (shown.length === 0) return <Note>No orders match your filters</Note>;
  return (
    <ul className="grid gap-3" aria-label="Orders">
      {shown.map((o) => (
        <li key={o.id}>
          <OrderCard order={o} />
        </li>
      ))}
    </ul>
  );
}
