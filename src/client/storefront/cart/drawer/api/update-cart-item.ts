import { useMutation } from '../../../../lib/mutation.ts';
import type { CartItem } from '#shared/cart.ts';
import { api, errorMessage } from '../../../../lib/api-client.ts';
import { getSessionId } from '../../../../lib/session-id.ts';
import { toast } from '../../../../ui/toast.tsx';
import { useRefetchCart } from '../../api/get-cart.ts';

/**
 * PUT /api/cart/:itemId: the line's new quantity, and its delivery when given (every so many weeks,
 * or null for one-time); only the cart's owner may change it.
 */
export const updateCartItem = (
  sessionId: string,
  itemId: string,
  quantity: number,
  subscription?: { intervalWeeks: number } | null,
) =>
  api<CartItem>(`/api/cart/${itemId}`, {
    method: 'PUT',
    headers: { 'x-session-id': sessionId },
    body: subscription === undefined ? { quantity } : { quantity, subscription },
  });

export function useUpdateCartItemMutation() {
  const refetch = useRefetchCart();
  return useMutation({
    mutationFn: async (v: { itemId: string; quantity: number; subscription?: { intervalWeeks: number } | null }) => {
      const sessionId = getSessionId();
      await updateCartItem(sessionId, v.itemId, v.quantity, v.subscription);
      await refetch(sessionId);
    },
    onError: (err) =>
      toast({
        title: 'Error',
        description: errorMessage(err, 'Failed to update cart item. Please try again.', 409),
        variant: 'destructive',
      }),
  });
}
