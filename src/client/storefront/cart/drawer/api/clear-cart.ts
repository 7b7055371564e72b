import { useMutation } from '../../../../lib/mutation.ts';
import { api, errorMessage } from '../../../../lib/api-client.ts';
import { getSessionId } from '../../../../lib/session-id.ts';
import { toast } from '../../../../ui/toast.tsx';
import { useRefetchCart } from '../../api/get-cart.ts';

/** DELETE /api/cart/session/:sessionId: empties the cart. */
export const clearCart = (sessionId: string) => api<unknown>(`/api/cart/session/${sessionId}`, { method: 'DELETE' });

export function useClearCartMutation() {
  const refetch = useRefetchCart();
  return useMutation({
    mutationFn: async () => {
      const sessionId = getSessionId();
      await clearCart(sessionId);
      await refetch(sessionId);
    },
    onSuccess: () => toast({ title: 'Cart cleared' }),
    onError: (err) =>
      toast({
        title: 'Error',
        description: errorMessage(err, 'Failed to clear cart. Please try again.', 409),
        variant: 'destructive',
      }),
  });
}
