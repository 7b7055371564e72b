import {
  type DisputeStatus,
  disputeStripeUrl,
  OPEN_DISPUTE_STATUSES,
  type OrderDispute,
  type OrderDisputes,
} from '#shared/disputes.ts';
import { formatCents } from '#shared/money.ts';
import type { DisputeRow } from './disputes-repo.ts';
import type { OrderRow } from './repo.ts';

/* What the owner reads of an order's disputes (docs/decisions/0059). */

/**
 * How far along a dispute is: a status only ever moves up this order, so an event delivered late
 * never takes a dispute back (docs/decisions/0059). An inquiry may become a chargeback; the last
 * three are final.
 */
export const RANK: Record<DisputeStatus, number> = {
  warning_needs_response: 1,
  warning_under_review: 2,
  needs_response: 3,
  under_review: 4,
  warning_closed: 5,
  won: 5,
  lost: 5,
};
export const isOpen = (s: string | null) => s !== null && (OPEN_DISPUTE_STATUSES as readonly string[]).includes(s);

export const STATUS_WORDS: Record<DisputeStatus, string> = {
  warning_needs_response: 'an inquiry waiting for your response',
  warning_under_review: 'an inquiry under review',
  warning_closed: 'an inquiry closed without a chargeback',
  needs_response: 'waiting for your evidence',
  under_review: 'under review by the bank',
  won: 'won: the payment stays with the store',
  lost: 'lost: the bank took the payment back',
};

/** Why labels are refused for this order now; null when they are not (docs/decisions/0059). */
export function labelsBlockedReason(order: Pick<OrderRow, 'disputeStatus' | 'disputeOverrideAt'>): string | null {
  if (order.disputeOverrideAt) return null;
  if (isOpen(order.disputeStatus)) {
    return 'This order is disputed: the bank may take the payment back. Answer the dispute in Stripe, or allow labels for this order in the dashboard.';
  }
  if (order.disputeStatus === 'lost') {
    return 'This order is disputed: the dispute was lost and the payment taken back. Allow labels for this order in the dashboard to ship it anyway.';
  }
  return null;
}

const toDispute = (r: DisputeRow): OrderDispute => ({
  id: r.id,
  amount: formatCents(r.amountCents),
  currency: r.currency,
  reason: r.reason,
  status: r.status,
  evidenceDueBy: r.evidenceDueBy?.toISOString() ?? null,
  outcome: r.status === 'won' || r.status === 'lost' ? r.status : null,
  stripeUrl: disputeStripeUrl(r.id),
  openedAt: r.openedAt.toISOString(),
});

/** The order's disputes and what they mean for its labels, as the order card shows them. */
export function toOrderDisputes(order: OrderRow, rows: readonly DisputeRow[]): OrderDisputes {
  const reason = labelsBlockedReason(order);
  return {
    disputes: rows.map(toDispute),
    labelsBlocked: reason !== null,
    labelsBlockedReason: reason,
    overriddenAt: order.disputeOverrideAt?.toISOString() ?? null,
  };
}
