// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '../../lib/query.tsx';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from '../../app/router.tsx';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CARD_CHANGE_BY_EMAIL, SUBSCRIPTION_LINK_INVALID, type SubscriptionPageView } from '#shared/subscription-page.ts';
import { SubscriptionPage } from './subscription-page.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const VIEW: SubscriptionPageView = {
  id: 7,
  status: 'active',
  email: 'd***@example.com',
  items: [{ productId: 5, name: 'Single Bottle', quantity: 2, unitPrice: '17.09', regularPrice: '18.99', available: true }],
  intervalWeeks: 4,
  intervalsOffered: [2, 4, 8],
  discountPercent: 10,
  nextRenewalAt: '2026-12-25T12:00:00.000Z',
  nextSubtotal: '34.18',
  nextShipping: '3.91',
  nextAmount: '38.09',
  askFirst: false,
  awaitingConfirmation: false,
  card: { brand: 'visa', last4: '4242' },
  failedAttempts: 0,
  lastFailure: null,
  pausedAt: null,
  cancelledAt: null,
  history: [{ at: '2026-11-27T12:00:00.000Z', kind: 'created', text: 'Started with order 1001' }],
};

/** The page at `url`, each call answered by `answer(url, method)`; the calls made are returned. */
function renderPage(url: string, answer: (path: string, method: string) => { status: number; body: unknown }) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init?: { method?: string }) => {
      const method = init?.method ?? 'GET';
      calls.push(`${method} ${path}`);
      const a = answer(path, method);
      return new Response(JSON.stringify(a.body), { status: a.status });
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/subscriptions/:token" element={<SubscriptionPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return calls;
}

describe('the subscription page', () => {
  it('points at the control a notice’s link names, and changes nothing by opening', async () => {
    const calls = renderPage('/subscriptions/a.b?action=cancel', () => ({ status: 200, body: VIEW }));
    const cancel = await screen.findByRole('button', { name: 'Cancel subscription' });
    expect(document.activeElement).toBe(cancel);
    expect(screen.getByText('$38.09', { selector: 'strong' })).toBeTruthy();
    expect(calls).toEqual(['GET /api/subscriptions/a.b']);
  });

  it('points the notice’s Change date at the date field and its Confirm at the order’s Confirm, and acts only on a click', async () => {
    renderPage('/subscriptions/a.b?action=change-date', () => ({ status: 200, body: VIEW }));
    const date = await screen.findByLabelText('Next delivery date');
    await waitFor(() => expect(document.activeElement).toBe(date));
    cleanup();
    const waiting = { ...VIEW, askFirst: true, awaitingConfirmation: true };
    let confirmed = false;
    const calls = renderPage('/subscriptions/a.b?action=confirm', (path, method) => {
      if (method === 'POST' && path.endsWith('/confirm')) confirmed = true;
      return {
        status: 200,
        body: path.endsWith('/confirm') ? {} : confirmed ? { ...waiting, awaitingConfirmation: false } : waiting,
      };
    });
    const confirm = await screen.findByRole('button', { name: 'Confirm this order' });
    await waitFor(() => expect(document.activeElement).toBe(confirm));
    expect(calls).toEqual(['GET /api/subscriptions/a.b']);
    fireEvent.click(confirm);
    expect(await screen.findByText('Confirmed: it ships on its date.')).toBeTruthy();
    expect(calls).toContain('POST /api/subscriptions/a.b/confirm');
    expect(screen.queryByRole('button', { name: 'Confirm this order' })).toBeNull();
  });

  it('cancels in one click and says so', async () => {
    const calls = renderPage('/subscriptions/a.b', (_path, method) => ({
      status: 200,
      body: method === 'POST' ? { ...VIEW, status: 'cancelled', cancelledAt: '2026-11-27T13:00:00.000Z' } : VIEW,
    }));
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel subscription' }));
    expect(await screen.findByText('Your subscription is cancelled.')).toBeTruthy();
    expect(calls).toEqual(['GET /api/subscriptions/a.b', 'POST /api/subscriptions/a.b/cancel']);
    expect(screen.queryByRole('button', { name: 'Cancel subscription' })).toBeNull();
  });

  it('says card changes are made by e-mail when the provider takes none here', async () => {
    renderPage('/subscriptions/a.b', (_path, method) =>
      method === 'POST' ? { status: 503, body: { message: 'unavailable', code: 'unavailable' } } : { status: 200, body: VIEW },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Replace card' }));
    expect(await screen.findByText(CARD_CHANGE_BY_EMAIL)).toBeTruthy();
  });

  it('shows the one message for a link that opens nothing', async () => {
    renderPage('/subscriptions/nope', () => ({ status: 404, body: { message: SUBSCRIPTION_LINK_INVALID, code: 'not_found' } }));
    expect(await screen.findByText(SUBSCRIPTION_LINK_INVALID)).toBeTruthy();
  });
});
