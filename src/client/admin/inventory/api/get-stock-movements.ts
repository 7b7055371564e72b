import type { StockMovement } from '#shared/stock-movements.ts';
import { pagedListQuery, usePagedList } from '../../lib/paged-list.ts';
import { PRODUCTS_KEY } from './get-admin-products.ts';

/** GET /api/admin/products/:id/stock-movements: the first page of the product's stock history, newest first. */
export const stockMovementsUrl = (productId: number) => `/api/admin/products/${productId}/stock-movements`;

/**
 * The history a page at a time ("Load more" follows the Link header). Under the products' key, so
 * every product write refreshes it; asked for again each time it is opened (checkouts move stock too).
 */
export const stockMovementsQuery = (productId: number) => ({
  ...pagedListQuery<StockMovement[]>([...PRODUCTS_KEY, productId, 'stock-movements'], stockMovementsUrl(productId)),
  staleTime: 0,
});

export const useStockMovements = (productId: number) =>
  usePagedList(
    stockMovementsQuery(productId),
    (page) => page,
    (m) => m.id,
  );
