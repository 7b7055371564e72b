import type { APIRequestContext } from '@playwright/test';
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

/**
 * A code made through the owner's API, as the Discounts tab makes it: `owner` is a signed-in
 * request context (a page's `request` after signing in, or its own), `origin` the store's address
 * when the context does not send it already. Throws with the server's answer unless it is created.
 */
export async function createCode(
  owner: APIRequestContext,
  code: string,
  over: Partial<DiscountBody> = {},
  origin?: string,
): Promise<AdminDiscount> {
  const res = await owner.post('/api/admin/discounts', {
    data: discountTerms({ code, ...over }),
    ...(origin ? { headers: { origin } } : {}),
  });
  if (res.status() !== 201) throw new Error(`The code ${code} was not created: ${res.status()} ${await res.text()}`);
  return (await res.json()) as AdminDiscount;
}
