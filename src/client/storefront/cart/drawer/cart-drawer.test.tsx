// @vitest-environment jsdom
import { QueryClientProvider } from '../../../lib/query.tsx';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CartItem } from '#shared/cart.ts';
import type { ProductPicture } from '#shared/catalog.ts';
import type { PublicConfig } from '#shared/ssr-contract.ts';
import type { ShippingOffer } from '#shared/shipping.ts';
import { PublicConfigProvider } from '../../../lib/public-config.tsx';
import { makeQueryClient } from '../../../lib/query-client.ts';
import CartDrawer from './cart-drawer.tsx';
import { cartCount, cartTotalCents } from '../cart-total.ts';
import { CartUiProvider, useCartUi } from '../cart-ui.tsx';

const picture = (url: string, uploaded = false): ProductPicture => ({
  uploaded,
  src: url,
  width: 640,
  height: 480,
  variants: [{ url, width: 640, height: 480 }],
});

const item = (
  id: string,
  name: string,
  price: string,
  quantity: number,
  image = picture('/api/product-images/single?w=640'),
): CartItem => ({
  id,
  quantity,
  productId: name.includes('3-Pack') ? 6 : 5,
  image,
  unitPrice: price,
  subscription: null,
  product: {
    id: name.includes('3-Pack') ? 6 : 5,
    name,
    price,
    imageUrl: '',
    isActive: true,
    available: 50,
    held: 0,
    heldBackBy: null,
    subscription: null,
  },
});

afterEach(cleanup);

describe('cart totals', () => {
  it('sums price × quantity in cents, without float drift', () => {
    const items = [item('a', 'Single Bottle', '18.99', 2), item('b', 'Smelling Salts 3-Pack', '44.99', 1)];
    expect(cartTotalCents(items)).toBe(8297);
    expect(cartTotalCents([item('a', 'Single Bottle', '18.99', 3)])).toBe(5697);
    expect(cartCount(items)).toBe(3);
  });
});

function Opened() {
  const { setOpen } = useCartUi();
  useEffect(() => setOpen(true), [setOpen]);
  return <CartDrawer />;
}

const config = (shipping: ShippingOffer): PublicConfig => ({
  publicUrl: 'http://store.test',
  supportEmail: 'support@ironwakesalts.com',
  supportPhone: '+1-800-555-0199',
  paymentMode: 'test',
  shipping,
  stripePublishableKey: null,
  minimumAge: 18,
  tagsWithheld: false,
  tags: { gaMeasurementId: null, googleAdsId: null, googleAdsConversionLabel: null, metaPixelId: null },
});

const sessionId = 'session-1790000000000-abcdefghijklmnopqrstuvwxyzABCDEF';

/** The drawer, open, on a cart of these items, in a store with this shipping offer. */
function openDrawer(items: CartItem[], shipping: ShippingOffer = { rateCents: 391, freeOverCents: null }) {
  const qc = makeQueryClient();
  // The browser's cart session, as the storefront stored it on the first add.
  localStorage.setItem('cart_session_id', sessionId);
  qc.setQueryData(['cart', sessionId], items);
  render(
    <PublicConfigProvider value={config(shipping)}>
      <QueryClientProvider client={qc}>
        <CartUiProvider>
          <Opened />
        </CartUiProvider>
      </QueryClientProvider>
    </PublicConfigProvider>,
  );
}

