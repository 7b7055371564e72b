// @vitest-environment jsdom
import { PERMISSIONS } from '#shared/staff.ts';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminMe, AdminOrder } from '#shared/admin.ts';
import { adminOrder } from '#tests/support/admin-orders.ts';
import type { ShippingQuote } from '#shared/fulfilment.ts';
import { snapshot } from '../../ui/toast-store.ts';
import { makeAdminQueryClient } from '../session/admin-query-client.ts';
import { meQuery } from '../session/api/get-me.ts';
import { OrderCard } from './order-card.tsx';
import { PostageDialog } from './postage-dialog.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const order = (changes: Partial<AdminOrder> = {}): AdminOrder => adminOrder(changes);

// Not in the server's cheapest-first order, so that the dialog's own choice is what is tested.
const quote = (quoteId: number): ShippingQuote => ({
  quoteId,
  provider: 'easypost',
  rates: [
    { id: `rate_pri_${quoteId}`, carrier: 'USPS', service: 'Priority', cost: '11.01', deliveryDays: 2 },
    { id: `rate_ga_${quoteId}`, carrier: 'USPS', service: 'GroundAdvantage', cost: '8.20', deliveryDays: 5 },
    { id: `rate_nda_${quoteId}`, carrier: 'UPS', service: 'NextDayAir', cost: '41.10', deliveryDays: null },
  ],
});

/** An answer; `after` holds it back until the test lets it go. */
type Answer = { status?: number; body: unknown; after?: Promise<unknown> };

