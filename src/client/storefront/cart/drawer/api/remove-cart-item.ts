import { useMutation } from '../../../../lib/mutation.ts';
import { api, errorMessage } from '../../../../lib/api-client.ts';
import { getSessionId } from '../../../../lib/session-id.ts';
import { toast } from '../../../../ui/toast.tsx';
import { useRefetchCart } from '../../api/get-cart.ts';

/** DELETE /api/cart/:itemId: only the cart's owner may remove a line. */
export const removeCartItem = (sessionId: string, itemId: string) =>
  api<unknown>(`/api/cart/${itemId}`, { method: 'DELETE', headers: { 'x-session-id': sessionId } });

export function useRemoveCartItemMutation() {
  const refetch = useRefetchCart();
  return useMutation({
    mutationFn: async (itemId: string) => {
      const sessionId = getSessionId();
      await removeCartItem(sessionId, itemId);
      await refetch(sessionId);
    },
    onSuccess: () => toast({ title: 'Removed from cart' }),
    onError: (err) =>
      toast({
        title: 'Error',
        description: errorMessage(err, 'Failed to remove item from cart. Please try again.', 409),
        variant: 'destructive',
      }),
  });
}
