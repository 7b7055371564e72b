// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminProduct } from '#shared/admin.ts';
import type { AdminDiscount } from '#shared/discounts.ts';
import { adminDiscount } from '#tests/support/discounts.ts';
import { snapshot } from '../../ui/toast-store.ts';
import { makeAdminQueryClient } from '../session/admin-query-client.ts';
import { DiscountsTab } from './discounts-tab.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const discount = (id: number, changes: Partial<AdminDiscount> = {}): AdminDiscount => adminDiscount({ id, ...changes });
const product = (id: number, name: string): AdminProduct => ({
  id,
  name,
  description: '',
  price: '18.99',
  compareAtPrice: null,
  imageUrl: '',
  isActive: true,
  inventory: 10,
  displayOrder: id,
  weightGrams: 80,
  shippingClass: 'limited-quantity',
  unNumber: null,
  properShippingName: null,
  subscriptionIntervalsWeeks: [],
  subscriptionDiscountPercent: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
});
const PRODUCTS = [product(5, 'Single Bottle'), product(6, '3-Pack Bundle')];
const SPRING = discount(1, {
  code: 'SPRING',
  usageLimit: 50,
  used: 3,
  redeemed: 3,
  savedTotal: '8.30',
  minSubtotal: '40.00',
  oncePerEmail: true,
});
const FIVE = discount(2, {
  code: 'FIVE',
  kind: 'fixed',
  value: '5.00',
  productIds: [5],
  state: 'scheduled',
  startsOn: '2026-04-01',
});

