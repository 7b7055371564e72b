import { useState } from 'react';
import type { CartItem } from '#shared/cart.ts';
import { api, errorMessage } from '../../../lib/api-client.ts';
import { getSessionId } from '../../../lib/session-id.ts';
import { toast } from '../../../ui/toast.tsx';
import { useRefetchCart } from './get-cart.ts';

/** What the shopper adds: a product and quantity, and (on the product page) one-time (null) or subscribe and save. */
export interface AddRequest {
  productId: number;
  quantity: number;
  subscription?: { intervalWeeks: number } | null;
}

export const addToCart = (v: AddRequest & { sessionId: string }) => api<CartItem>('/api/cart', { method: 'POST', body: v });

/** An add the store accepted: the product as the server answered it, and the quantity added. */
export interface AddedToCart {
  product: CartItem['product'];
  quantity: number;
}

declare global {
  interface WindowEventMap {
    /** Sent on each accepted add; the marketing tags, when configured, report it (analytics/tags.ts). */
    'iw:add-to-cart': CustomEvent<AddedToCart>;
  }
}

/**
 * Adds to the cart, says so to the marketing tags ('iw:add-to-cart'), then refetches it (docs/product.md §4); failures are shown as a toast on every page, with
 * the server's reason when it is about stock (409, e.g. "Only 4 left in stock": docs/decisions/0007). A plain pending flag rather than useMutation: TanStack's mutation observer
 * is left to the lazily loaded drawer, which keeps the first load within budget (docs/decisions/0006).
 */
export function useAddToCart() {
  const refetch = useRefetchCart();
  const [isPending, setPending] = useState(false);
  const mutate = async (v: AddRequest) => {
    setPending(true);
    try {
      const sessionId = getSessionId();
      const item = await addToCart({ sessionId, ...v });
      dispatchEvent(new CustomEvent('iw:add-to-cart', { detail: { product: item.product, quantity: v.quantity } }));
      await refetch(sessionId);
      toast({ title: 'Added to cart', description: `${item.product.name} is in your cart.` });
    } catch (err) {
      console.error('Failed to add item to cart', err);
      toast({
        title: 'Error',
        description: errorMessage(err, 'Failed to add item to cart. Please try again.', 409),
        variant: 'destructive',
      });
    } finally {
      setPending(false);
    }
  };
  return { mutate: (v: AddRequest) => void mutate(v), isPending };
}
