import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors.ts';
import { MAX_PAYMENT_CENTS, priceCheckout, SHIPPING_CENTS } from './pricing.ts';

describe('priceCheckout', () => {
  it('adds each line at its price times its quantity, and the flat shipping rate once', () => {
    expect(SHIPPING_CENTS).toBe(391);
    expect(
      priceCheckout([
        { priceCents: 1299, quantity: 2 },
        { priceCents: 2999, quantity: 1 },
      ]),
    ).toEqual({ subtotalCents: 5597, shippingCents: 391, totalCents: 5988 });
  });

  it('charges shipping on a single cheap line too (a flat rate, no free threshold)', () => {
    expect(priceCheckout([{ priceCents: 1, quantity: 1 }])).toEqual({ subtotalCents: 1, shippingCents: 391, totalCents: 392 });
  });

  it('takes a total of exactly the most a card payment can be, and refuses one cent more with a 400', () => {
    const atLimit = MAX_PAYMENT_CENTS - SHIPPING_CENTS;
    expect(priceCheckout([{ priceCents: atLimit, quantity: 1 }]).totalCents).toBe(MAX_PAYMENT_CENTS);
    let refused: unknown;
    try {
      priceCheckout([{ priceCents: atLimit + 1, quantity: 1 }]);
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
    expect(() => priceCheckout([line, line])).toThrow(AppError);
  });
});