/** An answer; `after` holds it back until the test lets it go. */
type Answer = { status?: number; body?: unknown; after?: Promise<unknown> };
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
    return new Response(a.status === 204 ? null : JSON.stringify(a.body), { status: a.status ?? 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
const sent = (fetchMock: ReturnType<typeof serve>, key: string) =>
  fetchMock.mock.calls
    .filter(([url, init]) => `${init?.method ?? 'GET'} ${url}` === key)
    .map(([, init]) => (init?.body ? JSON.parse(String(init.body)) : undefined));

function renderTab() {
  return render(
    <QueryClientProvider client={makeAdminQueryClient(() => {})}>
      <DiscountsTab />
    </QueryClientProvider>,
  );
}
const table = async () => within(await screen.findByRole('table', { name: 'Discount codes' }));

describe('the Discounts tab', () => {
  it('lists each code with what it takes off, its conditions, state and what it saved', async () => {
    serve({ 'GET /api/admin/discounts': [{ body: [FIVE, SPRING] }], 'GET /api/admin/products': [{ body: PRODUCTS }] });
    renderTab();
    const rows = (await table()).getAllByRole('row').slice(1);
    await waitFor(() => expect(rows[0]?.textContent).toContain('$5.00 off on Single Bottle'));
    const cells = (row: HTMLElement | undefined) =>
      within(row as HTMLElement)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(within(rows[0] as HTMLElement).getByRole('rowheader').textContent).toBe('FIVE');
    expect(cells(rows[0]).slice(0, 4)).toEqual([
      '$5.00 off on Single Bottle',
      'From Apr 1, 2026',
      'Scheduled',
      '0 orders$0.00 saved',
    ]);
    expect(cells(rows[1]).slice(0, 4)).toEqual([
      '10% off',
      'Subtotal $40.00 or more3 of 50 usedOnce per e-mail address',
      'Live',
      '3 orders$8.30 saved',
    ]);
    // The phone's cards say the same, a card per code.
    const cards = within(screen.getByRole('list', { name: 'Discount codes' })).getAllByRole('listitem', { name: /./ });
    expect(cards.map((c) => c.getAttribute('aria-label'))).toEqual(['FIVE', 'SPRING']);
  });

  it('says how codes work when there are none, with the link that applies one', async () => {
    serve({ 'GET /api/admin/discounts': [{ body: [] }], 'GET /api/admin/products': [{ body: PRODUCTS }] });
    renderTab();
    expect(await screen.findByText('No discount codes yet')).toBeTruthy();
    expect(screen.getByText(/Shoppers enter a code at checkout and it comes off their subtotal/)).toBeTruthy();
    expect(screen.getByText(`${window.location.origin}/?code=CODE`)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('copies a code’s link', async () => {
    serve({ 'GET /api/admin/discounts': [{ body: [SPRING] }], 'GET /api/admin/products': [{ body: PRODUCTS }] });
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderTab();
    fireEvent.click((await table()).getByRole('button', { name: 'Copy Link for SPRING' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/?code=SPRING`));
  });
});

describe('the code dialog', () => {
  it('creates a percentage code with a limit, for chosen products, closes, and lists it', async () => {
    const made = discount(3, { code: 'WELCOME15', value: '15', usageLimit: 100, productIds: [6] });
    const fetchMock = serve({
      'GET /api/admin/discounts': [{ body: [] }, { body: [made] }],
      'GET /api/admin/products': [{ body: PRODUCTS }],
      'POST /api/admin/discounts': [{ status: 201, body: made }],
    });
    renderTab();
    fireEvent.click(await screen.findByRole('button', { name: 'New Code' }));
    const dialog = within(screen.getByRole('dialog', { name: 'New discount code' }));
    expect(dialog.getByRole('radio', { name: 'Percentage' })).toHaveProperty('checked', true);
    expect(dialog.getByRole('checkbox', { name: /^Active/ })).toHaveProperty('checked', true);
    fireEvent.change(dialog.getByLabelText(/^Code/), { target: { value: 'welcome15' } });
    fireEvent.change(dialog.getByLabelText(/^Percent off/), { target: { value: '15' } });
    fireEvent.change(dialog.getByLabelText(/^Usage limit/), { target: { value: '100' } });
    fireEvent.change(dialog.getByLabelText(/^Ends on/), { target: { value: '2026-06-30' } });
    fireEvent.click(dialog.getByRole('checkbox', { name: 'Once per e-mail address' }));
    fireEvent.click(dialog.getByRole('radio', { name: 'Chosen products' }));
    fireEvent.click(await dialog.findByRole('checkbox', { name: '3-Pack Bundle' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Create Code' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent(fetchMock, 'POST /api/admin/discounts')).toEqual([
      {
        code: 'WELCOME15',
        kind: 'percent',
        value: '15',
        minSubtotal: null,
        startsOn: null,
        endsOn: '2026-06-30',
        usageLimit: 100,
        oncePerEmail: true,
        productIds: [6],
        active: true,
      },
    ]);
    expect(snapshot()[0]).toMatchObject({ title: 'Code Created' });
    expect((await table()).getByRole('rowheader', { name: 'WELCOME15' })).toBeTruthy();
  });

  it('refuses what the shared rules refuse beside the field, sending nothing', async () => {
    const fetchMock = serve({ 'GET /api/admin/discounts': [{ body: [] }], 'GET /api/admin/products': [{ body: PRODUCTS }] });
    renderTab();
    fireEvent.click(await screen.findByRole('button', { name: 'New Code' }));
    const dialog = within(screen.getByRole('dialog'));
    fireEvent.change(dialog.getByLabelText(/^Code/), { target: { value: 'TWO WORDS' } });
    fireEvent.change(dialog.getByLabelText(/^Percent off/), { target: { value: '120' } });
    fireEvent.click(dialog.getByRole('radio', { name: 'Chosen products' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Create Code' }));

    const code = dialog.getByLabelText(/^Code/);
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(code);
    expect(dialog.getByText('A code is 3 to 32 letters, digits, dashes or underscores')).toBeTruthy();
    expect(dialog.getByText('A percentage is a whole number from 1 to 100')).toBeTruthy();
    expect(dialog.getByText('Choose at least one product, or all of them')).toBeTruthy();
    expect(sent(fetchMock, 'POST /api/admin/discounts')).toEqual([]);
  });

  it('takes a usage limit only in digits: not 1e3, 0x10 or 2.0, which Number() would read', async () => {
    const fetchMock = serve({ 'GET /api/admin/discounts': [{ body: [] }], 'GET /api/admin/products': [{ body: PRODUCTS }] });
    renderTab();
    fireEvent.click(await screen.findByRole('button', { name: 'New Code' }));
    const dialog = within(screen.getByRole('dialog'));
    fireEvent.change(dialog.getByLabelText(/^Code/), { target: { value: 'LIMITED' } });
    fireEvent.change(dialog.getByLabelText(/^Percent off/), { target: { value: '10' } });
    const limit = dialog.getByLabelText(/^Usage limit/);
    for (const typed of ['1e3', '0x10', '2.0', ' 12 3']) {
      fireEvent.change(limit, { target: { value: typed } });
      fireEvent.click(dialog.getByRole('button', { name: 'Create Code' }));
      expect(limit.getAttribute('aria-invalid')).toBe('true');
      expect(document.activeElement).toBe(limit);
      // The hint, then the error, read with the field.
      const [hint, error] = String(limit.getAttribute('aria-describedby')).split(' ');
      expect(document.getElementById(String(hint))?.textContent).toBe('Orders that may use it in all');
      expect(document.getElementById(String(error))?.textContent).toBe('The usage limit must be a whole number');
    }
    expect(sent(fetchMock, 'POST /api/admin/discounts')).toEqual([]);
  });

  it('shows the server’s refusal in the dialog and stays open', async () => {
    serve({
      'GET /api/admin/discounts': [{ body: [SPRING] }],
      'GET /api/admin/products': [{ body: PRODUCTS }],
      'POST /api/admin/discounts': [{ status: 409, body: { message: 'The code SPRING exists already', code: 'conflict' } }],
    });
    renderTab();
    fireEvent.click(await screen.findByRole('button', { name: 'New Code' }));
    const dialog = within(screen.getByRole('dialog'));
    fireEvent.change(dialog.getByLabelText(/^Code/), { target: { value: 'spring' } });
    fireEvent.click(dialog.getByRole('radio', { name: 'Fixed amount' }));
    fireEvent.change(dialog.getByLabelText(/^Amount off/), { target: { value: '5' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Create Code' }));

    expect((await dialog.findByRole('alert')).textContent).toBe('The code SPRING exists already');
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect((dialog.getByLabelText(/^Code/) as HTMLInputElement).value).toBe('SPRING');
  });

  it('edits a code from its terms, and sends the whole code again', async () => {
    const fetchMock = serve({
      'GET /api/admin/discounts': [{ body: [FIVE] }],
      'GET /api/admin/products': [{ body: PRODUCTS }],
      'PUT /api/admin/discounts/2': [{ body: { ...FIVE, value: '7.50' } }],
    });
    renderTab();
    fireEvent.click((await table()).getByRole('button', { name: 'Edit FIVE' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Edit code FIVE' }));
    expect(dialog.getByRole('radio', { name: 'Fixed amount' })).toHaveProperty('checked', true);
    expect((dialog.getByLabelText(/^Amount off/) as HTMLInputElement).value).toBe('5.00');
    expect((dialog.getByLabelText(/^Starts on/) as HTMLInputElement).value).toBe('2026-04-01');
    expect(dialog.getByRole('checkbox', { name: 'Single Bottle' })).toHaveProperty('checked', true);
    expect(dialog.getByRole('checkbox', { name: '3-Pack Bundle' })).toHaveProperty('checked', false);
    fireEvent.change(dialog.getByLabelText(/^Amount off/), { target: { value: '7.50' } });
    fireEvent.click(dialog.getByRole('radio', { name: 'All products' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Save Code' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent(fetchMock, 'PUT /api/admin/discounts/2')).toEqual([
      {
        code: 'FIVE',
        kind: 'fixed',
        value: '7.50',
        minSubtotal: null,
        startsOn: '2026-04-01',
        endsOn: null,
        usageLimit: null,
        oncePerEmail: false,
        productIds: null,
        active: true,
      },
    ]);
  });
});

describe('deleting a code', () => {
  it('asks first; "Keep Code" deletes nothing, "Delete Code" deletes it', async () => {
    const fetchMock = serve({
      'GET /api/admin/discounts': [{ body: [SPRING, FIVE] }, { body: [FIVE] }],
      'GET /api/admin/products': [{ body: PRODUCTS }],
      'DELETE /api/admin/discounts/1': [{ status: 204 }],
    });
    renderTab();
    const button = (await table()).getByRole('button', { name: 'Delete SPRING' });
    button.focus();
    fireEvent.click(button);
    let dialog = within(screen.getByRole('dialog', { name: 'Delete code SPRING?' }));
    expect(dialog.getByText('Shoppers can no longer use it. The 3 orders paid with it keep their discount.')).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Keep Code' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent(fetchMock, 'DELETE /api/admin/discounts/1')).toEqual([]);
    // The keyboard is back where it was.
    await waitFor(() => expect(document.activeElement).toBe(button));

    fireEvent.click((await table()).getByRole('button', { name: 'Delete SPRING' }));
    dialog = within(screen.getByRole('dialog'));
    fireEvent.click(dialog.getByRole('button', { name: 'Delete Code' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent(fetchMock, 'DELETE /api/admin/discounts/1')).toHaveLength(1);
    await waitFor(async () => expect((await table()).queryByRole('rowheader', { name: 'SPRING' })).toBeNull());
    // Its row is gone: the keyboard goes to "New Code".
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'New Code' })));
  });

  it('keeps the dialog until the list is fresh, then gives the keyboard to "New Code", however late the list answers', async () => {
    let answer = () => {};
    const refreshed = new Promise<void>((resolve) => {
      answer = resolve;
    });
    serve({
      'GET /api/admin/discounts': [{ body: [SPRING, FIVE] }, { body: [FIVE], after: refreshed }],
      'GET /api/admin/products': [{ body: PRODUCTS }],
      'DELETE /api/admin/discounts/1': [{ status: 204 }],
    });
    renderTab();
    const button = (await table()).getByRole('button', { name: 'Delete SPRING' });
    button.focus();
    fireEvent.click(button);
    const dialog = within(screen.getByRole('dialog', { name: 'Delete code SPRING?' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Delete Code' }));
    // Deleted, but the list still shows the code: the dialog waits for the fresh list, and cannot be closed meanwhile.
    expect(await dialog.findByRole('button', { name: 'Deleting...' })).toHaveProperty('disabled', true);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getByRole('dialog', { name: 'Delete code SPRING?' })).toBeTruthy();

    answer();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((await table()).queryByRole('rowheader', { name: 'SPRING' })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'New Code' })));
    // And it stays there.
    await new Promise((r) => setTimeout(r, 50));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'New Code' }));
  });
});
