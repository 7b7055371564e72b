import { PERMISSIONS } from '#shared/staff.ts';
import { meQuery } from '../session/api/get-me.ts';
// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AdminReturn, RETURN_STATUS_LABELS, type ReturnStatus } from '#shared/returns.ts';
import { snapshot } from '../../ui/toast-store.ts';
import { makeAdminQueryClient } from '../session/admin-query-client.ts';
import { ReturnsTab } from './returns-tab.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const slip = {
  url: '/api/admin/returns/2/label',
  prepaid: false,
  carrier: null,
  service: null,
  trackingNumber: null,
  trackingUrl: null,
  cost: null,
};
const prepaid = {
  url: '/api/admin/returns/3/label',
  prepaid: true,
  carrier: 'USPS',
  service: 'GroundAdvantage',
  trackingNumber: '9205590164917312751089',
  trackingUrl: 'https://tools.usps.com/go/TrackConfirmAction?tLabels=9205590164917312751089',
  cost: '6.40',
};

function aReturn(id: number, status: ReturnStatus, changes: Partial<AdminReturn> = {}): AdminReturn {
  return {
    id,
    rma: `RMA-${id}`,
    status,
    statusLabel: RETURN_STATUS_LABELS[status],
    reason: 'The cap arrived cracked.',
    refusal: null,
    items: [{ productId: 5, name: 'Single Bottle', quantity: 2 }],
    value: '37.98',
    requestedAt: '2026-02-01T10:00:00.000Z',
    label: null,
    arrivedAt: null,
    receivedAt: null,
    orderId: 1040 + id,
    customerName: 'Dana Lee',
    email: 'dana.lee@example.com',
    decidedBy: status === 'requested' ? null : 'owner',
    decidedAt: status === 'requested' ? null : '2026-02-02T10:00:00.000Z',
    restocked: null,
    refunded: null,
    labelMissing: false,
    ...changes,
  };
}

const RETURNS = [
  aReturn(1, 'requested'),
  aReturn(2, 'approved', { label: slip }),
  aReturn(3, 'approved', { label: prepaid, arrivedAt: '2026-02-05T10:00:00.000Z' }),
  aReturn(4, 'approved', { labelMissing: true }),
  aReturn(5, 'refused', { refusal: 'Opened bottles cannot be returned.' }),
  aReturn(6, 'received', {
    label: slip,
    receivedAt: '2026-02-06T10:00:00.000Z',
    restocked: true,
    refunded: '42.48',
  }),
];
const COUNTS = { requested: 1, approved: 3, refused: 1, received: 1 };

type Answer = { status?: number; body: unknown; next?: string };

