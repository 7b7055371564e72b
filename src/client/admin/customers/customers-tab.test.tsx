import { PERMISSIONS } from '#shared/staff.ts';
import { meQuery } from '../session/api/get-me.ts';
// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Customer } from '#shared/customers.ts';
import { CustomersTab, type CustomersView, NEW_CUSTOMERS_VIEW } from './customers-tab.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const customer = (n: number): Customer => ({
  email: `c${n}@example.com`,
  name: `Customer ${n}`,
  orders: 1,
  testOrders: 0,
  totalSpent: '22.90',
  firstOrderAt: '2026-01-01T00:00:00.000Z',
  lastOrderAt: '2026-01-02T00:00:00.000Z',
  marketingConsent: n % 2 === 0,
});

/** The store's answers by address: a body, and the Link of the next page. */
function serve(answers: Record<string, { status?: number; body: unknown; next?: string }>) {
  const fetchMock = vi.fn(async (url: string) => {
    const a = answers[url];
    if (!a) return new Response(JSON.stringify({ message: `unexpected ${url}` }), { status: 404 });
    const headers: Record<string, string> = a.next ? { link: `<${a.next}>; rel="next"` } : {};
    return new Response(JSON.stringify(a.body), { status: a.status ?? 200, headers });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function Tab() {
  const [view, setView] = useState<CustomersView>(NEW_CUSTOMERS_VIEW);
  return <CustomersTab view={view} onChange={setView} onOpenOrder={() => {}} />;
}

function renderTab() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } } });
  qc.setQueryData(meQuery().queryKey, {
    username: 'owner',
    labelProvider: 'builtin',
    mustEnrol: false,
    role: 'owner',
    permissions: [...PERMISSIONS],
  });
  return render(
    <QueryClientProvider client={qc}>
      <Tab />
    </QueryClientProvider>,
  );
}

describe('the Customers tab', () => {
  it('loads the next page from the Link header with "Load more customers", and stops at the end', async () => {
    const fetchMock = serve({
      '/api/admin/customers': { body: [customer(1), customer(2)], next: '/api/admin/customers?limit=50&cursor=Mi4xMDAy' },
      '/api/admin/customers?limit=50&cursor=Mi4xMDAy': { body: [customer(3)] },
    });
    renderTab();
    const list = await screen.findByRole('list', { name: 'Customers' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Load more customers' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
    expect(
      within(list)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-expanded')),
    ).toEqual(['false', 'false', 'false']);
    expect(screen.queryByRole('button', { name: 'Load more customers' })).toBeNull();
    expect(fetchMock.mock.calls.map((c) => c[0])).toEqual([
      '/api/admin/customers',
      '/api/admin/customers?limit=50&cursor=Mi4xMDAy',
    ]);
  });

  it('searches on the server after a pause in typing, and says when nothing matches', async () => {
    const fetchMock = serve({
      '/api/admin/customers': { body: [customer(1)] },
      '/api/admin/customers?q=nobody%20%26%20co': { body: [] },
    });
    renderTab();
    await screen.findByRole('list', { name: 'Customers' });
    fireEvent.change(screen.getByLabelText('Search customers'), { target: { value: '  nobody & co ' } });
    expect(await screen.findByText('No customers match your search')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe(
      '/api/admin/customers/export.csv?q=nobody%20%26%20co',
    );
  });

  it('shows the server\'s message when the list cannot load, and asks again with "Try again"', async () => {
    serve({
      '/api/admin/customers': { status: 400, body: { message: 'cursor is not a page of this list: follow the Link header' } },
    });
    renderTab();
    expect((await screen.findByRole('alert')).textContent).toBe('cursor is not a page of this list: follow the Link header');

    serve({ '/api/admin/customers': { body: [customer(1)] } });
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    const list = await screen.findByRole('list', { name: 'Customers' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it("opens a customer's orders by keyboard-reachable button, and lists number, status and total", async () => {
    serve({
      '/api/admin/customers': { body: [customer(1)] },
      '/api/admin/customers/orders?email=c1%40example.com': {
        body: [
          {
            id: 1042,
            status: 'shipped',
            total: '22.90',
            createdAt: '2026-01-02T00:00:00.000Z',
            paymentMode: 'live',
            items: [{ productId: 5, name: 'Single Bottle', quantity: 1, unitPrice: '18.99' }],
          },
        ],
      },
    });
    renderTab();
    const button = await screen.findByRole('button', { name: /Customer 1/ });
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const orders = await screen.findByRole('list', { name: 'Orders of c1@example.com' });
    expect(orders.textContent).toContain('#1042');
    expect(orders.textContent).toContain('Shipped');
    expect(orders.textContent).toContain('$22.90');
    expect(within(orders).getByRole('button', { name: 'Open order #1042' })).toBeTruthy();
  });
});
