import { useQueryClient } from '@tanstack/react-query';
import * as Tabs from '@radix-ui/react-tabs';
import { type ReactNode, useRef, useState } from 'react';
import { useSearchParams } from '../../app/router.tsx';
import { Button } from '../../ui/button.tsx';
import { AccountView } from '../account/account-view.tsx';
import { AnalyticsTab } from '../analytics/analytics-tab.tsx';
import { CustomersTab, type CustomersView, NEW_CUSTOMERS_VIEW } from '../customers/customers-tab.tsx';
import { DiscountsTab } from '../discounts/discounts-tab.tsx';
import { InventoryTab } from '../inventory/inventory-tab.tsx';
import { useOrdersSummary } from '../orders/api/get-orders-summary.ts';
import { usePrintTestPageMutation } from '../orders/api/print-test-page.ts';
import { choiceCount, ORDER_FILTERS, type OrderFilterChoice, OrdersTab } from '../orders/orders-tab.tsx';
import { useReturnCounts } from '../returns/api/get-admin-returns.ts';
import { ReturnsTab, returnFilterOptions } from '../returns/returns-tab.tsx';
import { REVIEW_FILTERS, ReviewsTab } from '../reviews/reviews-tab.tsx';
import { useCan, useMe } from '../session/api/get-me.ts';
import { useLogOutMutation } from '../session/api/log-out.ts';
import { SettingsTab } from '../settings/settings-tab.tsx';
import { SubscriptionsTab } from '../subscriptions/subscriptions-tab.tsx';
import { ActivityTab } from '../staff/activity-tab.tsx';
import { StaffTab } from '../staff/staff-tab.tsx';
import { SupportTab } from '../support/support-tab.tsx';
import { SummaryCards } from './summary-cards.tsx';
import { LABELS, NEEDS, type Tab, TABS } from './tabs.ts';

const isTab = (v: string | null): v is Tab => TABS.includes(v as Tab);

/**
 * The tabs whose content opens with headings of its own at the second level; the others (their
 * cards' headings are h3) get one, for screen readers, with the tab's name: headings in order.
 */
const HEADED: readonly Tab[] = ['discounts', 'inventory', 'settings', 'support', 'staff', 'activity', 'account'];

/** A tab's content, under the heading it needs. */
function Panel({ tab, children }: { tab: Tab; children: ReactNode }) {
  return (
    <Tabs.Content value={tab} className="mt-4">
      {HEADED.includes(tab) ? null : <h2 className="sr-only">{LABELS[tab]}</h2>}
      {children}
    </Tabs.Content>
  );
}

/**
 * /admin (docs/product.md §2 "Dashboard"): header, summary cards and its tabs; `?tab=inventory`
 * opens one (the low-stock e-mail's link), as `?tab=returns` does (the return request's alert), and
 * `?q=` fills the search (the dispute alert's link to its order).
 */
