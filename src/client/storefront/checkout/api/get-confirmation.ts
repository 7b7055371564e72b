import { queryOptions, useQuery } from '../../../lib/query.tsx';
import type { CheckoutOrder } from '#shared/checkout.ts';
import { api } from '../../../lib/api-client.ts';

/** GET /api/orders/confirmation/:paymentIntentId: a paid order's summary, without address or e-mail, and its page's path. */
export const getConfirmation = (paymentIntentId: string) =>
  api<CheckoutOrder & { paidAt: string | null; orderPage: string }>(
    `/api/orders/confirmation/${encodeURIComponent(paymentIntentId)}`,
  );

export const confirmationQuery = (paymentIntentId: string, enabled = true) =>
  queryOptions({
    queryKey: ['confirmation', paymentIntentId] as const,
    queryFn: () => getConfirmation(paymentIntentId),
    enabled,
  });

export const useConfirmation = (paymentIntentId: string, enabled: boolean) =>
  useQuery(confirmationQuery(paymentIntentId, enabled));
