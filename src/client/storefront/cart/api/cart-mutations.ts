import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CartItem } from '#shared/cart.ts';
import { api } from '../../../lib/api-client.ts';
import { getSessionId } from '../../../lib/session-id.ts';
import { toast } from '../../../ui/toast.tsx';
import { useCartUi } from '../cart-ui.tsx';

const destructive = (description: string) => toast({ title: 'Error', description, variant: 'destructive' });

/** After every add, change or removal the cart is fetched again (SPEC §4). */
function useRefetchCart() {
  const qc = useQueryClient();
  const { setSessionId } = useCartUi();
  return (sessionId: string) => {
    setSessionId(sessionId);
    return qc.invalidateQueries({ queryKey: ['cart', sessionId] });
  };
}

export function useAddToCart(opts: { silentError?: boolean } = {}) {
  const refetch = useRefetchCart();
  return useMutation({
    mutationFn: async (v: { productId: number; quantity: number }) => {
      const sessionId = getSessionId();
      const item = await api<CartItem>('/api/cart', { method: 'POST', body: { sessionId, ...v } });
      await refetch(sessionId);
      return item;
    },
    onSuccess: (item) => toast({ title: 'Added to cart', description: `${item.product.name} is in your cart.` }),
    onError: (err) => {
      if (opts.silentError) console.error('Failed to add item to cart', err);
      else destructive('Failed to add item to cart. Please try again.');
    },
  });
}

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
    onError: () => destructive('Failed to update cart item. Please try again.'),
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
    onError: () => destructive('Failed to remove item from cart. Please try again.'),
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
    onError: () => destructive('Failed to clear cart. Please try again.'),
  });
}
