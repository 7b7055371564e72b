import { z } from 'zod';
import type { RenewalConfirmed, RenewalMade } from './renewals.ts';
import { isoTime, moneyText } from './response-schemas.ts';

/** Subscription renewals' answers (docs/decisions/0023, 0053). */

export const RenewalConfirmedSchema = z
  .object({
    confirmedFor: isoTime.describe('The renewal confirmed: charged and shipped then'),
    nextRenewalAt: isoTime,
  })
  .meta({ id: 'RenewalConfirmed' }) satisfies z.ZodType<RenewalConfirmed>;

export const RenewalMadeSchema = z
  .object({
    orderId: z.number().int().describe('The paid renewal order (GET /api/orders/{id})'),
    total: moneyText,
    nextRenewalAt: isoTime.describe('The renewal after this one'),
  })
  .meta({ id: 'RenewalMade' }) satisfies z.ZodType<RenewalMade>;
