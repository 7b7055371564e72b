import type { AdminOrder } from '#shared/admin.ts';
import { formatUsd, parseCents } from '#shared/money.ts';

/** Orders that were paid for: paid, shipped or delivered (a pending order has no money yet). */
export const isPaid = (o: AdminOrder) => o.status !== 'pending';

/**
 * SPEC §2: Total Orders, Paid Orders, Total Revenue (paid orders' totals, 2 decimals). Orders paid
 * with test payments moved no money: they are left out of Paid Orders and Revenue and named apart.
 */
export function SummaryCards({ orders }: { orders: AdminOrder[] | undefined }) {
  const paid = orders?.filter((o) => isPaid(o) && o.paymentMode === 'live') ?? [];
  const revenue = paid.reduce((sum, o) => sum + parseCents(o.total), 0);
  const tests = orders?.filter((o) => isPaid(o) && o.paymentMode === 'test') ?? [];
  const testTotal = tests.reduce((sum, o) => sum + parseCents(o.total), 0);
  const cards = [
    { label: 'Total Orders', value: orders ? String(orders.length) : '—' },
    { label: 'Paid Orders', value: orders ? String(paid.length) : '—' },
    { label: 'Total Revenue', value: orders ? formatUsd(revenue) : '—' },
  ];
  return (
    <section aria-label="Summary" className="grid grid-cols-3 gap-2 sm:gap-3">
      {cards.map((c) => (
        <div key={c.label} className="rounded-xl border border-zinc-200 bg-white p-3 sm:p-4">
          <p className="text-[11px] font-bold uppercase tracking-wider text-zinc-500 sm:text-xs">{c.label}</p>
          <p
            className="mt-1 text-lg font-bold tabular-nums sm:text-2xl"
            data-testid={`summary-${c.label.toLowerCase().replaceAll(' ', '-')}`}
          >
            {c.value}
          </p>
        </div>
      ))}
      {tests.length > 0 ? (
        <p className="col-span-3 text-xs text-zinc-600" data-testid="summary-test-orders">
          Not counted: {tests.length} test {tests.length === 1 ? 'order' : 'orders'} ({formatUsd(testTotal)}) paid with test
          payments, no money taken.
        </p>
      ) : null}
    </section>
  );
}
