import { describe, expect, it } from 'vitest';
import { isOpen } from './lifecycle.ts';
import type { OrderRow } from './repo.ts';

const HOUR = 3_600_000;
/** An unpaid checkout that ends in an hour: the one shape that can still be paid. */
const open = { status: 'pending', expiredAt: null, paymentIssue: null, paidAt: null, expiresAt: new Date(Date.now() + HOUR) };
const order = (change: Partial<OrderRow>) => ({ ...open, ...change }) as OrderRow;

describe('isOpen: which checkouts can still be paid', () => {
  it('an unpaid checkout before its end', () => {
    expect(isOpen(order({}))).toBe(true);
  });

  it('not once its end has passed, even before the sweep closes it', () => {
    expect(isOpen(order({ expiresAt: new Date(Date.now() - 1) }))).toBe(false);
  });

  it('not once closed, flagged with a payment problem, or paid', () => {
    expect(isOpen(order({ expiredAt: new Date() }))).toBe(false);
    expect(isOpen(order({ paymentIssue: 'stock gone' }))).toBe(false);
    expect(isOpen(order({ paidAt: new Date() }))).toBe(false);
  });

  it('not in any status past pending', () => {
    for (const status of ['paid', 'shipped', 'delivered'] as const) expect(isOpen(order({ status }))).toBe(false);
  });
});
