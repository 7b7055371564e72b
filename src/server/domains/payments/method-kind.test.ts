import { describe, expect, it } from 'vitest';
import { paymentMethodKind } from './method-kind.ts';

describe('the kind of payment method', () => {
  it('is the wallet for a card paid through Apple Pay, Google Pay or another wallet', () => {
    for (const wallet of ['apple_pay', 'google_pay', 'samsung_pay']) {
      const details = { type: 'card', card: { wallet: { type: wallet } } };
      expect(paymentMethodKind({ status: 'succeeded', payment_method_details: details })).toBe(wallet);
    }
  });

  it('is card for a card typed in, with or without an empty wallet', () => {
    expect(paymentMethodKind({ status: 'succeeded', payment_method_details: { type: 'card', card: { wallet: null } } })).toBe(
      'card',
    );
    expect(paymentMethodKind({ status: 'succeeded', payment_method_details: { type: 'card', card: {} } })).toBe('card');
    expect(paymentMethodKind({ status: 'pending', payment_method_details: { type: 'card' } })).toBe('card');
  });

  it('is the payment method type for anything else: link, and types the store has not met', () => {
    expect(paymentMethodKind({ status: 'succeeded', payment_method_details: { type: 'link' } })).toBe('link');
    expect(paymentMethodKind({ status: 'pending', payment_method_details: { type: 'us_bank_account' } })).toBe('us_bank_account');
  });

  it('is null before anything was charged and for a failed charge', () => {
    expect(paymentMethodKind(null)).toBeNull();
    expect(paymentMethodKind(undefined)).toBeNull();
    expect(paymentMethodKind({ status: 'succeeded', payment_method_details: null })).toBeNull();
    expect(
      paymentMethodKind({ status: 'failed', payment_method_details: { type: 'card', card: { wallet: { type: 'apple_pay' } } } }),
    ).toBeNull();
  });
});
