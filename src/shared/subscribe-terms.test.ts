import { describe, expect, it } from 'vitest';
import { subscriptionLineNote, subscriptionTerms, subscriptionUnitCents } from './subscribe-terms.ts';

describe('a subscription unit’s price (docs/decisions/0052)', () => {
  it('takes the discount off per unit, rounded half up to the cent', () => {
    expect(subscriptionUnitCents(1899, 10)).toBe(1709); // 189.9 → 190 off
    expect(subscriptionUnitCents(4499, 15)).toBe(3824); // 674.85 → 675 off
    expect(subscriptionUnitCents(1005, 10)).toBe(904); // 100.5 → 101 off: half a cent goes to the shopper
    expect(subscriptionUnitCents(1050, 5)).toBe(997); // 52.5 → 53 off: the half goes to the shopper
    expect(subscriptionUnitCents(1899, 0)).toBe(1899);
    expect(subscriptionUnitCents(1, 50)).toBe(0); // 0.5 → 1 off
  });
});

describe('the terms', () => {
  it('say the price, the interval, the discount and how to cancel', () => {
    const terms = subscriptionTerms({ price: '17.09', intervalWeeks: 4, discountPercent: 10 });
    expect(terms).toContain('$17.09 (10 % off) plus shipping and tax');
    expect(terms).toContain('every 4 weeks until you cancel');
    expect(terms).toContain('Cancel any time from the link in every e-mail or your subscription page.');
    expect(subscriptionTerms({ price: '5.00', intervalWeeks: 1, discountPercent: 0 })).toContain('$5.00 plus shipping and tax');
    expect(subscriptionLineNote(1, 0)).toBe('Every week');
    expect(subscriptionLineNote(6, 10)).toBe('Every 6 weeks, 10 % off');
  });
});
