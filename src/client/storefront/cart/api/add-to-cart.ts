import { useMutation } from '@tanstack/react-query';
import type { CartItem } from '#shared/cart.ts';
import { api } from '../../../lib/api-client.ts';
import { getSessionId } from '../../../lib/session-id.ts';
import { toast } from '../../../ui/toast.tsx';
import { useRefetchCart } from './refetch-cart.ts';

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
      else toast({ title: 'Error', description: 'Failed to add item to cart. Please try again.', variant: 'destructive' });
    },
  });
}
