import { useMutation } from '@tanstack/react-query';
import type { CartItem } from '#shared/cart.ts';
import { api } from '../../../lib/api-client.ts';
import { getSessionId } from '../../../lib/session-id.ts';
import { toast } from '../../../ui/toast.tsx';
import { cartErrorText } from './cart-error.ts';
import { useRefetchCart } from './refetch-cart.ts';

/** Adds to the cart; failures are shown as a toast on every page (SPEC §8 has the product page only log them). */
export function useAddToCart() {
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
      console.error('Failed to add item to cart', err);
      toast({
        title: 'Error',
        description: cartErrorText(err, 'Failed to add item to cart. Please try again.'),
        variant: 'destructive',
      });
    },
  });
}
