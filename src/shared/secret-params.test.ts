import { describe, expect, it } from 'vitest';
import { secretParamOf, splitSecretParams, withoutSecretParam, withSecretParams } from './secret-params.ts';

describe('secret query parameters', () => {
  it("are taken out of the confirmation page's address, whatever the path's case or trailing slash", () => {
    expect(splitSecretParams('/order-confirmation?payment_intent=pi_abcdefgh1234')).toEqual({
      url: '/order-confirmation',
      secrets: { payment_intent: 'pi_abcdefgh1234' },
    });
    expect(splitSecretParams('/Order-Confirmation/?utm_source=mail&payment_intent=pi_abcdefgh1234&x=1')).toEqual({
      url: '/Order-Confirmation/?utm_source=mail&x=1',
      secrets: { payment_intent: 'pi_abcdefgh1234' },
    });
  });

  it("are taken out of a product page's address (a review link's token), keeping the campaign", () => {
    expect(splitSecretParams('/product/5?utm_source=email&review=eyJh.c2ln&x=1')).toEqual({
      url: '/product/5?utm_source=email&x=1',
      secrets: { review: 'eyJh.c2ln' },
    });
    expect(splitSecretParams('/product/five?review=eyJh.c2ln')).toBeNull();
    expect(splitSecretParams('/?review=eyJh.c2ln')).toBeNull();
  });

  it('are forgotten one at a time', () => {
    const state = withSecretParams({ idx: 1 }, { review: 't', payment_intent: 'p' });
    expect(withoutSecretParam(state, 'review')).toEqual({ idx: 1, secretParams: { payment_intent: 'p' } });
    expect(withoutSecretParam(null, 'review')).toBeNull();
  });

  it('are left alone on other pages, and an address without them gives nothing', () => {
    expect(splitSecretParams('/checkout?payment_intent=pi_a_secret_b')).toBeNull();
    expect(splitSecretParams('/?payment_intent=pi_abcdefgh1234')).toBeNull();
    expect(splitSecretParams('/order-confirmation')).toBeNull();
    expect(splitSecretParams('/order-confirmation?utm_source=mail')).toBeNull();
  });

  it('are read from a location state, which keeps what else it held', () => {
    const state = withSecretParams({ from: 'cart', secretParams: { other: 'x' } }, { payment_intent: 'pi_abcdefgh1234' });
    expect(state).toEqual({ from: 'cart', secretParams: { other: 'x', payment_intent: 'pi_abcdefgh1234' } });
    expect(secretParamOf(state, 'payment_intent')).toBe('pi_abcdefgh1234');
    expect(secretParamOf(withSecretParams(null, { payment_intent: 'pi_b' }), 'payment_intent')).toBe('pi_b');
    for (const other of [null, undefined, 'text', { secretParams: 'x' }, { secretParams: { payment_intent: 5 } }]) {
      expect(secretParamOf(other, 'payment_intent')).toBeNull();
    }
  });
});