/** The store's answers by "METHOD url", each a list used in turn (the last one repeats). */
function serve(answers: Record<string, Answer[]>) {
  const used: Record<string, number> = {};
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${url}`;
    const list = answers[key];
    if (!list) return new Response(JSON.stringify({ message: `unexpected ${key}` }), { status: 404 });
    const n = used[key] ?? 0;
    used[key] = n + 1;
    const a = list[Math.min(n, list.length - 1)] as Answer;
    await a.after;
    return new Response(JSON.stringify(a.body), { status: a.status ?? 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const calls = (fetchMock: ReturnType<typeof serve>, key: string) =>
  fetchMock.mock.calls.filter(([url, init]) => `${init?.method ?? 'GET'} ${url}` === key);

function renderWith(ui: React.ReactNode, labelProvider: AdminMe['labelProvider'] = 'easypost') {
  const qc = makeAdminQueryClient(() => {});
  qc.setQueryData(meQuery().queryKey, {
    username: 'owner',
    labelProvider,
    mustEnrol: false,
    role: 'owner',
    permissions: [...PERMISSIONS],
  });
  return render(<QueryClientProvider client={qc}>{ui}</QueryClientProvider>);
}

const labelled = order({
  trackingNumber: '9400111899223197428490',
  shippingCarrier: 'USPS',
  shippingService: 'Priority',
  shippingCost: '11.01',
  labelUrl: '/api/orders/1042/label',
  trackingUrl: 'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400111899223197428490',
});

describe('the postage dialog', () => {
  it('asks for the rates as it opens, lists them with their days, and chooses the cheapest', async () => {
    const fetchMock = serve({ 'POST /api/orders/1042/rates': [{ body: quote(31) }] });
    renderWith(<PostageDialog order={order()} onClose={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'Buy postage' });
    expect(within(dialog).getByRole('status').textContent).toContain('Getting rates...');

    const radios = await within(dialog).findAllByRole('radio');
    expect(radios.map((r) => r.closest('label')?.textContent)).toEqual([
      'USPS Priority2 business days$11.01',
      'USPS GroundAdvantage5 business days$8.20',
      'UPS NextDayAir$41.10',
    ]);
    expect(within(dialog).getByRole('radio', { name: /GroundAdvantage/ })).toHaveProperty('checked', true);
    expect(within(dialog).getByRole('button', { name: 'Buy and Print ($8.20)' })).toBeTruthy();
    expect(calls(fetchMock, 'POST /api/orders/1042/rates')).toHaveLength(1);
  });

  it('says so when the carriers quote no rate, and asks again with "Try again"', async () => {
    const fetchMock = serve({
      'POST /api/orders/1042/rates': [{ body: { ...quote(31), rates: [] } }, { body: quote(32) }],
    });
    renderWith(<PostageDialog order={order()} onClose={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'Buy postage' });
    expect(
      (await within(dialog).findByText('No carrier quoted a rate for this parcel. Check its address and weight, then try again.'))
        .tagName,
    ).toBe('P');
    expect(within(dialog).getByRole('button', { name: 'Buy and Print' })).toHaveProperty('disabled', true);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByRole('button', { name: 'Buy and Print ($8.20)' })).toBeTruthy();
    expect(calls(fetchMock, 'POST /api/orders/1042/rates')).toHaveLength(2);
  });

  it('buys the rate chosen with its quote, closes, and says what was paid', async () => {
    let answer = () => {};
    const paid = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const fetchMock = serve({
      'POST /api/orders/1042/rates': [{ body: quote(31) }],
      'POST /api/orders/1042/create-label': [
        { body: { order: labelled, printed: true, message: 'Sent to the printer.' }, after: paid },
      ],
    });
    const onClose = vi.fn();
    renderWith(<PostageDialog order={order()} onClose={onClose} />);
    fireEvent.click(await screen.findByRole('radio', { name: /Priority/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Buy and Print ($11.01)' }));
    expect(await screen.findByRole('button', { name: 'Buying...' })).toHaveProperty('disabled', true);
    answer();

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [bought] = calls(fetchMock, 'POST /api/orders/1042/create-label');
    expect(JSON.parse(String(bought?.[1]?.body))).toEqual({ quoteId: 31, rateId: 'rate_pri_31' });
    expect(snapshot()[0]).toMatchObject({
      title: 'Label Created',
      description: 'USPS Priority, $11.01: shipping label created and sent to printer',
    });
  });

  it('shows a refusal with "Try again", and after a 503 from the provider buys from a new quote', async () => {
    const fetchMock = serve({
      'POST /api/orders/1042/rates': [
        { status: 409, body: { message: 'The carrier cannot deliver to this address', code: 'conflict' } },
        { body: quote(31) },
        { body: quote(32) },
      ],
      'POST /api/orders/1042/create-label': [
        {
          status: 503,
          body: { message: 'The label provider did not answer. Ask for the rates again.', code: 'unavailable' },
        },
        { body: { order: labelled, printed: false, message: 'No printer is configured.' } },
      ],
    });
    const onClose = vi.fn();
    renderWith(<PostageDialog order={order()} onClose={onClose} />);
    expect((await screen.findByRole('alert')).textContent).toBe('The carrier cannot deliver to this address');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));

    fireEvent.click(await screen.findByRole('radio', { name: /Priority/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Buy and Print ($11.01)' }));
    await waitFor(() =>
      expect(snapshot()[0]).toMatchObject({
        title: 'Label Creation Failed',
        description: 'The label provider did not answer. Ask for the rates again.',
        variant: 'destructive',
      }),
    );
    expect(onClose).not.toHaveBeenCalled();

    // The dead quote is replaced; the owner's choice of service carries over to the new one.
    await waitFor(() => expect(calls(fetchMock, 'POST /api/orders/1042/rates')).toHaveLength(3));
    fireEvent.click(await screen.findByRole('button', { name: 'Buy and Print ($11.01)' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const bought = calls(fetchMock, 'POST /api/orders/1042/create-label').map(([, init]) => JSON.parse(String(init?.body)));
    expect(bought).toEqual([
      { quoteId: 31, rateId: 'rate_pri_31' },
      { quoteId: 32, rateId: 'rate_pri_32' },
    ]);
    expect(snapshot()[0]).toMatchObject({
      title: 'Label Created',
      description: 'USPS Priority, $11.01: shipping label created. No printer is configured.',
    });
  });
});

describe('the order card', () => {
  it('with EasyPost, offers "Buy Postage" for an order without a label and opens the dialog', async () => {
    serve({ 'POST /api/orders/1042/rates': [{ body: quote(31) }] });
    renderWith(<OrderCard order={order()} />);
    expect(screen.queryByRole('button', { name: 'Print Label' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Buy Postage' }));
    expect(await screen.findByRole('dialog', { name: 'Buy postage' })).toBeTruthy();
  });

  it('with the built-in provider, prints the label in one click without a body', async () => {
    const fetchMock = serve({
      'POST /api/orders/1042/create-label': [{ body: { order: labelled, printed: true, message: 'Sent.' } }],
    });
    renderWith(<OrderCard order={order()} />, 'builtin');
    expect(screen.queryByRole('button', { name: 'Buy Postage' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Print Label' }));
    await waitFor(() => expect(calls(fetchMock, 'POST /api/orders/1042/create-label')).toHaveLength(1));
    expect(calls(fetchMock, 'POST /api/orders/1042/create-label')[0]?.[1]?.body).toBeUndefined();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('links a labelled order’s tracking number to the carrier, says the postage paid, and reprints with Print Label', () => {
    renderWith(<OrderCard order={labelled} />);
    const track = screen.getByRole('link', { name: 'Track 9400111899223197428490 with USPS' });
    expect(track.getAttribute('href')).toBe(labelled.trackingUrl);
    expect(track.getAttribute('target')).toBe('_blank');
    expect(track.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.getByText('Postage paid').nextElementSibling?.textContent).toBe('$11.01');
    expect(screen.getByRole('button', { name: 'Print Label' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Buy Postage' })).toBeNull();
  });
});
