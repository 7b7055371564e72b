import { z } from 'zod';
import { DISPUTE_STATUSES } from '#shared/disputes.ts';
import { type ProviderDispute, type ProviderEvent, WebhookMalformedError } from './provider.ts';

/** Stripe's dispute events the store reads (https://docs.stripe.com/api/events/types). */
export const DISPUTE_EVENTS = new Set([
  'charge.dispute.created',
  'charge.dispute.updated',
  'charge.dispute.closed',
  'charge.dispute.funds_withdrawn',
  'charge.dispute.funds_reinstated',
]);

const idOf = (prefix: string) =>
  z.union([
    z.string().regex(new RegExp(`^${prefix}_[A-Za-z0-9]{1,250}$`)),
    z.object({ id: z.string().regex(new RegExp(`^${prefix}_[A-Za-z0-9]{1,250}$`)) }).transform((o) => o.id),
  ]);

/** The fields of Stripe's Dispute object the store keeps (https://docs.stripe.com/api/disputes/object). */
const DisputeObjectSchema = z.object({
  object: z.literal('dispute'),
  id: z.string().regex(/^(du|dp)_[A-Za-z0-9]{1,250}$/),
  charge: idOf('ch|py'),
  payment_intent: idOf('pi').nullable().optional(),
  amount: z.number().int().min(0).max(2_147_483_647),
  currency: z.string().regex(/^[a-z]{3}$/),
  reason: z.string().regex(/^[a-z_]{1,64}$/),
  status: z.enum(DISPUTE_STATUSES),
  evidence_details: z.object({ due_by: z.number().int().positive().nullable() }).nullable().optional(),
  is_charge_refundable: z.boolean(),
  created: z.number().int().positive(),
  balance_transactions: z
    .array(z.object({ amount: z.number().int() }).passthrough())
    .max(100)
    .optional(),
});

/**
 * A verified `charge.dispute.*` event read into what the store keeps; throws WebhookMalformedError
 * when its object is not a dispute as Stripe describes it (nothing is written for it).
 */
export function readDisputeEvent(event: { id: string; type: string; created: number; data: { object: unknown } }): ProviderEvent {
  const parsed = DisputeObjectSchema.safeParse(event.data.object);
  if (!parsed.success) throw new WebhookMalformedError(`${event.type}: the dispute object is malformed`);
  const d = parsed.data;
  const dispute: ProviderDispute = {
    id: d.id,
    chargeId: d.charge,
    paymentId: d.payment_intent ?? null,
    amountCents: d.amount,
    currency: d.currency,
    reason: d.reason,
    status: d.status,
    evidenceDueBy: d.evidence_details?.due_by ? new Date(d.evidence_details.due_by * 1000) : null,
    isChargeRefundable: d.is_charge_refundable,
    created: d.created,
    balanceCents: (d.balance_transactions ?? []).map((b) => b.amount),
  };
  return {
    id: event.id,
    type: event.type,
    paymentId: dispute.paymentId,
    outcome: 'dispute',
    lastError: null,
    dispute,
    created: event.created,
  };
}
