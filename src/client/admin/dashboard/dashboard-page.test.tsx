// @vitest-environment jsdom
import { PERMISSIONS } from '#shared/staff.ts';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from '../../app/router.tsx';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminReturn } from '#shared/returns.ts';
import { makeAdminQueryClient } from '../session/admin-query-client.ts';
import { DashboardPage } from './dashboard-page.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const requested: AdminReturn = {
  id: 7,
  rma: 'RMA-7',
  status: 'requested',
  statusLabel: 'Waiting for approval',
  reason: 'Too strong for me.',
  refusal: null,
  items: [{ productId: 5, name: 'Single Bottle', quantity: 1 }],
  value: '18.99',
  requestedAt: '2026-02-01T10:00:00.000Z',
  label: null,
  arrivedAt: null,
  receivedAt: null,
  orderId: 1042,
  customerName: 'Dana Lee',
  email: 'dana.lee@example.com',
  decidedBy: null,
  decidedAt: null,
  restocked: null,
  refunded: null,
  labelMissing: false,
};
const counts = { requested: 2, approved: 1, refused: 0, received: 3 };

/** The store's answers by address; the orders' lists are empty. */
function serve() {
  const answers: Record<string, unknown> = {
    '/api/admin/me': { username: 'owner', labelProvider: 'easypost', role: 'owner', permissions: [...PERMISSIONS] },
    '/api/admin/returns?limit=1': { returns: [requested], counts },
    '/api/admin/returns': { returns: [requested], counts },
  };
  const fetchMock = vi.fn(async (url: string) => {
    if (url in answers) return new Response(JSON.stringify(answers[url]));
    if (url.startsWith('/api/orders?')) return new Response('[]');
    return new Response(JSON.stringify({ message: `unexpected ${url}` }), { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('the dashboard', () => {
  it('opens the Returns tab from ?tab=returns (the alert e-mail’s link), with the waiting count and the filter’s counts', async () => {
    serve();
    const qc = makeAdminQueryClient(() => {});
    qc.setDefaultOptions({ queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } });
    render(
      <QueryClientProvider client={qc}>
        <MemoryRouter initialEntries={['/admin?tab=returns']}>
          <DashboardPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const tab = await screen.findByRole('tab', { name: 'Returns (2)' });
    expect(tab.getAttribute('aria-selected')).toBe('true');
    expect(
      screen
        .getAllByRole('tab')
        .map((t) => t.textContent)
        .slice(0, 3),
    ).toEqual(['Orders', 'Customers', 'Returns (2)']);
    const filter = screen.getByRole('combobox', { name: 'Filter returns' });
    await waitFor(() =>
      expect(
        within(filter)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['All Returns (6)', 'Requested (2)', 'Approved (1)', 'Refused (0)', 'Received (3)']),
    );
    expect(screen.queryByRole('searchbox')).toBeNull();

    // The order number opens the order in the Orders tab, searched by its number.
    fireEvent.click(await screen.findByRole('button', { name: 'Open order #1042' }));
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Orders' }).getAttribute('aria-selected')).toBe('true'));
    expect(screen.getByRole('searchbox')).toHaveProperty('value', '#1042');
  });
});
