import { describe, expect, it } from 'vitest';
import { addBusinessDays, estimateDelivery } from './delivery.ts';

const at = (iso: string) => new Date(iso);

describe('business days', () => {
  it('skips Saturdays and Sundays', () => {
    // Thursday 2026-11-26 + 1 → Friday; + 2 → Monday; + 5 → Thursday next week.
    expect(addBusinessDays(at('2026-11-26T10:00:00Z'), 1).toISOString().slice(0, 10)).toBe('2026-11-27');
    expect(addBusinessDays(at('2026-11-26T10:00:00Z'), 2).toISOString().slice(0, 10)).toBe('2026-11-30');
    expect(addBusinessDays(at('2026-11-26T10:00:00Z'), 5).toISOString().slice(0, 10)).toBe('2026-12-03');
    // From a Saturday, the first business day is Monday.
    expect(addBusinessDays(at('2026-11-28T10:00:00Z'), 1).toISOString().slice(0, 10)).toBe('2026-11-30');
  });
});

describe('the delivery estimate', () => {
  const none = { paidAt: null, shippedAt: null, deliveredAt: null, carrierEstimate: null };

  it('is the delivery day once delivered, whatever else is known', () => {
    expect(
      estimateDelivery({
        ...none,
        paidAt: at('2026-11-20T10:00:00Z'),
        deliveredAt: at('2026-11-25T16:00:00Z'),
        carrierEstimate: '2026-11-30',
      }),
    ).toEqual({ kind: 'delivered', on: '2026-11-25' });
  });

  it("is the carrier's day when it gives one", () => {
    expect(estimateDelivery({ ...none, paidAt: at('2026-11-20T10:00:00Z'), carrierEstimate: '2026-11-27' })).toEqual({
      kind: 'expected',
      from: '2026-11-27',
      to: '2026-11-27',
      byCarrier: true,
    });
  });

  it('counts 3 to 5 business days of transit from the day it shipped', () => {
    expect(estimateDelivery({ ...none, paidAt: at('2026-11-23T10:00:00Z'), shippedAt: at('2026-11-24T10:00:00Z') })).toEqual({
      kind: 'expected',
      from: '2026-11-27',
      to: '2026-12-01',
      byCarrier: false,
    });
  });

  it('adds 1 to 2 business days of handling before it ships', () => {
    expect(estimateDelivery({ ...none, paidAt: at('2026-11-23T10:00:00Z') })).toEqual({
      kind: 'expected',
      from: '2026-11-27',
      to: '2026-12-02',
      byCarrier: false,
    });
  });

  it('has nothing to say of an unpaid order', () => {
    expect(estimateDelivery(none)).toBeNull();
  });
});
