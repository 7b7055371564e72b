import { useMutation } from '../../../lib/mutation.ts';
import { currentAnalyticsSession } from '../../../analytics/session.ts';
import { ApiError, api, errorMessage } from '../../../lib/api-client.ts';
import { getSessionId } from '../../../lib/session-id.ts';
import { toast } from '../../../ui/toast.tsx';

/**
 * POST /api/checkout: opens a checkout for the cart and answers where to pay. The visit that places
 * the order is the one its payment converts (first-party analytics).
 */
export const startCheckout = (sessionId: string, analyticsSessionId: string | undefined) =>
  api<{ checkoutUrl: string }>('/api/checkout', { method: 'POST', body: { sessionId, analyticsSessionId } });

/** From the cart drawer to the checkout page, with a full page load (no third-party tag follows to /checkout). */
export function useStartCheckoutMutation() {
  return useMutation({
    mutationFn: () => startCheckout(getSessionId(), currentAnalyticsSession()),
    onSuccess: ({ checkoutUrl }) => {
      toast({ title: 'Redirecting to Checkout', duration: 3000 });
      window.location.assign(checkoutUrl);
    },
    onError: (err) => {
      console.error('Checkout failed', err);
      if (err instanceof ApiError && err.serverMessage === 'Your cart is empty') {
        toast({ title: 'Cart Empty', description: 'Add items to your cart before checking out.', variant: 'destructive' });
        return;
      }
      const description = errorMessage(err, 'Unable to proceed to checkout. Please try again.', '4xx');
      toast({ title: 'Checkout Error', description, variant: 'destructive' });
    },
  });
}
