// @vitest-environment jsdom
import { PERMISSIONS, ROLE_PERMISSIONS } from '#shared/staff.ts';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminOrder } from '#shared/admin.ts';
import { adminOrder } from '#tests/support/admin-orders.ts';
import { makeAdminQueryClient } from '../session/admin-query-client.ts';
import { meQuery } from '../session/api/get-me.ts';
import { OrderCard } from './order-card.tsx';

beforeEach(() => {
  // The card's history asks the store as it opens: an empty one.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify([]))),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const order = (changes: Partial<AdminOrder> = {}): AdminOrder => adminOrder({ paymentMethodKind: null, ...changes });

function items(o: AdminOrder) {
  const qc = makeAdminQueryClient(() => {});
  qc.setQueryData(meQuery().queryKey, {
    username: 'owner',
    labelProvider: 'builtin',
    role: 'owner',
    permissions: [...PERMISSIONS],
  });
  render(
    <QueryClientProvider client={qc}>
      <OrderCard order={o} />
    </QueryClientProvider>,
  );
  const heading = screen.getByRole('heading', { name: 'Items' });
  return [...(heading.parentElement as HTMLElement).querySelectorAll('p')].map((p) => p.textContent);
}

describe('the order card’s totals', () => {
  it('show the code and what it took off, free shipping, and how it was paid', () => {
    const lines = items(
      order({
        items: [{ productId: 6, name: '3-Pack Bundle', quantity: 2, unitPrice: '41.49' }],
        discount: { code: 'SALTY10', amount: '8.30' },
        shippingCharged: '0.00',
        total: '74.68',
        paymentMethodKind: 'apple_pay',
      }),
    );
    expect(lines).toEqual(['Discount (SALTY10) −$8.30', 'Shipping Free', 'Total $74.68', 'Paid with Apple Pay']);
  });

  it('says "Free" for shipping that cost nothing, however the amount is written', () => {
    for (const free of ['0.00', '0', '0.0']) {
      expect(items(order({ shippingCharged: free }))).toContain('Shipping Free');
      cleanup();
    }
  });

  it('without a code: no discount line, the shipping paid, and no payment method before payment', () => {
    expect(items(order({ status: 'pending', paidAt: null }))).toEqual(['Shipping $3.91', 'Total $22.90']);
    cleanup();
    expect(items(order({ paymentMethodKind: 'card' }))).toEqual(['Shipping $3.91', 'Total $22.90', 'Paid with Card']);
    expect(within(screen.getByRole('article')).queryByTestId('order-discount')).toBeNull();
  });
});

describe('the order card for a role', () => {
  function cardAs(role: 'fulfilment' | 'support') {
    const qc = makeAdminQueryClient(() => {});
    qc.setQueryData(meQuery().queryKey, {
      username: 'staff',
      labelProvider: 'builtin',
      role,
      permissions: [...ROLE_PERMISSIONS[role]],
    });
    render(
      <QueryClientProvider client={qc}>
        <OrderCard order={order()} />
      </QueryClientProvider>,
    );
  }

  it('shows the packer Print Label and the status, not Refund or Cancel Order', () => {
    cardAs('fulfilment');
    expect(screen.getByRole('button', { name: 'Print Label' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Refund' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel Order' })).toBeNull();
    expect((screen.getByRole('combobox', { name: 'Status' }) as HTMLSelectElement).disabled).toBe(false);
  });

  it('shows support no label, money or status controls', () => {
    cardAs('support');
    for (const name of ['Print Label', 'Refund', 'Cancel Order']) expect(screen.queryByRole('button', { name })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Packing Slip' })).toBeNull();
    expect((screen.getByRole('combobox', { name: 'Status' }) as HTMLSelectElement).disabled).toBe(true);
  });
});