describe('cart drawer', () => {
  it('lists the items with their pictures and shows the total with two decimals', async () => {
    openDrawer([
      item('a', 'Single Bottle', '18.99', 2),
      item('b', 'Smelling Salts 3-Pack', '44.99', 1, picture('/uploads/0123456789abcdef0123456789abcdef.webp', true)),
    ]);
    expect((await screen.findByTestId('cart-total')).textContent).toBe('$82.97');
    expect(screen.getByRole('dialog')).toBeTruthy();
    // Each line shows the picture the server chose for it: the drawn art, or the product's upload.
    expect(screen.getByRole('img', { name: 'Single Bottle' }).getAttribute('src')).toBe('/api/product-images/single?w=640');
    const upload = screen.getByRole('img', { name: 'Smelling Salts 3-Pack' });
    expect(upload.getAttribute('srcset')).toBe('/uploads/0123456789abcdef0123456789abcdef.webp 640w');
    expect([upload.getAttribute('width'), upload.getAttribute('height'), upload.getAttribute('sizes')]).toEqual([
      '640',
      '480',
      '80px',
    ]);
    expect(screen.getAllByRole('button', { name: 'Remove item' })).toHaveLength(2);
    // A line at quantity 1 cannot go lower: the decrease control is disabled there.
    const decrease = screen.getAllByRole('button', { name: 'Decrease quantity' });
    expect((decrease[0] as HTMLButtonElement).disabled).toBe(false);
    expect((decrease[1] as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('free shipping in the cart', () => {
  it('says how much more the cart needs for free shipping, and shows the way there', async () => {
    openDrawer([item('a', 'Single Bottle', '18.99', 2)], { rateCents: 391, freeOverCents: 5000 });
    const offer = await screen.findByTestId('free-shipping');
    expect(offer.textContent).toContain('Add $12.02 more for free shipping.');
    expect(screen.getByRole('progressbar', { name: 'Toward free shipping' }).getAttribute('aria-valuenow')).toBe('76');
    expect(screen.getByText(/Shipping \$3\.91, added at checkout\./)).toBeTruthy();
  });

  it('says so once the cart reaches it', async () => {
    openDrawer([item('b', 'Smelling Salts 3-Pack', '44.99', 2)], { rateCents: 391, freeOverCents: 5000 });
    expect((await screen.findByTestId('free-shipping')).textContent).toContain('You get free shipping.');
    expect(screen.getByText(/Shipping is free\./)).toBeTruthy();
  });

  it('says nothing of it when the store has no free-shipping amount', async () => {
    openDrawer([item('a', 'Single Bottle', '18.99', 1)]);
    await screen.findByTestId('cart-total');
    expect(screen.queryByTestId('free-shipping')).toBeNull();
  });
});

describe('a line’s delivery', () => {
  it('offers one-time or subscribe at each interval the product offers, and sends the choice for the line', async () => {
    const offered: CartItem = {
      ...item('a', 'Single Bottle', '18.99', 1),
      product: {
        ...item('a', 'Single Bottle', '18.99', 1).product,
        subscription: { intervalsWeeks: [4, 6], discountPercent: 10 },
      },
    };
    const sent: { url: string; body: unknown }[] = [];
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (url, init) => {
      sent.push({ url: String(url), body: init?.body ? JSON.parse(String(init.body)) : null });
      return new Response(JSON.stringify(String(url).includes('/api/cart/session') ? [offered] : offered), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    });
    try {
      openDrawer([offered, item('b', 'Smelling Salts 3-Pack', '44.99', 1)]);
      const select = (await screen.findByRole('combobox', { name: 'Delivery' })) as HTMLSelectElement;
      // Only the line whose product offers it; one-time until chosen.
      expect(screen.getAllByRole('combobox', { name: 'Delivery' })).toHaveLength(1);
      expect(select.value).toBe('once');
      expect([...select.options].map((o) => o.text)).toEqual([
        'One-time',
        'Every 4 weeks (save 10 %)',
        'Every 6 weeks (save 10 %)',
      ]);
      fireEvent.change(select, { target: { value: '6' } });
      await waitFor(() => expect(sent.some((r) => r.url.endsWith('/api/cart/a'))).toBe(true));
      expect(sent.find((r) => r.url.endsWith('/api/cart/a'))?.body).toEqual({ quantity: 1, subscription: { intervalWeeks: 6 } });
    } finally {
      fetchSpy.mockRestore();
    }
  });
});
