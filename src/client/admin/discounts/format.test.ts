import { describe, expect, it } from 'vitest';
import type { AdminDiscount } from '#shared/discounts.ts';
import { adminDiscount } from '#tests/support/discounts.ts';
import { codeLink, conditions, datesText, offText } from './format.ts';

const code = (changes: Partial<AdminDiscount> = {}): AdminDiscount => adminDiscount(changes);
const names: Record<number, string> = { 5: 'Single Bottle', 6: '3-Pack Bundle', 7: 'Travel Tin' };
const name = (id: number) => names[id];
/** ICU puts thin spaces around a range's dash; which ones depends on its version. */
const spaced = (s: string | null) => s?.replace(/\s/g, ' ') ?? null;

describe('what a code takes off', () => {
  it('reads as a percentage or dollars, and names the products it is kept to', () => {
    expect(offText(code(), name)).toBe('10% off');
    expect(offText(code({ kind: 'fixed', value: '5.00' }), name)).toBe('$5.00 off');
    expect(offText(code({ productIds: [5] }), name)).toBe('10% off on Single Bottle');
    expect(offText(code({ productIds: [6, 5] }), name)).toBe('10% off on 3-Pack Bundle and Single Bottle');
    expect(offText(code({ productIds: [5, 6, 7] }), name)).toBe('10% off on Single Bottle, 3-Pack Bundle and Travel Tin');
    // A product deleted since (or not loaded yet) still says which.
    expect(offText(code({ kind: 'fixed', value: '12.50', productIds: [99] }), name)).toBe('$12.50 off on product #99');
  });
});

describe('a code’s conditions', () => {
  it('say its days as the UTC days they are (the end day included)', () => {
    expect(spaced(datesText({ startsOn: '2026-03-01', endsOn: '2026-03-31' }))).toBe('Mar 1 – 31, 2026');
    expect(spaced(datesText({ startsOn: '2026-12-20', endsOn: '2027-01-05' }))).toBe('Dec 20, 2026 – Jan 5, 2027');
    expect(datesText({ startsOn: '2026-03-01', endsOn: null })).toBe('From Mar 1, 2026');
    expect(datesText({ startsOn: null, endsOn: '2026-03-31' })).toBe('Through Mar 31, 2026');
    expect(datesText({ startsOn: null, endsOn: null })).toBeNull();
  });

  it('list the minimum, the days, the uses of the limit and once per e-mail, and nothing for a code without any', () => {
    expect(conditions(code())).toEqual([]);
    expect(
      conditions(code({ minSubtotal: '40.00', startsOn: '2026-03-01', usageLimit: 50, used: 3, oncePerEmail: true })),
    ).toEqual(['Subtotal $40.00 or more', 'From Mar 1, 2026', '3 of 50 used', 'Once per e-mail address']);
  });
});

it('links to the store with the code for the storefront to put on the checkout', () => {
  expect(codeLink('https://ironwake.example', 'SPRING-15')).toBe('https://ironwake.example/?code=SPRING-15');
});
