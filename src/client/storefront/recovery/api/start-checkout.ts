import type { CheckoutStarted } from '#shared/checkout.ts';
import { api } from '../../../lib/api-client.ts';

/**
 * POST /api/checkout from the restored cart, as the cart drawer's checkout/api/start-checkout.ts
 * sends it. Not imported from there: that module brings TanStack's mutation hooks, which would
 * more than double this page's own JavaScript.
 */
export const startCheckout = (sessionId: string, analyticsSessionId: string | undefined) =>
  api<CheckoutStarted>('/api/checkout', { method: 'POST', body: { sessionId, analyticsSessionId } });
