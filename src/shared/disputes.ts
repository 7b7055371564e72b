import { z } from 'zod';
import { multiLine } from './validation.ts';

/**
 * Stripe's dispute statuses (https://docs.stripe.com/api/disputes/object): `warning_*` are
 * inquiries, the others chargebacks; `won`, `lost` and `warning_closed` are final.
 */
export const DISPUTE_STATUSES = [
  'warning_needs_response',
  'warning_under_review',
  'warning_closed',
  'needs_response',
  'under_review',
  'won',
  'lost',
] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];

/** A dispute as the payment provider reports it (Stripe's Dispute object), read by payments and kept by orders. */
export interface DisputeFacts {
  id: string;
  chargeId: string;
  paymentId: string | null;
  amountCents: number;
  currency: string;
  reason: string;
  status: DisputeStatus;
  evidenceDueBy: Date | null;
  isChargeRefundable: boolean;
  /** Stripe's `created` of the dispute (Unix seconds). */
  created: number;
  /** Its balance transactions' amounts (negative: withdrawn, positive: reinstated). */
  balanceCents: number[];
}

/** Still waiting for an answer from the store or a decision from the bank. */
export const OPEN_DISPUTE_STATUSES: readonly DisputeStatus[] = [
  'warning_needs_response',
  'warning_under_review',
  'needs_response',
  'under_review',
];

/** A dispute of an order's payment, as the dashboard shows it (docs/decisions/0059). */
export interface OrderDispute {
  /** Stripe's dispute id (du_…). */
  id: string;
  /** The disputed amount, a decimal string. */
  amount: string;
  currency: string;
  /** Stripe's reason: fraudulent, product_not_received, duplicate, … */
  reason: string;
  status: DisputeStatus;
  /** When Stripe must have the evidence (ISO time); null when none is due. */
  evidenceDueBy: string | null;
  /** won or lost once closed; null while open (an inquiry closed without a chargeback: warning_closed). */
  outcome: 'won' | 'lost' | null;
  /** Stripe's dashboard page of the dispute, where the evidence is sent. */
  stripeUrl: string;
  openedAt: string;
}

/** What the order card shows of an order's disputes. */
export interface OrderDisputes {
  disputes: OrderDispute[];
  /** Whether labels are refused for it now (an open or lost dispute, not overridden). */
  labelsBlocked: boolean;
  /** Why, in the words the label calls answer; null when they are not refused. */
  labelsBlockedReason: string | null;
  /** When the owner allowed labels despite the dispute; null when they have not. */
  overriddenAt: string | null;
}

/** POST /api/admin/orders/:id/dispute-override: the owner confirms, and may say why (kept in the history). */
export const DisputeOverrideBodySchema = z.strictObject({
  confirm: z.literal(true, { error: 'Send confirm: true to allow labels for this disputed order' }),
  note: multiLine(500, 'A note must be at most 500 characters').optional(),
});
export type DisputeOverrideBody = z.infer<typeof DisputeOverrideBodySchema>;

export const disputeStripeUrl = (id: string) => `https://dashboard.stripe.com/disputes/${encodeURIComponent(id)}`;
