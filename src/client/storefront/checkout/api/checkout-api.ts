import { queryOptions } from '@tanstack/react-query';
import type { CheckoutOrder, ShippingFields, TestConfirmResult } from '#shared/checkout.ts';
import { api } from '../../../lib/api-client.ts';
import { peekSessionId } from '../../../lib/session-id.ts';

const session = (): Record<string, string> => {
  const id = peekSessionId();
  return id ? { 'x-session-id': id } : {};
};

export const checkoutOrderQuery = (paymentIntentId: string) =>
  queryOptions({
    queryKey: ['checkout-order', paymentIntentId] as const,
    queryFn: () => api<CheckoutOrder>(`/api/checkout/${encodeURIComponent(paymentIntentId)}`, { headers: session() }),
  });

export const saveShipping = (paymentIntentId: string, fields: ShippingFields) =>
  api<CheckoutOrder>('/api/orders/shipping', { method: 'POST', headers: session(), body: { paymentIntentId, ...fields } });

export const confirmTestPayment = (clientSecret: string, cardNumber: string) =>
  api<TestConfirmResult>('/api/payments/test/confirm', { method: 'POST', body: { paymentIntentId: clientSecret, cardNumber } });

export const completeOrder = (paymentIntentId: string) =>
  api<{ success: true; orderId: number; status: string }>('/api/orders/complete', {
    method: 'POST',
    headers: session(),
    body: { paymentIntentId },
  });

export const getConfirmation = (paymentIntentId: string) =>
  api<CheckoutOrder & { paidAt: string | null }>(`/api/orders/confirmation/${encodeURIComponent(paymentIntentId)}`);
