// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminProduct } from '#shared/admin.ts';
import { makeAdminQueryClient } from '../session/admin-query-client.ts';
import { ProductDialog } from './product-dialog.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const threePack: AdminProduct = {
  id: 6,
  name: 'Smelling Salts 3-Pack',
  description: 'Three bottles of pre-activated smelling salts.',
  price: '44.99',
  compareAtPrice: null,
  imageUrl: '/api/product-images/3-pack',
  isActive: true,
  inventory: 40,
  displayOrder: 1,
  weightGrams: 240,
  shippingClass: 'limited-quantity',
  unNumber: null,
  properShippingName: null,
  subscriptionIntervalsWeeks: [],
  subscriptionDiscountPercent: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
};

function renderDialog(product: AdminProduct | null) {
  const fetchMock = vi.fn(async (_url: string, init?: RequestInit) => new Response(String(init?.body ?? '{}')));
  vi.stubGlobal('fetch', fetchMock);
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={makeAdminQueryClient(() => {})}>
      <ProductDialog product={product} onClose={onClose} />
    </QueryClientProvider>,
  );
  return { fetchMock, onClose };
}

const weight = () => screen.getByLabelText(/Shipping weight \(g\)/) as HTMLInputElement;

describe('the product dialog’s shipping weight', () => {
  it('shows the product’s weight with its hint, and saves a new one', async () => {
    const { fetchMock, onClose } = renderDialog(threePack);
    expect(weight().value).toBe('240');
    expect(document.getElementById(String(weight().getAttribute('aria-describedby')))?.textContent).toBe(
      'One unit with its packing, for the postage',
    );
    fireEvent.change(weight(), { target: { value: '260' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update Product' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/admin/products/6');
    expect(JSON.parse(String(init?.body))).toMatchObject({ weightGrams: 260 });
  });

  it('starts a new product at 80 g, and refuses a weight out of range beside the field, sending nothing', () => {
    const { fetchMock } = renderDialog(null);
    expect(weight().value).toBe('80');
    for (const bad of ['0', '30001', 'heavy', '']) {
      fireEvent.change(weight(), { target: { value: bad } });
      fireEvent.click(screen.getByRole('button', { name: 'Create Product' }));
      expect(weight().getAttribute('aria-invalid')).toBe('true');
      expect(screen.getByText('Weight must be between 1 and 30000 grams')).toBeTruthy();
    }
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('the product dialog’s shipping class', () => {
  it('shows the class and the safety data sheet fields, and saves them', async () => {
    const { fetchMock, onClose } = renderDialog(threePack);
    const cls = screen.getByLabelText(/^Shipping class/) as HTMLSelectElement;
    expect(cls.value).toBe('limited-quantity');
    fireEvent.change(screen.getByLabelText(/^UN number/), { target: { value: 'un1993' } });
    fireEvent.change(screen.getByLabelText(/^Proper shipping name/), { target: { value: 'Flammable liquid, n.o.s.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update Product' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toMatchObject({
      shippingClass: 'limited-quantity',
      unNumber: 'UN1993',
      properShippingName: 'Flammable liquid, n.o.s.',
    });
  });

  it('creates a product with the fields left empty: limited quantity, no UN number', async () => {
    const { fetchMock, onClose } = renderDialog(null);
    fireEvent.change(screen.getByLabelText(/^Product Name/), { target: { value: 'Travel Vial' } });
    fireEvent.change(screen.getByLabelText(/^Description/), { target: { value: 'A small vial for the gym bag.' } });
    fireEvent.change(screen.getByLabelText(/^Price/), { target: { value: '9.99' } });
    fireEvent.change(screen.getByLabelText(/^Product Image/), { target: { value: '/api/product-images/single' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Product' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toMatchObject({
      shippingClass: 'limited-quantity',
      unNumber: null,
      properShippingName: null,
    });
  });

  it('refuses a UN number that is not UN and four digits beside the field, sending nothing', () => {
    const { fetchMock } = renderDialog(null);
    const un = screen.getByLabelText(/^UN number/) as HTMLInputElement;
    fireEvent.change(un, { target: { value: 'UN19' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Product' }));
    expect(un.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Enter a UN number like UN1993 (UN and four digits), or leave it empty')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('the product dialog’s claim warning', () => {
  const description = () => screen.getByLabelText(/^Description/) as HTMLTextAreaElement;

  it('warns while the description makes a claim the FDA cited, and still saves it', async () => {
    const { fetchMock, onClose } = renderDialog(threePack);
    expect(screen.queryByText(/Check this wording/)).toBeNull();
    fireEvent.change(description(), { target: { value: 'Three bottles that boost energy before every lift.' } });
    const warning = screen.getByText(/Check this wording/);
    expect(warning.textContent).toContain('“boost energy”');
    expect(warning.textContent).toContain('6 August 2024');
    expect(description().getAttribute('aria-describedby')).toContain(`${description().id}-hint`);
    fireEvent.click(screen.getByRole('button', { name: 'Update Product' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toMatchObject({
      description: 'Three bottles that boost energy before every lift.',
    });
  });

  it('says nothing for honest copy that reports or denies', () => {
    renderDialog(threePack);
    fireEvent.change(description(), {
      target: { value: 'Users report feeling alert for a few seconds. There is no evidence that they improve focus.' },
    });
    expect(screen.queryByText(/Check this wording/)).toBeNull();
  });
});

describe('the product dialog’s subscribe and save (docs/decisions/0052)', () => {
  const weeks = () => screen.getByLabelText(/^Subscribe and save: every … weeks/) as HTMLInputElement;
  const percent = () => screen.getByLabelText(/^Subscription discount/) as HTMLInputElement;

  it('saves the intervals typed as a list, in order, and the discount', async () => {
    const { fetchMock, onClose } = renderDialog({
      ...threePack,
      subscriptionIntervalsWeeks: [4, 6],
      subscriptionDiscountPercent: 10,
    });
    expect(weeks().value).toBe('4, 6');
    expect(percent().value).toBe('10');
    fireEvent.change(weeks(), { target: { value: '12 8,4' } });
    fireEvent.change(percent(), { target: { value: '15' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update Product' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toMatchObject({
      subscriptionIntervalsWeeks: [4, 8, 12],
      subscriptionDiscountPercent: 15,
    });
  });

  it.each([
    ['4, 4', '10', /given once/],
    ['0', '10', /whole number of weeks/],
    ['four', '10', /whole number of weeks/],
    ['4', '60', /from 0 to 50/],
  ])('refuses intervals %s at %s %% beside the field, sending nothing', async (w, pct, message) => {
    const { fetchMock } = renderDialog(threePack);
    fireEvent.change(weeks(), { target: { value: w } });
    fireEvent.change(percent(), { target: { value: pct } });
    fireEvent.click(screen.getByRole('button', { name: 'Update Product' }));
    await waitFor(() => expect(screen.getByText(message)).toBeTruthy());
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
