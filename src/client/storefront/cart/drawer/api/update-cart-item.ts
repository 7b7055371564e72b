import { useMutation } from '@tanstack/react-query';
import type { CartItem } from '#shared/cart.ts';
import { api, errorMessage } from '../../../../lib/api-client.ts';
import { getSessionId } from '../../../../lib/session-id.ts';
import { toast } from '../../../../ui/toast.tsx';
import { useRefetchCart } from '../../api/get-cart.ts';

/** PUT /api/cart/:itemId: the line's new quantity; only the cart's owner may change it. */
export const updateCartItem = (sessionId: string, itemId: string, quantity: number) =>
  api<CartItem>(`/api/cart/${itemId}`, { method: 'PUT', headers: { 'x-session-id': sessionId }, body: { quantity } });

export function useUpdateCartItemMutation() {
  const refetch = useRefetchCart();
  return useMutation({
    mutationFn: async (v: { itemId: string; quantity: number }) => {
      const sessionId = getSessionId();
      await updateCartItem(sessionId, v.itemId, v.quantity);
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
