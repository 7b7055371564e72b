import { describe, expect, it } from 'vitest';
import { forTags } from './tags.ts';

describe('addresses given to the marketing tags', () => {
  it('keep the campaign parameters and the ad click ids, and nothing else of the query or the fragment', () => {
    expect(
      forTags('https://shop.example/product/6?utm_source=news&review=t0ken&utm_campaign=spring&gclid=G1&fbclid=F1#reviews'),
    ).toBe('https://shop.example/product/6?utm_source=news&utm_campaign=spring&gclid=G1&fbclid=F1');
    expect(forTags('https://shop.example/order-confirmation?payment_intent=pi_abcdefgh123')).toBe(
      'https://shop.example/order-confirmation',
    );
    expect(forTags('https://shop.example/checkout?payment_intent=pi_a_secret_b&utm_source=x')).toBe(
      'https://shop.example/checkout?utm_source=x',
    );
  });

  it('match parameter names exactly: a look-alike is dropped', () => {
    expect(forTags('https://shop.example/?utm_source_token=s&xgclid=1&UTM_SOURCE=a&utm_=b')).toBe('https://shop.example/');
  });

  it('give an empty referrer for none', () => {
    expect(forTags('')).toBe('');
  });
});
