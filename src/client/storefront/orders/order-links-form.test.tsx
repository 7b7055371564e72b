// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ORDER_LINKS_SENT } from '#shared/order-status.ts';
import { OrderLinksForm } from './order-links-form.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderForm(answer: { status: number; body: unknown }) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(answer.body), { status: answer.status }));
  vi.stubGlobal('fetch', fetchMock);
  render(<OrderLinksForm />);
  return fetchMock;
}

const email = () => screen.getByLabelText(/^Email for the links/) as HTMLInputElement;
const send = () => fireEvent.click(screen.getByRole('button', { name: 'E-mail Me My Order Links' }));

describe('E-mail me my order links', () => {
  it('says an empty address beside the field and asks nothing', async () => {
    const fetchMock = renderForm({ status: 202, body: { sent: true, message: ORDER_LINKS_SENT } });
    send();
    await waitFor(() => expect(email().getAttribute('aria-invalid')).toBe('true'));
    expect(document.activeElement).toBe(email());
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the address and shows the store’s one answer', async () => {
    const fetchMock = renderForm({ status: 202, body: { sent: true, message: ORDER_LINKS_SENT } });
    fireEvent.change(email(), { target: { value: ' dana@example.com ' } });
    send();
    expect((await screen.findByRole('status')).textContent).toBe(ORDER_LINKS_SENT);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/order-status/links');
    expect(JSON.parse(String(init.body))).toEqual({ email: 'dana@example.com' });
  });

  it('shows the store’s word on the field, and a limit as an alert', async () => {
    renderForm({
      status: 400,
      body: { message: 'Check', code: 'validation', fieldErrors: { email: ['Enter the e-mail address you ordered with'] } },
    });
    fireEvent.change(email(), { target: { value: 'dana' } });
    send();
    await waitFor(() => expect(email().getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(String(email().getAttribute('aria-describedby')))?.textContent).toBe(
      'Enter the e-mail address you ordered with',
    );
    cleanup();
    renderForm({ status: 429, body: { message: 'Too many requests for order links. Please try again in 12 minutes.' } });
    fireEvent.change(email(), { target: { value: 'dana@example.com' } });
    send();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many requests for order links. Please try again in 12 minutes.',
    );
  });
});
