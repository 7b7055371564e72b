import { useEffect, useId, useState } from 'react';
import type { Customer } from '#shared/customers.ts';
import { formatUsd, parseCents } from '#shared/money.ts';
import { buttonVariants } from '../../ui/button.tsx';
import { ListFooter } from '../lib/list-footer.tsx';
import { Note } from '../lib/note.tsx';
import { customersExportUrl } from './api/export-customers.ts';
import { useCustomers } from './api/get-customers.ts';
import { CustomerOrders } from './customer-orders.tsx';
import { PrivacyActions, PrivacyRequest } from './privacy-actions.tsx';
import { useCan } from '../session/api/get-me.ts';

/** What the tab shows, kept by the dashboard while the owner looks at an order in the Orders tab. */
export interface CustomersView {
  search: string;
  /** The e-mail of the customer whose orders are open. */
  open: string | null;
}

export const NEW_CUSTOMERS_VIEW: CustomersView = { search: '', open: null };

const DAY = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const day = (iso: string) => DAY.format(new Date(iso));
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function CustomerRow({
  customer: c,
  open,
  onToggle,
  onOpenOrder,
}: {
  customer: Customer;
  open: boolean;
  onToggle: () => void;
  onOpenOrder: (id: number) => void;
}) {
  const panel = useId();
  const can = useCan();
  return (
    <li className="rounded-xl border border-zinc-200 bg-white">
      <h3>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panel}
          onClick={onToggle}
          className="grid w-full gap-x-4 gap-y-1 rounded-xl p-4 text-left text-sm hover:bg-zinc-50 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-zinc-900 sm:grid-cols-[minmax(0,2fr)_repeat(3,minmax(0,1fr))] sm:items-center"
        >
          <span className="min-w-0">
            <span className="block font-bold">{c.name || 'No name given'}</span>
            <span className="block text-zinc-700 wrap-anywhere">{c.email}</span>
          </span>
          {/* One line on a phone; two columns of the row's grid on a wider screen. */}
          <span className="flex flex-wrap items-center gap-x-3 gap-y-1 sm:contents">
            <span className="flex flex-wrap items-center gap-2">
              <span className="font-semibold">{plural(c.orders, 'order', 'orders')}</span>
              {c.marketingConsent ? (
                <span className="whitespace-nowrap rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-bold uppercase text-emerald-900">
                  News: yes
                </span>
              ) : null}
              {c.testOrders > 0 ? (
                <span className="whitespace-nowrap rounded-full bg-amber-100 px-2 py-0.5 text-xs font-bold uppercase text-amber-900">
                  {c.testOrders === c.orders ? 'Test only' : `${c.testOrders} test`}
                </span>
              ) : null}
            </span>
            <span className="tabular-nums">
              <span className="font-bold">{formatUsd(parseCents(c.totalSpent))}</span> spent
            </span>
          </span>
          <span className="text-zinc-700">
            Last order <time dateTime={c.lastOrderAt}>{day(c.lastOrderAt)}</time>
            <span className="text-xs text-zinc-500 sm:block">
              <span className="sm:hidden"> · </span>First <time dateTime={c.firstOrderAt}>{day(c.firstOrderAt)}</time>
            </span>
          </span>
        </button>
      </h3>
      {open ? (
        <section id={panel} aria-label={`Orders of ${c.email}`} className="grid gap-2 border-t border-zinc-100 px-4 pb-4 pt-3">
          {can('customers.erase') ? <PrivacyActions email={c.email} /> : null}
          <CustomerOrders email={c.email} onOpenOrder={onOpenOrder} />
        </section>
      ) : null}
    </li>
  );
}

/**
 * The Customers tab (docs/product.md §2): everyone who paid for an order, by e-mail address, the one who
 * ordered last first; searched on the server after a pause in typing, 50 at a time with "Load more
 * customers"; a customer opens to their orders, each of which opens in the Orders tab.
 */
export function CustomersTab({
  view,
  onChange,
  onOpenOrder,
}: {
  view: CustomersView;
  onChange: (view: CustomersView) => void;
  onOpenOrder: (id: number) => void;
}) {
  const [typed, setTyped] = useState(view.search.trim());
  useEffect(() => {
    const t = setTimeout(() => setTyped(view.search.trim()), 300);
    return () => clearTimeout(t);
  }, [view.search]);
  const list = useCustomers(typed);
  const can = useCan();
  const customers = list.items;
  const footer = <ListFooter list={list} label="Load more customers" failure="Failed to load customers" />;

  return (
    <div className="grid gap-3">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <label className="flex-1">
          <span className="sr-only">Search customers</span>
          <input
            type="search"
            value={view.search}
            onChange={(e) => onChange({ ...view, search: e.target.value })}
            placeholder="Search customers by e-mail or name"
            maxLength={200}
            className="w-full rounded-md border border-zinc-300 bg-white px-3 py-2.5"
          />
        </label>
        {can('customers.export') ? (
          <a href={customersExportUrl(typed)} download className={buttonVariants({ variant: 'outline', size: 'sm' })}>
            Export CSV
          </a>
        ) : null}
      </div>
      {can('customers.erase') ? <PrivacyRequest /> : null}
      {list.loading ? (
        <Note>Loading customers...</Note>
      ) : list.error && customers.length === 0 ? (
        <Note>{footer}</Note>
      ) : customers.length === 0 ? (
        <Note>{typed ? 'No customers match your search' : 'No customers yet: they appear here once an order is paid'}</Note>
      ) : (
        <>
          <ul className="grid gap-2" aria-label="Customers" aria-busy={list.fetching}>
            {customers.map((c) => (
              <CustomerRow
                key={c.email}
                customer={c}
                open={view.open === c.email}
                onToggle={() => onChange({ ...view, open: view.open === c.email ? null : c.email })}
                onOpenOrder={onOpenOrder}
              />
            ))}
          </ul>
          {footer}
        </>
      )}
    </div>
  );
}
