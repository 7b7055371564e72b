import { useMutation } from '@tanstack/react-query';
import { currentAnalyticsSession } from '../../../analytics/session.ts';
import { ApiError, api, errorMessage } from '../../../lib/api-client.ts';
import { getSessionId } from '../../../lib/session-id.ts';
import { toast } from '../../../ui/toast.tsx';
import { useRefetchCart } from '../api/refetch-cart.ts';

// The drawer's own cart changes, loaded with the drawer rather than with the page.

const destructive = (description: string) => toast({ title: 'Error', description, variant: 'destructive' });
// The server's reason when it is about stock (409), as for adding (docs/decisions/0007).
const failed = (fallback: string) => (err: unknown) => destructive(errorMessage(err, fallback, 409));

export function useUpdateCartItem() {
  const refetch = useRefetchCart();
  return useMutation({
    mutationFn: async (v: { itemId: string; quantity: number }) => {
      const sessionId = getSessionId();
      await api(`/api/cart/${v.itemId}`, {
        method: 'PUT',
        headers: { 'x-session-id': sessionId },
        body: { quantity: v.quantity },
      });
      await refetch(sessionId);
    },
    onError: failed('Failed to update cart item. Please try again.'),
  });
}

export function useRemoveCartItem() {
  const refetch = useRefetchCart();
  return useMutation({
    mutationFn: async (itemId: string) => {
      const sessionId = getSessionId();
      await api(`/api/cart/${itemId}`, { method: 'DELETE', headers: { 'x-session-id': sessionId } });
      await refetch(sessionId);
    },
    onSuccess: () => toast({ title: 'Removed from cart' }),
    onError: failed('Failed to remove item from cart. Please try again.'),
  });
}

export function useClearCart() {
  const refetch = useRefetchCart();
  return useMutation({
    mutationFn: async () => {
      const sessionId = getSessionId();
      await api(`/api/cart/session/${sessionId}`, { method: 'DELETE' });
      await refetch(sessionId);
    },
    onSuccess: () => toast({ title: 'Cart cleared' }),
    onError: failed('Failed to clear cart. Please try again.'),
  });
}

/** POST /api/checkout, then to the checkout page with a full page load (no third-party tag follows to /checkout). */
export function useStartCheckout() {
  return useMutation({
    mutationFn: async () => {
      const sessionId = getSessionId();
      // The visit that places the order is the one its payment converts (first-party analytics).
      const analyticsSessionId = currentAnalyticsSession();
      return api<{ checkoutUrl: string }>('/api/checkout', { method: 'POST', body: { sessionId, analyticsSessionId } });
    },
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