export function DashboardPage() {
  const [params] = useSearchParams();
  const qc = useQueryClient();
  // Signed out, this answers 401 and the dashboard's client leads to sign-in (session/admin-query-client.ts).
  const me = useMe();
  const can = useCan();
  // An admin who must first enrol a second factor sees Your account alone (docs/decisions/0056).
  const open = me.isSuccess && !me.data.mustEnrol;
  const summary = useOrdersSummary(open);
  const returnCounts = useReturnCounts(open);
  const testPrint = usePrintTestPageMutation();
  const logout = useLogOutMutation();
  const [tab, setTab] = useState<Tab>(() => {
    const asked = params.get('tab');
    return isTab(asked) ? asked : 'orders';
  });
  // `?q=1042` searches the orders (the dispute alert's link to its order).
  const [search, setSearch] = useState(() => params.get('q')?.slice(0, 200) ?? '');
  const [orderFilter, setOrderFilter] = useState<OrderFilterChoice>('all');
  const [reviewFilter, setReviewFilter] = useState<string>('all');
  const [returnFilter, setReturnFilter] = useState<string>('all');
  const [customers, setCustomers] = useState<CustomersView>(NEW_CUSTOMERS_VIEW);
  const ordersTab = useRef<HTMLButtonElement>(null);

  if (!me.isSuccess) {
    return (
      <div className="grid min-h-screen place-items-center" role="status" aria-label="Loading the dashboard">
        <span className="size-10 animate-spin rounded-full border-4 border-zinc-300 border-t-zinc-900" />
      </div>
    );
  }

  const tabs = TABS.filter((t) => t === 'account' || can(NEEDS[t]));
  const filter =
    tab === 'orders'
      ? {
          label: 'Filter orders',
          value: orderFilter,
          set: (v: string) => setOrderFilter(v as OrderFilterChoice),
          options: ORDER_FILTERS.map((o) => {
            const n = choiceCount(summary.data, o.value);
            return { value: o.value, label: n === undefined ? o.label : `${o.label} (${n})` };
          }),
        }
      : tab === 'reviews'
        ? { label: 'Filter reviews', value: reviewFilter, set: setReviewFilter, options: REVIEW_FILTERS }
        : tab === 'returns'
          ? {
              label: 'Filter returns',
              value: returnFilter,
              set: setReturnFilter,
              options: returnFilterOptions(returnCounts.data),
            }
          : null;
  const searched = tab === 'orders' || tab === 'reviews' || tab === 'inventory';
  // The returns waiting for the owner's decision, on the tab's label.
  const waiting = returnCounts.data?.requested ?? 0;

  /** A customer's order, opened the way the Orders tab finds one: by its number, in every list. */
  const openOrder = (id: number) => {
    setOrderFilter('all');
    setSearch(`#${id}`);
    setTab('orders');
    // The button pressed goes with its tab: the keyboard continues from the Orders tab.
    requestAnimationFrame(() => ordersTab.current?.focus());
  };

  const header = (
    <header className="flex flex-wrap items-center justify-between gap-3 py-5">
      <div>
        <p className="font-display text-lg tracking-wide">
          IRON<span className="text-amber-deep">WAKE</span>
        </p>
        <h1 className="text-xl font-bold">Order Management Dashboard</h1>
        <p className="text-sm text-zinc-600">
          Signed in as {me.data.username} ({me.data.role})
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        {me.data.mustEnrol ? null : (
          <>
            <Button variant="outline" size="sm" onClick={() => void qc.invalidateQueries({ queryKey: ['admin'] })}>
              Refresh
            </Button>
            {can('labels.print') ? (
              <Button variant="outline" size="sm" onClick={() => testPrint.mutate()}>
                Test Printer
              </Button>
            ) : null}
          </>
        )}
        <Button size="sm" onClick={() => logout.mutate()}>
          Logout
        </Button>
      </div>
    </header>
  );

  if (me.data.mustEnrol) {
    return (
      <div className="mx-auto max-w-3xl px-4 pb-16">
        {header}
        <main>
          <AccountView mustEnrol />
        </main>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-6xl px-4 pb-16">
      {header}

      <main>
        <SummaryCards summary={summary.data} />

        <Tabs.Root value={tabs.includes(tab) ? tab : 'orders'} onValueChange={(v) => setTab(v as Tab)} className="mt-6">
          {/* The tabs: in rows of three on a phone, of four on a tablet, of seven on a wide screen. */}
          <Tabs.List
            aria-label="Dashboard sections"
            className="grid grid-cols-3 gap-0.5 rounded-xl bg-zinc-200/70 p-1 sm:grid-cols-4 lg:grid-cols-7 lg:gap-1"
          >
            {tabs.map((t) => (
              <Tabs.Trigger
                key={t}
                value={t}
                ref={t === 'orders' ? ordersTab : undefined}
                className="min-h-10 flex-1 rounded-lg px-1 text-xs leading-tight font-bold text-zinc-600 sm:px-3 sm:text-sm xl:px-2 xl:whitespace-nowrap data-[state=active]:bg-white data-[state=active]:text-zinc-900 data-[state=active]:shadow-sm"
              >
                {LABELS[t]}
                {t === 'returns' && waiting > 0 ? ` (${waiting})` : null}
              </Tabs.Trigger>
            ))}
          </Tabs.List>

          {searched || filter ? (
            <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:justify-end">
              {searched ? (
                <label className="flex-1">
                  <span className="sr-only">Search</span>
                  <input
                    type="search"
                    value={search}
                    onChange={(e) => setSearch(e.target.value)}
                    placeholder={
                      tab === 'orders'
                        ? 'Search by name, e-mail, payment ID or order number'
                        : tab === 'inventory'
                          ? 'Search products'
                          : 'Search reviews'
                    }
                    className="w-full rounded-md border border-zinc-300 bg-white px-3 py-2.5"
                  />
                </label>
              ) : null}
              {filter ? (
                <label>
                  <span className="sr-only">{filter.label}</span>
                  <select
                    value={filter.value}
                    onChange={(e) => filter.set(e.target.value)}
                    className="w-full rounded-md border border-zinc-300 bg-white px-3 py-2.5 sm:w-48"
                  >
                    {filter.options.map((o) => (
                      <option key={o.value} value={o.value}>
                        {o.label}
                      </option>
                    ))}
                  </select>
                </label>
              ) : null}
            </div>
          ) : null}

          {can(NEEDS.orders) ? (
            <Panel tab="orders">
              <OrdersTab choice={orderFilter} search={search} />
            </Panel>
          ) : null}
          {can(NEEDS.customers) ? (
            <Panel tab="customers">
              <CustomersTab view={customers} onChange={setCustomers} onOpenOrder={openOrder} />
            </Panel>
          ) : null}
          {can(NEEDS.subscriptions) ? (
            <Panel tab="subscriptions">
              <SubscriptionsTab />
            </Panel>
          ) : null}
          {can(NEEDS.returns) ? (
            <Panel tab="returns">
              <ReturnsTab filter={returnFilter} onOpenOrder={openOrder} />
            </Panel>
          ) : null}
          {can(NEEDS.discounts) ? (
            <Panel tab="discounts">
              <DiscountsTab />
            </Panel>
          ) : null}
          {can(NEEDS.reviews) ? (
            <Panel tab="reviews">
              <ReviewsTab search={search} filter={reviewFilter} />
            </Panel>
          ) : null}
          {can(NEEDS.analytics) ? (
            <Panel tab="analytics">
              <AnalyticsTab />
            </Panel>
          ) : null}
          {can(NEEDS.inventory) ? (
            <Panel tab="inventory">
              <InventoryTab search={search} />
            </Panel>
          ) : null}
          {can(NEEDS.settings) ? (
            <Panel tab="settings">
              <SettingsTab />
            </Panel>
          ) : null}
          {can(NEEDS.support) ? (
            <Panel tab="support">
              <SupportTab />
            </Panel>
          ) : null}
          {can('staff.manage') ? (
            <Panel tab="staff">
              <StaffTab />
            </Panel>
          ) : null}
          {can('audit.read') ? (
            <Panel tab="activity">
              <ActivityTab />
            </Panel>
          ) : null}
          <Panel tab="account">
            <AccountView mustEnrol={false} />
          </Panel>
        </Tabs.Root>
      </main>
    </div>
  );
}
