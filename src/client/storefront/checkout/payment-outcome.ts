/** What a payment form reports to the checkout page, whichever provider confirmed it. */
export type PaymentOutcome =
  /** The provider's answer: 'succeeded', 'requires_payment_method' (declined, with its message), or not final yet. */
  | { kind: 'result'; status: string; message?: string | undefined }
  /** The form itself shows what to fix (an incomplete card); nothing was sent. */
  | { kind: 'invalid' }
  /** The payment could not be attempted (network, provider down). */
  | { kind: 'error'; error: unknown };

/** Statuses after which the shopper must try again with another card. */
export const FAILED_STATUSES = new Set(['requires_payment_method', 'canceled']);
