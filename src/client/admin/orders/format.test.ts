import { describe, expect, it } from 'vitest';
import type { AdminOrder } from '#shared/admin.ts';
import { formatPhone, orderDetails, orderLabel } from './format.ts';

const order = {
  id: 1001,
  stripePaymentIntentId: 'pi_ABCDEFGHIJKLMNOP12345678',
  firstName: 'Dana',
  lastName: 'Lee',
  email: 'dana@example.com',
} as AdminOrder;

describe('order card formatting', () => {
  it('formats 10- and 11-digit US numbers, keeps others, and says when there is none', () => {
    expect(formatPhone('555 010 0199')).toBe('+1-555-010-0199');
    expect(formatPhone('1 (555) 010-0199')).toBe('+1-555-010-0199');
    expect(formatPhone('+44 20 7946 0958')).toBe('+44 20 7946 0958');
    expect(formatPhone('')).toBe('Not provided');
    expect(formatPhone(null)).toBe('Not provided');
  });

  it('labels an order with the last 8 characters of its payment id', () => {
    expect(orderLabel(order)).toBe('12345678');
  });

  it('copies the details with money as the store shows it everywhere', () => {
    const text = orderDetails({
      ...order,
      status: 'paid',
      createdAt: '2026-11-20T15:04:00.000Z',
      phone: null,
      items: [{ productId: 6, name: 'Smelling Salts 3-Pack', quantity: 30, unitPrice: '44.99' }],
      total: '1353.61',
      shippingAddress: null,
      trackingNumber: null,
    } as AdminOrder);
    expect(text).toContain('  30 × Smelling Salts 3-Pack @ $44.99\n');
    expect(text).toContain('\nTotal: $1,353.61\n');
  });
});
