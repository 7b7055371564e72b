// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OrderRefunds } from '#shared/refunds.ts';
import { adminOrder } from '#tests/support/admin-orders.ts';
import { makeAdminQueryClient } from '../session/admin-query-client.ts';
import { RefundDialog } from './refund-dialog.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const order = adminOrder();
const state: OrderRefunds = {
  refunds: [],
  // 18.99 each, with 1.09 of sales tax each (its share of the line's 2.18).
  lines: [
    { productId: 5, name: 'Single Bottle', unitPrice: '18.99', quantity: 2, refundedQuantity: 0, worth: ['20.08', '40.16'] },
  ],
  refundedTotal: '0.00',
  refundable: '41.89',
};

/** The store answers the refunds' state, and each refund request in turn with `answers`. */
function serve(answers: { status: number; body: unknown }[]) {
  let n = 0;
  const fetchMock = vi.fn(async (_url: string, init?: RequestInit) => {
    if ((init?.method ?? 'GET') === 'GET') return new Response(JSON.stringify(state), { status: 200 });
    const a = answers[Math.min(n++, answers.length - 1)] ?? { status: 500, body: {} };
    return new Response(JSON.stringify(a.body), { status: a.status });
  });
  vi.stubGlobal('fetch', fetchMock);
  render(
    <QueryClientProvider client={makeAdminQueryClient(() => {})}>
      <RefundDialog order={order} onClose={() => {}} />
    </QueryClientProvider>,
  );
  return fetchMock;
}

/** The Idempotency-Key of each refund request sent, in order. */
const keysSent = (fetchMock: ReturnType<typeof serve>) =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'POST')
    .map(([, init]) => new Headers(init?.headers).get('idempotency-key'));

async function refundAmount(amount: string) {
  const field = await screen.findByLabelText(/^Amount \(USD\)/);
  fireEvent.change(field, { target: { value: amount } });
  fireEvent.click(screen.getByRole('button', { name: `Refund $${amount}` }));
}

describe('the refund dialog’s Idempotency-Key', () => {
  it('is kept for the same request sent again, and made anew for a changed one once the store refused the first', async () => {
    const fetchMock = serve([
      { status: 409, body: { message: 'The payment provider refused the refund: nothing is left' } },
      { status: 409, body: { message: 'The payment provider refused the refund: nothing is left' } },
      { status: 201, body: { id: 1 } },
    ]);
    await refundAmount('10.00');
    await waitFor(() => expect(keysSent(fetchMock)).toHaveLength(1));
    await refundAmount('10.00');
    await waitFor(() => expect(keysSent(fetchMock)).toHaveLength(2));
    await refundAmount('5.00');
    await waitFor(() => expect(keysSent(fetchMock)).toHaveLength(3));
    const [first, again, changed] = keysSent(fetchMock);
    expect(first).toBeTruthy();
    expect(again).toBe(first);
    expect(changed).not.toBe(first);
  });

  it('stays after no answer, so a changed request cannot become a second refund', async () => {
    const fetchMock = serve([{ status: 503, body: { message: 'Payments are unavailable right now.' } }]);
    await refundAmount('10.00');
    await waitFor(() => expect(keysSent(fetchMock)).toHaveLength(1));
    await refundAmount('5.00');
    await waitFor(() => expect(keysSent(fetchMock)).toHaveLength(2));
    const [first, changed] = keysSent(fetchMock);
    expect(changed).toBe(first);
  });
});

describe('the refund dialog’s amount for lines', () => {
  it('is what the store gives back for them: their price with their share of the sales tax', async () => {
    serve([{ status: 201, body: { id: 1 } }]);
    const field = await screen.findByLabelText(/^Refund of Single Bottle/);
    fireEvent.change(field, { target: { value: '1' } });
    expect(await screen.findByRole('button', { name: 'Refund $20.08' })).toBeTruthy();
    fireEvent.change(field, { target: { value: '2' } });
    expect(await screen.findByRole('button', { name: 'Refund $40.16' })).toBeTruthy();
  });
});
