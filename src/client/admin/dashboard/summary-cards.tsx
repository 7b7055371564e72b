import type { OrdersSummary } from '#shared/admin.ts';
import { formatUsd, parseCents } from '#shared/money.ts';

/**
 * docs/product.md §2: Total Orders, Paid Orders, Total Revenue (paid orders' totals less refunds, 2 decimals,
 * gross and refunds beside it once there are refunds; sales tax left out and shown beside it), as the server counts them. Orders paid with
 * test payments moved no money: they are left out of Paid Orders and Revenue and named apart.
 */
export function SummaryCards({ summary }: { summary: OrdersSummary | undefined }) {
  const cards = [
    { label: 'Total Orders', value: summary ? String(summary.totalOrders) : '—' },
    { label: 'Paid Orders', value: summary ? String(summary.paidOrders) : '—' },
    { label: 'Total Revenue', value: summary ? formatUsd(parseCents(summary.totalRevenue)) : '—' },
  ];
  const tests = summary?.testOrders;
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
      {summary && parseCents(summary.refunds) > 0 ? (
        <p className="col-span-3 text-xs text-zinc-600" data-testid="summary-refunds">
          Revenue is net of refunds: {formatUsd(parseCents(summary.grossRevenue))} paid, {formatUsd(parseCents(summary.refunds))}{' '}
          refunded.
        </p>
      ) : null}
      {summary && parseCents(summary.taxCollected) > 0 ? (
        <p className="col-span-3 text-xs text-zinc-600" data-testid="summary-tax">
          Sales tax collected: {formatUsd(parseCents(summary.taxCollected))}, held for the states and left out of revenue.
        </p>
      ) : null}
      {tests && tests.count > 0 ? (
        <p className="col-span-3 text-xs text-zinc-600" data-testid="summary-test-orders">
          Not counted: {tests.count} test {tests.count === 1 ? 'order' : 'orders'} ({formatUsd(parseCents(tests.total))}) paid
          with test payments, no money taken.
        </p>
      ) : null}
    </section>
  );
}
