// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ReactionForm } from './reaction-form.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function answer(status: number, body: unknown) {
  const fetchMock = vi.fn(
    async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const fill = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('the reaction report form', () => {
  it('says what is missing beside each field and sends nothing', () => {
    const fetchMock = answer(202, {});
    render(<ReactionForm />);
    fireEvent.click(screen.getByRole('button', { name: 'Send report' }));
    expect(screen.getAllByText('Required')).toHaveLength(3);
    expect(document.activeElement?.id).toBe('reaction-whatHappened');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks for an address only once the shopper agrees to be contacted', () => {
    answer(202, {});
    render(<ReactionForm />);
    expect(screen.queryByLabelText(/Your e-mail/)).toBeNull();
    fireEvent.click(screen.getByLabelText(/You may contact me/));
    fill(/What happened/, 'Coughing');
    fill(/Which product/, 'Single Bottle');
    fill(/When it happened/, '2026-11-20');
    fireEvent.click(screen.getByRole('button', { name: 'Send report' }));
    expect(screen.getByText('Enter an e-mail address so we can contact you')).toBeTruthy();
  });

  it('sends the report and shows the thank-you', async () => {
    const fetchMock = answer(202, { message: 'Thank you. Your report has gone to the store owner.' });
    render(<ReactionForm />);
    fill(/What happened/, 'Coughing for ten minutes');
    fill(/Which product/, 'Single Bottle');
    fill(/When it happened/, '2026-11-20');
    fireEvent.click(screen.getByRole('button', { name: 'Send report' }));
    expect(await screen.findByRole('status')).toHaveProperty(
      'textContent',
      'Thank you. Your report has gone to the store owner.',
    );
    const [url, init] = (fetchMock.mock.calls[0] ?? []) as unknown as [string, RequestInit];
    expect(url).toBe('/api/reactions');
    expect(JSON.parse(String(init.body))).toEqual({
      whatHappened: 'Coughing for ten minutes',
      product: 'Single Bottle',
      when: '2026-11-20',
      email: '',
      mayContact: false,
    });
  });

  it('shows the server’s message under its field', async () => {
    answer(400, { message: 'Check the form', code: 'validation', fieldErrors: { when: ['Must not be in the future'] } });
    render(<ReactionForm />);
    fill(/What happened/, 'Coughing');
    fill(/Which product/, 'Single Bottle');
    fill(/When it happened/, '2999-01-01');
    fireEvent.click(screen.getByRole('button', { name: 'Send report' }));
    await waitFor(() => expect(screen.getByText('Must not be in the future')).toBeTruthy());
    expect(document.activeElement?.id).toBe('reaction-when');
  });
});
