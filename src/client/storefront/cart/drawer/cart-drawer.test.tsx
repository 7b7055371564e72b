// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CartItem } from '#shared/cart.ts';
import { makeQueryClient } from '../../../lib/query-client.ts';
import { productImageKind } from '../../catalog/components/product-image.tsx';
import CartDrawer from './cart-drawer.tsx';
import { cartCount, cartTotalCents } from '../cart-total.ts';
import { CartUiProvider, useCartUi } from '../cart-ui.tsx';

const item = (id: string, name: string, price: string, quantity: number): CartItem => ({
  id,
  quantity,
  productId: name.includes('3-Pack') ? 6 : 5,
  product: {
    id: name.includes('3-Pack') ? 6 : 5,
    name,
    price,
    imageUrl: '',
    isActive: true,
    available: 50,
    held: 0,
    heldBackBy: null,
  },
});

afterEach(cleanup);

describe('cart totals and pictures', () => {
  it('sums price × quantity in cents, without float drift', () => {
    const items = [item('a', 'Single Bottle', '18.99', 2), item('b', 'Smelling Salts 3-Pack', '44.99', 1)];
    expect(cartTotalCents(items)).toBe(8297);
    expect(cartTotalCents([item('a', 'Single Bottle', '18.99', 3)])).toBe(5697);
    expect(cartCount(items)).toBe(3);
  });

  it('pictures three bottles for the 3-Pack or for three or more singles', () => {
    expect(productImageKind('Single Bottle', 1)).toBe('single');
    expect(productImageKind('Single Bottle', 2)).toBe('single');
    expect(productImageKind('Single Bottle', 3)).toBe('3-pack');
    expect(productImageKind('Smelling Salts 3-Pack', 1)).toBe('3-pack');
  });
});

function Opened() {
  const { setOpen } = useCartUi();
  useEffect(() => setOpen(true), [setOpen]);
  return <CartDrawer />;
}

describe('cart drawer', () => {
  it('lists the items and shows the total with two decimals', async () => {
    const qc = makeQueryClient();
    const sessionId = 'session-1790000000000-abcdefghijklmnopqrstuvwxyzABCDEF';
    // The browser's cart session, as the storefront stored it on the first add.
    localStorage.setItem('cart_session_id', sessionId);
    qc.setQueryData(
      ['cart', sessionId],
      [item('a', 'Single Bottle', '18.99', 2), item('b', 'Smelling Salts 3-Pack', '44.99', 1)],
    );
    render(
      <QueryClientProvider client={qc}>
        <CartUiProvider>
          <Opened />
        </CartUiProvider>
      </QueryClientProvider>,
    );
    expect((await screen.findByTestId('cart-total')).textContent).toBe('$82.97');
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Remove item' })).toHaveLength(2);
    // A line at quantity 1 cannot go lower: the decrease control is disabled there.
    const decrease = screen.getAllByRole('button', { name: 'Decrease quantity' });
    expect((decrease[0] as HTMLButtonElement).disabled).toBe(false);
    expect((decrease[1] as HTMLButtonElement).disabled).toBe(true);
  });
});
