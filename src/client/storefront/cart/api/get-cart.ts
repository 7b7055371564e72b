import { queryOptions, useQuery, useQueryClient } from '../../../lib/query.tsx';
import type { CartItem } from '#shared/cart.ts';
import { api } from '../../../lib/api-client.ts';
import { useCartUi } from '../cart-ui.tsx';

/** GET /api/cart/:sessionId: the cart's lines with their products. */
export const getCart = (sessionId: string) => api<CartItem[]>(`/api/cart/${encodeURIComponent(sessionId)}`);

export const cartQuery = (sessionId: string | null) =>
  queryOptions({
    queryKey: ['cart', sessionId],
    queryFn: () => (sessionId ? getCart(sessionId) : Promise.resolve([] as CartItem[])),
    enabled: Boolean(sessionId),
  });

/** The cart loads on start; a failure is only logged (docs/product.md §8). */
export function useCart(sessionId: string | null) {
  const q = useQuery(cartQuery(sessionId));
  if (q.error) console.error('Failed to load cart', q.error);
  return q;
}

/** After every add, change or removal the cart is fetched again (docs/product.md §4). */
export function useRefetchCart() {
  const qc = useQueryClient();
  const { setSessionId } = useCartUi();
  return (sessionId: string) => {
    setSessionId(sessionId);
    return qc.invalidateQueries({ queryKey: ['cart', sessionId] });
  };
}
