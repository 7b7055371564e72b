import { z } from 'zod';
import { DISPUTE_STATUSES, type OrderDisputes } from './disputes.ts';
import { isoTime, moneyText } from './response-schemas.ts';

/** An order's disputes as the owner reads them (docs/decisions/0059). */
export const OrderDisputesSchema = z
  .object({
    disputes: z.array(
      z.object({
        id: z.string().describe('Stripe’s dispute id'),
        amount: moneyText.describe('The disputed amount'),
        currency: z.string(),
        reason: z.string().describe('Stripe’s reason: fraudulent, product_not_received, …'),
        status: z.enum(DISPUTE_STATUSES),
        evidenceDueBy: isoTime.nullable().describe('When Stripe must have the evidence'),
        outcome: z.enum(['won', 'lost']).nullable().describe('Once closed; null while open'),
        stripeUrl: z.string().describe('The dispute in Stripe’s dashboard'),
        openedAt: isoTime,
      }),
    ),
    labelsBlocked: z.boolean().describe('Labels are refused (an open or lost dispute the owner has not overridden)'),
    labelsBlockedReason: z.string().nullable(),
    overriddenAt: isoTime.nullable().describe('When the owner allowed labels despite the dispute'),
  })
  .meta({ id: 'OrderDisputes' }) satisfies z.ZodType<OrderDisputes>;
