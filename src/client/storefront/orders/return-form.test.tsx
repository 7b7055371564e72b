// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '../../lib/query.tsx';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OrderStatusView } from '#shared/order-status.ts';
import { ReturnForm } from './return-form.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ORDER = {
  orderNumber: 1042,
  returns: [],
  returnable: {
    open: true,
    until: '2026-03-01T00:00:00.000Z',
    reason: null,
    lines: [
      { productId: 5, name: 'Single Bottle', quantity: 2, unitPrice: '18.99' },
      { productId: 6, name: 'Smelling Salts 3-Pack', quantity: 1, unitPrice: '44.99' },
    ],
  },
} as unknown as OrderStatusView;

function renderForm(answer: { status: number; body: unknown }) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(answer.body), { status: answer.status }));
  vi.stubGlobal('fetch', fetchMock);
  const onDone = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ReturnForm order={ORDER} token="tok" onDone={onDone} />
    </QueryClientProvider>,
  );
  return { fetchMock, onDone, form: within(screen.getByRole('form', { name: 'Return items' })) };
}

/** The ids' texts, in order. */
const texts = (ids: string | null) =>
  String(ids)
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent);

describe('the return form', () => {
  it('checks what is sent back and why by the shared schema, beside each, focused, and sends nothing', async () => {
    const { fetchMock, form } = renderForm({ status: 200, body: {} });
    const request = () => fireEvent.click(form.getByRole('button', { name: 'Request Return' }));
    request();
    const items = form.getByRole('group', { name: 'What are you sending back?' });
    await waitFor(() => expect(texts(items.getAttribute('aria-describedby'))).toEqual(['Choose at least one item to return']));
    expect(document.activeElement).toBe(form.getByLabelText(/Single Bottle/));

    fireEvent.change(form.getByLabelText(/Smelling Salts 3-Pack/), { target: { value: '1' } });
    const reason = form.getByLabelText(/Why are you returning it\?/);
    fireEvent.change(reason, { target: { value: '   ' } });
    request();
    await waitFor(() => expect(reason.getAttribute('aria-invalid')).toBe('true'));
    expect(items.getAttribute('aria-describedby')).toBeNull();
    expect(texts(reason.getAttribute('aria-describedby'))).toEqual(['Tell us why you are returning it']);
    expect(document.activeElement).toBe(reason);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the lines chosen and the reason, and says what the store refuses', async () => {
    const { fetchMock, onDone, form } = renderForm({
      status: 409,
      body: { message: 'A return for these items is already open.' },
    });
    fireEvent.change(form.getByLabelText(/Single Bottle/), { target: { value: '2' } });
    fireEvent.change(form.getByLabelText(/Why are you returning it\?/), { target: { value: '  Too strong.  ' } });
    fireEvent.click(form.getByRole('button', { name: 'Request Return' }));
    expect((await form.findByRole('alert')).textContent).toBe('A return for these items is already open.');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/order-status/tok/returns');
    expect(JSON.parse(String(init.body))).toEqual({ items: [{ productId: 5, quantity: 2 }], reason: 'Too strong.' });
    await waitFor(() => expect(form.getByRole('button', { name: 'Request Return' })).toHaveProperty('disabled', false));
    expect(onDone).not.toHaveBeenCalled();
  });
});
