// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '../../lib/query.tsx';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from '../../app/router.tsx';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RESTORE_PAID, RESTORE_PAYMENT_PROBLEM } from '#shared/recovery.ts';
import { CartUiProvider } from '../cart/cart-ui.tsx';
import { RecoverPage } from './recover-page.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The /recover page, its restore call answering `answer`. */
function renderPage(answer: { status: number; body: unknown }) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(answer.body), { status: answer.status })),
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <CartUiProvider>
        <MemoryRouter initialEntries={['/recover/a.b']}>
          <Routes>
            <Route path="/recover/:token" element={<RecoverPage />} />
            <Route path="/order-status" element={<h1>Track Your Order page</h1>} />
            <Route path="/" element={<h1>Home page</h1>} />
          </Routes>
        </MemoryRouter>
      </CartUiProvider>
    </QueryClientProvider>,
  );
}

describe('the reminder’s restore page', () => {
  it('says a paid checkout is paid with the server’s message, and leads to Track Your Order, not to an order', async () => {
    renderPage({ status: 409, body: { message: RESTORE_PAID, code: 'conflict' } });
    expect(await screen.findByRole('heading', { name: 'Already Paid' })).toBeTruthy();
    expect(screen.getByText(RESTORE_PAID)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Track Your Order' }));
    expect(await screen.findByRole('heading', { name: 'Track Your Order page' })).toBeTruthy();
  });

  it('does not call a checkout whose payment is set aside paid', async () => {
    renderPage({ status: 409, body: { message: RESTORE_PAYMENT_PROBLEM, code: 'conflict' } });
    expect(await screen.findByRole('heading', { name: 'Nothing to Bring Back' })).toBeTruthy();
    expect(screen.getByText(RESTORE_PAYMENT_PROBLEM)).toBeTruthy();
    expect(screen.queryByText(/paid already/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Return to Store' }));
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeTruthy();
  });
});