/** The store's answers by "METHOD url". */
function serve(answers: Record<string, Answer>) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${url}`;
    const a = answers[key];
    if (!a) return new Response(JSON.stringify({ message: `unexpected ${key}` }), { status: 404 });
    const headers: Record<string, string> = a.next ? { link: `<${a.next}>; rel="next"` } : {};
    return new Response(JSON.stringify(a.body), { status: a.status ?? 200, headers });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const posted = (fetchMock: ReturnType<typeof serve>, url: string) =>
  fetchMock.mock.calls
    .filter(([u, init]) => u === url && init?.method === 'POST')
    .map(([, init]) => (init?.body === undefined ? undefined : JSON.parse(String(init.body))));

function renderTab(filter = 'all', onOpenOrder = vi.fn()) {
  const qc = makeAdminQueryClient(() => {});
  qc.setQueryData(meQuery().queryKey, {
    username: 'owner',
    labelProvider: 'builtin',
    mustEnrol: false,
    role: 'owner',
    permissions: [...PERMISSIONS],
  });
  qc.setDefaultOptions({ queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } });
  const tab = (f: string) => (
    <QueryClientProvider client={qc}>
      <ReturnsTab filter={f} onOpenOrder={onOpenOrder} />
    </QueryClientProvider>
  );
  const { rerender } = render(tab(filter));
  return Object.assign(onOpenOrder, { filterBy: (f: string) => rerender(tab(f)) });
}

const card = async (rma: string) => screen.findByRole('article', { name: rma });
const buttonsOf = (el: HTMLElement) =>
  within(el)
    .queryAllByRole('button')
    .map((b) => b.textContent);

describe('the Returns tab', () => {
  it('offers each return the next step its status allows', async () => {
    serve({ 'GET /api/admin/returns': { body: { returns: RETURNS, counts: COUNTS } } });
    renderTab();
    expect(screen.getByText('Loading returns...')).toBeTruthy();
    expect(buttonsOf(await card('RMA-1'))).toEqual(['#1041', 'Approve', 'Refuse']);
    expect(buttonsOf(await card('RMA-2'))).toEqual(['#1042', 'Receive']);
    expect(buttonsOf(await card('RMA-4'))).toEqual(['#1044', 'Make Label', 'Receive']);
    expect(buttonsOf(await card('RMA-5'))).toEqual(['#1045']);
    expect(buttonsOf(await card('RMA-6'))).toEqual(['#1046']);

    const requested = await card('RMA-1');
    expect(requested.textContent).toContain('“The cap arrived cracked.”');
    expect(requested.textContent).toContain('Waiting for approval');
    expect(requested.textContent).toContain('2 × Single Bottle');
    expect(requested.textContent).toContain('Value $37.98');
    expect(requested.textContent).toContain('dana.lee@example.com');
    expect((await card('RMA-2')).textContent).toContain('Return slip (the shopper pays the postage; refund it on receipt)');
    const labelled = await card('RMA-3');
    expect(labelled.textContent).toContain('Prepaid USPS GroundAdvantage · $6.40');
    expect(labelled.textContent).toContain('Arrived');
    expect(within(labelled).getByRole('link', { name: 'Track 9205590164917312751089 with USPS' }).getAttribute('rel')).toBe(
      'noopener noreferrer',
    );
    expect(within(labelled).getByRole('link', { name: 'View Label' }).getAttribute('href')).toBe('/api/admin/returns/3/label');
    const unlabelled = await card('RMA-4');
    expect(unlabelled.textContent).toContain('the return label could not be made');
    // Part of the card, read with it: not an alert that interrupts whenever the list is shown.
    expect(within(unlabelled).queryByRole('alert')).toBeNull();
    expect(within(unlabelled).getByText(/the return label could not be made/).tagName).toBe('STRONG');
    expect((await card('RMA-5')).textContent).toContain('Opened bottles cannot be returned.');
    const received = await card('RMA-6');
    expect(received.textContent).toContain('Restocked: yes');
    expect(received.textContent).toContain('Refunded $42.48');
  });

  it('opens the order in the Orders tab, approves, and makes a label that failed', async () => {
    const fetchMock = serve({
      'GET /api/admin/returns': { body: { returns: RETURNS, counts: COUNTS } },
      'POST /api/admin/returns/1/approve': { body: aReturn(1, 'approved', { label: prepaid }) },
      'POST /api/admin/returns/4/approve': {
        status: 503,
        body: {
          message:
            'The return is approved, but its label could not be made: the label provider did not answer. Approve it again to try again.',
        },
      },
    });
    const onOpenOrder = renderTab();
    fireEvent.click(within(await card('RMA-1')).getByRole('button', { name: 'Open order #1041' }));
    expect(onOpenOrder).toHaveBeenCalledWith(1041);

    fireEvent.click(within(await card('RMA-1')).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(snapshot()[0]).toMatchObject({ title: 'Return Approved' }));
    expect(posted(fetchMock, '/api/admin/returns/1/approve')).toEqual([undefined]);

    fireEvent.click(within(await card('RMA-4')).getByRole('button', { name: 'Make Label' }));
    await waitFor(() =>
      expect(snapshot()[0]).toMatchObject({
        title: 'Approval Failed',
        description:
          'The return is approved, but its label could not be made: the label provider did not answer. Approve it again to try again.',
      }),
    );
    // The list is asked again after each: the return's new state shows.
    expect(fetchMock.mock.calls.filter(([u]) => u === '/api/admin/returns').length).toBeGreaterThanOrEqual(3);
  });

  it('refuses only with a reason the customer will read', async () => {
    const fetchMock = serve({
      'GET /api/admin/returns': { body: { returns: RETURNS, counts: COUNTS } },
      'POST /api/admin/returns/1/refuse': { body: aReturn(1, 'refused', { refusal: 'Opened.' }) },
    });
    renderTab();
    fireEvent.click(within(await card('RMA-1')).getByRole('button', { name: 'Refuse' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refuse return RMA-1?' });
    const reason = within(dialog).getByLabelText(/Reason the customer will read/);
    expect(reason.getAttribute('maxlength')).toBe('500');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Refuse Return' }));
    expect(within(dialog).getByText('Required')).toBeTruthy();
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(posted(fetchMock, '/api/admin/returns/1/refuse')).toEqual([]);

    fireEvent.change(reason, { target: { value: '  Opened bottles cannot be returned.  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refuse Return' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posted(fetchMock, '/api/admin/returns/1/refuse')).toEqual([{ reason: 'Opened bottles cannot be returned.' }]);
    expect(snapshot()[0]).toMatchObject({ title: 'Return Refused' });
  });

  it('receives a return posted with a slip: the refund total adds the postage, and the button says it', async () => {
    const fetchMock = serve({
      'GET /api/admin/returns': { body: { returns: RETURNS, counts: COUNTS } },
      'POST /api/admin/returns/2/receive': {
        body: aReturn(2, 'received', {
          label: slip,
          restocked: false,
          refunded: '42.48',
          receivedAt: '2026-02-06T10:00:00.000Z',
        }),
      },
    });
    renderTab();
    fireEvent.click(within(await card('RMA-2')).getByRole('button', { name: 'Receive' }));
    const dialog = await screen.findByRole('dialog', { name: 'Receive return RMA-2' });
    expect(dialog.textContent).toContain('2 × Single Bottle');
    const restock = within(dialog).getByRole('checkbox', { name: 'Put the items back in stock' });
    expect(restock).toHaveProperty('checked', true);
    expect(within(dialog).getByRole('button', { name: 'Receive and Refund $37.98' })).toBeTruthy();

    const postage = within(dialog).getByLabelText(/Postage to refund \(\$\)/);
    fireEvent.change(postage, { target: { value: '4.50' } });
    expect(dialog.textContent).toContain('Refund total: $42.48');
    fireEvent.change(postage, { target: { value: '4.505' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Receive and Refund' }));
    // The server's own schema's words (shared/returns-schemas.ts), beside the field, read with it.
    const said = () => document.getElementById(String(postage.getAttribute('aria-describedby')?.split(' ')[1]))?.textContent;
    expect(said()).toBe('postage must be a decimal string such as "4.50"');
    expect(postage.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(postage);
    fireEvent.change(postage, { target: { value: '150' } });
    expect(said()).toBe('postage must be at most 100.00');
    expect(posted(fetchMock, '/api/admin/returns/2/receive')).toEqual([]);

    fireEvent.change(postage, { target: { value: '4.50' } });
    fireEvent.click(restock);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Receive and Refund $42.48' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posted(fetchMock, '/api/admin/returns/2/receive')).toEqual([{ restock: false, postage: '4.50' }]);
    expect(snapshot()[0]).toMatchObject({ title: 'Return Received', description: 'RMA-2: $42.48 refunded to the customer.' });
  });

  it('asks no postage for a prepaid label, and toasts the server’s word when the refund fails', async () => {
    const fetchMock = serve({
      'GET /api/admin/returns': { body: { returns: RETURNS, counts: COUNTS } },
      'POST /api/admin/returns/3/receive': { status: 502, body: { message: 'The card network declined the refund' } },
    });
    renderTab();
    fireEvent.click(within(await card('RMA-3')).getByRole('button', { name: 'Receive' }));
    const dialog = await screen.findByRole('dialog', { name: 'Receive return RMA-3' });
    expect(within(dialog).queryByLabelText(/Postage to refund/)).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Receive and Refund $37.98' }));
    await waitFor(() =>
      expect(snapshot()[0]).toMatchObject({ title: 'Receive Failed', description: 'The card network declined the refund' }),
    );
    expect(posted(fetchMock, '/api/admin/returns/3/receive')).toEqual([{ restock: true }]);
    expect(screen.getByRole('dialog', { name: 'Receive return RMA-3' })).toBeTruthy();
  });

  it('keeps the list, and a dialog open on it, while a new filter loads', async () => {
    let answer: (res: Response) => void = () => {};
    const later = new Promise<Response>((resolve) => {
      answer = resolve;
    });
    const fetchMock = vi.fn(async (url: string) =>
      url === '/api/admin/returns?status=approved' ? later : new Response(JSON.stringify({ returns: RETURNS, counts: COUNTS })),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { filterBy } = renderTab();
    fireEvent.click(within(await card('RMA-2')).getByRole('button', { name: 'Receive' }));
    const dialog = await screen.findByRole('dialog', { name: 'Receive return RMA-2' });
    fireEvent.change(within(dialog).getByLabelText(/Postage to refund/), { target: { value: '4.50' } });

    filterBy('approved');
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/admin/returns?status=approved', expect.anything()));
    expect(screen.queryByText('Loading returns...')).toBeNull();
    // The list behind the dialog (hidden from screen readers while it is open) says it is loading.
    expect(screen.getByRole('list', { name: 'Returns', hidden: true }).getAttribute('aria-busy')).toBe('true');
    expect(screen.getByRole('dialog', { name: 'Receive return RMA-2' })).toBe(dialog);
    expect(within(dialog).getByLabelText(/Postage to refund/)).toHaveProperty('value', '4.50');

    answer(new Response(JSON.stringify({ returns: RETURNS.slice(1, 4), counts: COUNTS })));
    await waitFor(() => expect(screen.getAllByRole('article', { hidden: true })).toHaveLength(3));
    expect(screen.getByRole('dialog', { name: 'Receive return RMA-2' })).toBe(dialog);
  });

  it('pages with "Load more returns", filters on the server, and says when there is nothing', async () => {
    const fetchMock = serve({
      'GET /api/admin/returns?status=approved': {
        body: { returns: RETURNS.slice(1, 3), counts: COUNTS },
        next: '/api/admin/returns?status=approved&limit=50&cursor=3',
      },
      'GET /api/admin/returns?status=approved&limit=50&cursor=3': { body: { returns: RETURNS.slice(3, 4), counts: COUNTS } },
    });
    renderTab('approved');
    const list = await screen.findByRole('list', { name: 'Returns' });
    expect(within(list).getAllByRole('article')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Load more returns' }));
    await waitFor(() => expect(within(list).getAllByRole('article')).toHaveLength(3));
    expect(screen.queryByRole('button', { name: 'Load more returns' })).toBeNull();
    expect(fetchMock.mock.calls.map(([u]) => u)).toEqual([
      '/api/admin/returns?status=approved',
      '/api/admin/returns?status=approved&limit=50&cursor=3',
    ]);
    cleanup();

    serve({ 'GET /api/admin/returns?status=refused': { body: { returns: [], counts: COUNTS } } });
    renderTab('refused');
    expect(await screen.findByText('No returns match your filter')).toBeTruthy();
    cleanup();

    serve({
      'GET /api/admin/returns': { body: { returns: [], counts: { requested: 0, approved: 0, refused: 0, received: 0 } } },
    });
    renderTab();
    expect(await screen.findByText('No returns yet')).toBeTruthy();
  });
});
