// @vitest-environment jsdom
import { PERMISSIONS } from '#shared/staff.ts';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminOrder } from '#tests/support/admin-orders.ts';
import { makeAdminQueryClient } from '../session/admin-query-client.ts';
import { meQuery } from '../session/api/get-me.ts';
import { type OrderFilterChoice, OrdersTab } from './orders-tab.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const PAID = adminOrder({ id: 1042, email: 'dana@example.com' });
const PENDING = adminOrder({ id: 1043, email: 'kit@example.com', status: 'pending', paidAt: null });

/** The lists by address, each answered when `held` lets it go; a card's history is empty. */
function serve(lists: Record<string, { body: unknown; next?: string; held?: Promise<unknown> }>) {
  const fetchMock = vi.fn(async (url: string) => {
    const list = lists[url];
    if (!list) return new Response('[]');
    await list.held;
    return new Response(JSON.stringify(list.body), {
      headers: list.next ? { link: `<${list.next}>; rel="next"` } : {},
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderTab(choice: OrderFilterChoice) {
  const qc = makeAdminQueryClient(() => {});
  qc.setDefaultOptions({ queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } });
  qc.setQueryData(meQuery().queryKey, {
    username: 'owner',
    labelProvider: 'builtin',
    mustEnrol: false,
    role: 'owner',
    permissions: [...PERMISSIONS],
  });
  const tab = (c: OrderFilterChoice) => (
    <QueryClientProvider client={qc}>
      <OrdersTab choice={c} search="" />
    </QueryClientProvider>
  );
  const { rerender } = render(tab(choice));
  return (c: OrderFilterChoice) => rerender(tab(c));
}

describe('the Orders tab', () => {
  it('keeps the list, and a dialog open on a card, while another filter loads; then shows the new list', async () => {
    let answer = () => {};
    const held = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const fetchMock = serve({ '/api/orders': { body: [PAID] }, '/api/orders?status=pending': { body: [PENDING], held } });
    const choose = renderTab('all');
    expect(screen.getByText('Loading orders...')).toBeTruthy();
    const card = await screen.findByRole('article', { name: 'Order 00001042' });
    fireEvent.click(within(card).getByRole('button', { name: 'Cancel Order' }));
    const dialog = await screen.findByRole('dialog', { name: /^Cancel order/ });

    choose('pending');
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/orders?status=pending', expect.anything()));
    expect(screen.queryByText('Loading orders...')).toBeNull();
    expect(screen.getByRole('dialog', { name: /^Cancel order/ })).toBe(dialog);
    expect(screen.getByRole('list', { name: 'Orders', hidden: true }).getAttribute('aria-busy')).toBe('true');

    answer();
    await waitFor(() =>
      expect(screen.getAllByRole('article', { hidden: true }).map((a) => a.getAttribute('aria-labelledby'))).toEqual([
        'order-1043-title',
      ]),
    );
  });

  it('loads the next page from the Link header with "Load more orders", and says when a page fails', async () => {
    const fetchMock = serve({
      '/api/orders': { body: [PAID], next: '/api/orders?cursor=1042' },
      '/api/orders?cursor=1042': { body: [PENDING], next: '/api/orders?cursor=1043' },
    });
    renderTab('all');
    const list = await screen.findByRole('list', { name: 'Orders' });
    fireEvent.click(screen.getByRole('button', { name: 'Load more orders' }));
    await waitFor(() => expect(within(list).getAllByRole('article')).toHaveLength(2));
    expect(fetchMock.mock.calls.map(([u]) => u).filter((u) => String(u).startsWith('/api/orders'))).toEqual([
      '/api/orders',
      '/api/orders?cursor=1042',
    ]);

    // The third page fails: said under the list, and "Load more orders" asks again.
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ message: 'The store is busy' }), { status: 503 })),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Load more orders' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The store is busy');
    expect(within(list).getAllByRole('article')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Load more orders' })).toHaveProperty('disabled', false);
  });
});
