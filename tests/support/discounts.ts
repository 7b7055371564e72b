import type { AdminDiscount } from '#shared/discounts.ts';
import type { DiscountBody } from '#shared/discounts-schemas.ts';

/** A code's terms as the Discounts tab sends them: SALTY10, 10% off everything, no conditions; `over` changes any. */
export function discountTerms(over: Partial<DiscountBody> = {}): DiscountBody {
  return {
    code: 'SALTY10',
    kind: 'percent',
    value: '10',
    minSubtotal: null,
    startsOn: null,
    endsOn: null,
    usageLimit: null,
    oncePerEmail: false,
    productIds: null,
    active: true,
    ...over,
  };
}

/** A code as GET /api/admin/discounts lists it: those terms, live and unused; `over` changes any. */
export function adminDiscount(over: Partial<AdminDiscount> = {}): AdminDiscount {
  const { code, kind, value, minSubtotal, startsOn, endsOn, usageLimit, oncePerEmail, productIds, active } = discountTerms();
  return {
    id: 1,
    code,
    kind,
    value,
    minSubtotal,
    startsOn,
    endsOn,
    usageLimit,
    oncePerEmail,
    productIds,
    active,
    used: 0,
    redeemed: 0,
    savedTotal: '0.00',
    state: 'live',
    updatedAt: '2026-03-01T00:00:00.000Z',
    updatedBy: 'owner',
    ...over,
  } as AdminDiscount;
}
