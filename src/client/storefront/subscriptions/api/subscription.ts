import { queryOptions, useQuery } from '../../../lib/query.tsx';
import type {
  CardConfirmResult,
  CardSetupStarted,
  SubscriptionChange,
  SubscriptionPageView,
  TestSetupResult,
} from '#shared/subscription-page.ts';
import { ApiError, api } from '../../../lib/api-client.ts';

const path = (token: string) => `/api/subscriptions/${encodeURIComponent(token)}`;

/** GET /api/subscriptions/:token: the subscription; null when the link opens nothing. */
export async function getSubscription(token: string): Promise<SubscriptionPageView | null> {
  try {
    return await api<SubscriptionPageView>(path(token));
  } catch (err) {
    if (err instanceof ApiError && (err.status === 404 || err.status === 400 || err.status === 414)) return null;
    throw err;
  }
}

export const subscriptionQuery = (token: string) =>
  queryOptions({ queryKey: ['subscription', token] as const, queryFn: () => getSubscription(token) });

export const useSubscription = (token: string) => useQuery(subscriptionQuery(token));

export type SubscriptionAction = 'skip' | 'pause' | 'resume' | 'cancel';

/** POST /api/subscriptions/:token/{skip,pause,resume,cancel}: the subscription after it. */
export const actOn = (token: string, action: SubscriptionAction) =>
  api<SubscriptionPageView>(`${path(token)}/${action}`, { method: 'POST' });

/** PUT /api/subscriptions/:token: the interval or "ask me first". */
export const changeSubscription = (token: string, body: SubscriptionChange) =>
  api<SubscriptionPageView>(path(token), { method: 'PUT', body });

/** POST /api/subscriptions/:token/card: a setup at the payment provider. */
export const startCardChange = (token: string) => api<CardSetupStarted>(`${path(token)}/card`, { method: 'POST' });

/** POST /api/payments/test/setup/confirm: the built-in provider's card form. */
export const confirmTestSetup = (clientSecret: string, cardNumber: string) =>
  api<TestSetupResult>('/api/payments/test/setup/confirm', { method: 'POST', body: { setupId: clientSecret, cardNumber } });

/** POST /api/subscriptions/:token/card/complete: the saved card becomes the subscription's. */
export const completeCardChange = (token: string, setupId: string) =>
  api<SubscriptionPageView>(`${path(token)}/card/complete`, { method: 'POST', body: { setupId } });

/** POST /api/subscriptions/:token/confirm: an "ask me first" renewal confirmed for the date the page shows. */
export const confirmRenewal = (token: string, forDate: string) =>
  api<{ confirmedFor: string; nextRenewalAt: string }>(`${path(token)}/confirm`, { method: 'POST', body: { for: forDate } });

/** POST /api/subscriptions/:token/card/confirm (Stripe): the server confirms the setup with the card form's token. */
export const confirmCardChange = (token: string, setupId: string, confirmationToken?: string) =>
  api<CardConfirmResult>(`${path(token)}/card/confirm`, {
    method: 'POST',
    body: confirmationToken ? { setupId, confirmationToken } : { setupId },
  });
