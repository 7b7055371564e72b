import type { ConfirmPaymentResult } from '#shared/checkout.ts';
import { api } from '../../../lib/api-client.ts';
import { sessionHeaders } from '../../../lib/session-id.ts';

/**
 * POST /api/checkout/:id/confirm (Stripe): the store's server confirms the payment with the
 * ConfirmationToken Stripe.js made, or again without one after the shopper's bank authenticated them.
 */
export const confirmPayment = (paymentIntentId: string, confirmationToken?: string) =>
  api<ConfirmPaymentResult>(`/api/checkout/${encodeURIComponent(paymentIntentId)}/confirm`, {
    method: 'POST',
    headers: sessionHeaders(),
    body: confirmationToken ? { confirmationToken } : {},
  });
