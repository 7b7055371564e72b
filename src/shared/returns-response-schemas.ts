import { z } from 'zod';
import { isoTime, moneyText } from './response-schemas.ts';
import { type AdminReturn, RETURN_STATUSES, type ReturnLabel, type ReturnStatus, type ShopperReturn } from './returns.ts';

/** Returns' answers, to the shopper and to the owner (docs/decisions/0023, 0037). */

export const ReturnLabelSchema = z
  .object({
    url: z.string().describe('Where the PDF is: under the shopper’s order page, or the owner’s address'),
    prepaid: z
      .boolean()
      .describe('A prepaid label bought from a carrier (false: a slip to post the parcel with, postage refunded)'),
    carrier: z.string().nullable(),
    service: z.string().nullable(),
    trackingNumber: z.string().nullable(),
    trackingUrl: z.string().nullable(),
    cost: moneyText.nullable().describe('What the store paid for it; null for a slip'),
  })
  .meta({ id: 'ReturnLabel' }) satisfies z.ZodType<ReturnLabel>;

const returnFields = {
  id: z.number().int(),
  rma: z.string().describe('The return’s number as the shopper and the owner read it: RMA-101'),
  status: z
    .enum(RETURN_STATUSES)
    .describe(
      'requested: the shopper asked; approved: a return label was made; refused; received: the parcel came back and its lines were refunded',
    ),
  statusLabel: z.string(),
  reason: z.string(),
  refusal: z.string().nullable(),
  items: z.array(z.object({ productId: z.number().int(), name: z.string(), quantity: z.number().int() })),
  value: moneyText.describe('What the lines are worth'),
  requestedAt: isoTime,
  label: ReturnLabelSchema.nullable(),
  arrivedAt: isoTime.nullable(),
  receivedAt: isoTime.nullable(),
};

export const ShopperReturnSchema = z.object(returnFields).meta({ id: 'ShopperReturn' }) satisfies z.ZodType<ShopperReturn>;

export const AdminReturnSchema = z
  .object({
    ...returnFields,
    orderId: z.number().int(),
    customerName: z.string(),
    email: z.string().nullable(),
    decidedBy: z.string().nullable(),
    decidedAt: isoTime.nullable(),
    restocked: z.boolean().nullable(),
    refunded: moneyText.nullable().describe('The refund made when it was received; null until it is'),
    labelMissing: z.boolean().describe('Waiting for a label that failed to be made: approving again tries again'),
  })
  .meta({ id: 'AdminReturn' }) satisfies z.ZodType<AdminReturn>;

export const AdminReturnsPageSchema = z
  .object({
    returns: z.array(AdminReturnSchema),
    counts: z.object({
      requested: z.number().int(),
      approved: z.number().int(),
      refused: z.number().int(),
      received: z.number().int(),
    }) satisfies z.ZodType<Record<ReturnStatus, number>>,
  })
  .meta({ id: 'AdminReturnsPage' });
