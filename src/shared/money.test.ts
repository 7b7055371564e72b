import { describe, expect, it } from 'vitest';
import { formatCents, formatUsd, parseCents, savingsPercent } from './money.ts';

describe('money', () => {
  it('converts decimal strings and integer cents both ways without float drift', () => {
    expect(parseCents('18.99')).toBe(1899);
    expect(parseCents('44.9')).toBe(4490);
    expect(parseCents('0.07')).toBe(7);
    expect(parseCents('19')).toBe(1900);
    expect(formatCents(1899)).toBe('18.99');
    expect(formatCents(7)).toBe('0.07');
    // 3 × 18.99 is 56.97 exactly, where floats give 56.96999…
    expect(formatCents(parseCents('18.99') * 3)).toBe('56.97');
  });

  it('reads and shows sums beyond a single price, as the analytics figures are', () => {
    expect(parseCents('12345678.90')).toBe(1_234_567_890);
    expect(formatUsd(parseCents(formatCents(1_234_567_890)))).toBe('$12,345,678.90');
    expect(() => parseCents('12345678901234')).toThrow(RangeError);
  });

  it('refuses what is not a price', () => {
    for (const bad of ['-1', '1.999', 'abc', '', '1e3', ' 1', '1.']) expect(() => parseCents(bad), bad).toThrow(RangeError);
    expect(() => formatCents(1.5)).toThrow(RangeError);
  });

  it('formats dollars for display', () => {
    expect(formatUsd(123456)).toBe('$1,234.56');
    expect(formatUsd(0)).toBe('$0.00');
  });

  it('computes the 3-pack saving from data and never overstates it', () => {
    expect(savingsPercent(4499, 7497)).toBe(39);
    expect(savingsPercent(1899, null)).toBe(0);
    expect(savingsPercent(1000, 900)).toBe(0);
    expect(savingsPercent(6667, 10000)).toBe(33); // 33.33 → 33
  });
});
