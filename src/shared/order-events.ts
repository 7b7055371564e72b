/** What can happen to an order, as its history records it (GET /api/orders/:id/timeline). */
export const ORDER_EVENT_TYPES = [
  'checkout_started',
  'shipping_saved',
  'payment_failed',
  'paid',
  'payment_problem',
  'checkout_closed',
  'email_sent',
  'label_created',
  'label_voided',
  'label_printed',
  'status_changed',
  'discount_applied',
  'discount_removed',
  'tax_calculated',
  'tracking',
  'return_requested',
  'return_approved',
  'return_refused',
  'return_received',
  'refunded',
  'refund_failed',
  'cancelled',
  'note',
  'disputed',
  'dispute_override',
] as const;
export type OrderEventType = (typeof ORDER_EVENT_TYPES)[number];

/** One line of an order's history: when, what, a sentence for the owner, and who. */
export interface OrderEvent {
  id: number;
  at: string;
  type: OrderEventType;
  message: string;
  /** 'shopper', 'store', 'payment provider', 'carrier', or the admin's username. */
  actor: string;
}
