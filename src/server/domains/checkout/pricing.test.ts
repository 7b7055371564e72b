import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors.ts';
import { MAX_PAYMENT_CENTS, priceCheckout } from './pricing.ts';

const FLAT = { rateCents: 391, freeOverCents: null };
const FREE_OVER_50 = { rateCents: 391, freeOverCents: 5000 };

describe('priceCheckout', () => {
  it('adds each line at its price times its quantity, and the flat shipping rate once', () => {
    expect(
      priceCheckout(
        [
          { priceCents: 1299, quantity: 2 },
          { priceCents: 2999, quantity: 1 },
        ],
        FLAT,
      ),
    ).toEqual({ subtotalCents: 5597, discountCents: 0, shippingCents: 391, totalCents: 5988 });
  });

  it('charges shipping on a single cheap line too when the store has no free-shipping amount', () => {
    expect(priceCheckout([{ priceCents: 1, quantity: 1 }], FLAT)).toEqual({
      subtotalCents: 1,
      discountCents: 0,
      shippingCents: 391,
      totalCents: 392,
    });
  });

  it('ships free from the free-shipping amount, reached by the subtotal after the discount', () => {
    expect(priceCheckout([{ priceCents: 5000, quantity: 1 }], FREE_OVER_50).shippingCents).toBe(0);
    expect(priceCheckout([{ priceCents: 4999, quantity: 1 }], FREE_OVER_50).shippingCents).toBe(391);
    // 60.00 less 15.00 off is 45.00: under the amount, so shipping is charged.
    expect(priceCheckout([{ priceCents: 6000, quantity: 1 }], FREE_OVER_50, 1500)).toEqual({
      subtotalCents: 6000,
      discountCents: 1500,
      shippingCents: 391,
      totalCents: 4891,
    });
  });

  it('never takes off more than the subtotal', () => {
    expect(priceCheckout([{ priceCents: 1000, quantity: 1 }], FLAT, 5000)).toEqual({
      subtotalCents: 1000,
      discountCents: 1000,
      shippingCents: 391,
      totalCents: 391,
    });
  });

  it('takes a total of exactly the most a card payment can be, and refuses one cent more with a 400', () => {
    const atLimit = MAX_PAYMENT_CENTS - FLAT.rateCents;
    expect(priceCheckout([{ priceCents: atLimit, quantity: 1 }], FLAT).totalCents).toBe(MAX_PAYMENT_CENTS);
    let refused: unknown;
    try {
      priceCheckout([{ priceCents: atLimit + 1, quantity: 1 }], FLAT);
    } catch (err) {
      refused = err;
    }
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).status).toBe(400);
    expect((refused as AppError).message).toBe(
      'This order comes to more than $999,999.99, the most a card payment can be. Please remove some items from your cart.',
    );
  });

  it('refuses many dear lines whose sum passes the limit though none does alone', () => {
    const line = { priceCents: 999_999, quantity: 99 };
    expect(() => priceCheckout([line, line], FLAT)).toThrow(AppError);
  });
});
