import { describe, expect, it } from 'vitest';
import { paidFor, taxFor, taxOfAmount } from './refund-amounts.ts';

/** Three bottles at 18.99 with 5.00 off the line and 3.01 of sales tax on what is left (docs/decisions/0047). */
const line = { productId: 5, quantity: 3, unitPriceCents: 1899, discountCents: 500, taxCents: 301 };

describe('what a refund of units gives back', () => {
  it('gives each unit its price less its discount share plus its tax share, the shares adding up to the line’s to the cent', () => {
    const none = new Map<number, number>();
    expect(taxFor([line], none, [{ productId: 5, quantity: 1 }])).toBe(100);
    expect(paidFor([line], none, [{ productId: 5, quantity: 1 }])).toBe(1899 - 167 + 100);
    // One after another, the three units give back the whole line: 5697 − 500 + 301.
    let refunded = 0;
    let cents = 0;
    for (let i = 0; i < 3; i += 1) {
      cents += paidFor([line], new Map([[5, refunded]]), [{ productId: 5, quantity: 1 }]);
      refunded += 1;
    }
    expect(cents).toBe(5697 - 500 + 301);
    expect(paidFor([line], none, [{ productId: 5, quantity: 3 }])).toBe(5498);
  });

  it('without tax on the line gives back what it did before', () => {
    const { taxCents: _t, ...untaxed } = line;
    expect(paidFor([untaxed], new Map(), [{ productId: 5, quantity: 2 }])).toBe(2 * 1899 - 333);
  });

  it('takes the tax of an amount in proportion, rounded down, and all the tax left with all that is left', () => {
    const order = { totalCents: 9187, refundedCents: 0, taxCents: 499, refundedTaxCents: 0 };
    expect(taxOfAmount(order, 1000)).toBe(54);
    expect(taxOfAmount(order, 9187)).toBe(499);
    const later = { ...order, refundedCents: 2008, refundedTaxCents: 109 };
    expect(taxOfAmount(later, 9187 - 2008)).toBe(390);
    expect(taxOfAmount({ ...order, refundedTaxCents: 499 }, 1000)).toBe(0);
    expect(taxOfAmount({ totalCents: 2290, refundedCents: 0, taxCents: 0, refundedTaxCents: 0 }, 1000)).toBe(0);
  });
});
