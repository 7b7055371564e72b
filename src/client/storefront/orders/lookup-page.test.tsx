// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from '../../app/router.tsx';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LookupPage } from './lookup-page.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPage(answer: { status: number; body: unknown }) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(answer.body), { status: answer.status }));
  vi.stubGlobal('fetch', fetchMock);
  render(
    <MemoryRouter initialEntries={['/order-status']}>
      <Routes>
        <Route path="/order-status" element={<LookupPage />} />
        <Route path="/orders/:token" element={<h1>Order page</h1>} />
      </Routes>
    </MemoryRouter>,
  );
  return fetchMock;
}

const number = () => screen.getByLabelText(/^Order number/) as HTMLInputElement;
const email = () => screen.getByLabelText(/^Email(?! for the links)/) as HTMLInputElement;
const find = () => fireEvent.click(screen.getByRole('button', { name: 'Find My Order' }));
/** What a field says is wrong with it: its error, linked to it. */
const errorOf = (input: HTMLElement) =>
  input.getAttribute('aria-invalid') === 'true'
    ? document.getElementById(String(input.getAttribute('aria-describedby')))?.textContent
    : undefined;

describe('the order lookup', () => {
  it('says an empty field beside it, focused, and asks nothing', async () => {
    const fetchMock = renderPage({ status: 200, body: { token: 'T' } });
    find();
    await waitFor(() => expect(errorOf(number())).toBe('Required'));
    expect(errorOf(email())).toBe('Required');
    expect(document.activeElement).toBe(number());

    fireEvent.change(number(), { target: { value: '1042' } });
    find();
    await waitFor(() => expect(errorOf(email())).toBe('Required'));
    expect(errorOf(number())).toBeUndefined();
    expect(document.activeElement).toBe(email());
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('opens the order the number and e-mail find', async () => {
    const fetchMock = renderPage({ status: 200, body: { token: 'abc123' } });
    fireEvent.change(number(), { target: { value: ' #1042 ' } });
    fireEvent.change(email(), { target: { value: ' Dana@Example.com ' } });
    find();
    expect(await screen.findByRole('heading', { name: 'Order page' })).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/order-status/lookup');
    expect(JSON.parse(String(init.body))).toEqual({ orderNumber: '#1042', email: 'Dana@Example.com' });
  });

  it('says what the store answers: a pair it does not know, and its word on a field', async () => {
    renderPage({ status: 404, body: { message: "We couldn't find an order with that number and e-mail address." } });
    fireEvent.change(number(), { target: { value: '1042' } });
    fireEvent.change(email(), { target: { value: 'dana@example.com' } });
    find();
    expect((await screen.findByRole('alert')).textContent).toBe("We couldn't find an order with that number and e-mail address.");
    cleanup();

    renderPage({
      status: 400,
      body: {
        message: 'Check the e-mail address',
        code: 'validation',
        fieldErrors: { email: ['That address cannot receive mail'] },
      },
    });
    fireEvent.change(number(), { target: { value: '1042' } });
    fireEvent.change(email(), { target: { value: 'dana@example.com' } });
    find();
    await waitFor(() => expect(errorOf(email())).toBe('That address cannot receive mail'));
  });
});
