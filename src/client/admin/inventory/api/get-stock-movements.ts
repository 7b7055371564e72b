import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { STOCK_MOVEMENTS_PAGE_DEFAULT, type StockMovement } from '#shared/stock-movements.ts';
import { api } from '../../../lib/api-client.ts';
import { PRODUCTS_KEY } from './get-admin-products.ts';

/** GET /api/admin/products/:id/stock-movements: a page of the product's stock history, newest first, below `cursor`. */
export function getStockMovements(productId: number, cursor?: number): Promise<StockMovement[]> {
  const query = cursor ? `?cursor=${cursor}` : '';
  return api<StockMovement[]>(`/api/admin/products/${productId}/stock-movements${query}`);
}

/**
 * The history a page at a time ("Load more" asks for the next). Under the products' key, so every
 * product write refreshes it; asked for again each time it is opened (checkouts move stock too).
 */
export const stockMovementsQuery = (productId: number) =>
  infiniteQueryOptions({
    queryKey: [...PRODUCTS_KEY, productId, 'stock-movements'] as const,
    queryFn: ({ pageParam }) => getStockMovements(productId, pageParam),
    initialPageParam: undefined as number | undefined,
    // The last movement of a full page (the server's Link header says the same).
    getNextPageParam: (page) => (page.length >= STOCK_MOVEMENTS_PAGE_DEFAULT ? page.at(-1)?.id : undefined),
    staleTime: 0,
  });

export const useStockMovements = (productId: number) => useInfiniteQuery(stockMovementsQuery(productId));
