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
    mustEnrol: false,
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

describe('the order card of a disputed order', () => {
  const disputed = (labelsBlocked: boolean, outcome: 'won' | 'lost' | null = null) =>
    order({
      dispute: {
        disputes: [
          {
            id: 'du_1Abc',
            amount: '22.90',
            currency: 'usd',
            reason: 'product_not_received',
            status: outcome ?? 'needs_response',
            evidenceDueBy: '2026-12-04T23:59:59.000Z',
            outcome,
            stripeUrl: 'https://dashboard.stripe.com/disputes/du_1Abc',
            openedAt: '2026-11-27T10:00:00.000Z',
          },
        ],
        labelsBlocked,
        labelsBlockedReason: labelsBlocked ? 'This order is disputed: the bank may take the payment back.' : null,
        overriddenAt: labelsBlocked ? null : '2026-11-27T11:00:00.000Z',
      },
    });

  it('shows the dispute, and the label button off with the reason as its description', () => {
    items(disputed(true));
    const panel = screen.getByRole('region', { name: 'Dispute' });
    expect(within(panel).getByRole('heading', { name: 'This payment is disputed' })).toBeTruthy();
    expect(panel.textContent).toContain('$22.90');
    expect(panel.textContent).toContain('product not received');
    expect(panel.textContent).toContain('Needs your response');
    expect(within(panel).getByRole('link', { name: 'Respond in Stripe' }).getAttribute('href')).toBe(
      'https://dashboard.stripe.com/disputes/du_1Abc',
    );
    const button = screen.getByRole('button', { name: 'Print Label' });
    expect(button).toHaveProperty('disabled', true);
    expect(button.getAttribute('aria-describedby')).toBe('order-1042-dispute-reason');
    expect(document.getElementById('order-1042-dispute-reason')?.textContent).toBe(
      'Labels are off: This order is disputed: the bank may take the payment back.',
    );
    expect(within(panel).getByRole('button', { name: 'Allow labels anyway' })).toBeTruthy();
  });

  it('once labels are allowed or the dispute is won: the button on, the outcome shown, no override offered', () => {
    items(disputed(false, 'won'));
    const panel = screen.getByRole('region', { name: 'Dispute' });
    expect(within(panel).getByRole('heading', { name: 'Dispute closed' })).toBeTruthy();
    expect(panel.textContent).toContain('Won: the payment stays with the store.');
    expect(within(panel).queryByRole('button', { name: 'Allow labels anyway' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Print Label' })).toHaveProperty('disabled', false);
  });
});

describe('the order card for a role', () => {
  function cardAs(role: 'fulfilment' | 'support') {
    const qc = makeAdminQueryClient(() => {});
    qc.setQueryData(meQuery().queryKey, {
      username: 'staff',
      labelProvider: 'builtin',
      mustEnrol: false,
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
