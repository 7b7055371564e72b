import { z } from 'zod';
import { idParam } from './validation.ts';

/** A product's stock history, for the owner (GET /api/admin/products/:id/stock-movements; docs/decisions/0029). */

/**
 * Why stock moved: the seed's opening stock; taken for a checkout (held while its page is open,
 * sold when it is paid); sold at payment (a checkout that held nothing); back from a checkout not
 * paid in time, or whose cart started a new one; the owner's changes and a new product's stock.
 */
export const STOCK_MOVEMENT_REASONS = [
  'seed',
  'checkout_reserve',
  'checkout_sale',
  'reservation_release',
  'checkout_replaced',
  'admin_adjust',
  'admin_set',
  'product_created',
  'refund_restock',
] as const;
export type StockMovementReason = (typeof STOCK_MOVEMENT_REASONS)[number];

export const STOCK_MOVEMENTS_PAGE_DEFAULT = 50;
export const STOCK_MOVEMENTS_PAGE_MAX = 200;

/** Newest first, a page at a time: `cursor` is the last movement of the previous page (the `Link` header gives it). */
export const StockMovementsQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a whole number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(STOCK_MOVEMENTS_PAGE_MAX, `limit must be at most ${STOCK_MOVEMENTS_PAGE_MAX}`)
    .default(STOCK_MOVEMENTS_PAGE_DEFAULT),
  cursor: idParam.optional(),
});
export type StockMovementsQuery = z.output<typeof StockMovementsQuerySchema>;

/** One change of a product's stock. */
export interface StockMovement {
  id: number;
  /** When, ISO 8601. */
  at: string;
  /** Units added (positive) or taken (negative). */
  delta: number;
  /** The stock on the shelf right after it. */
  inventoryAfter: number;
  reason: StockMovementReason;
  /** The admin's username, 'shopper' (a checkout), or 'store' (the store's own: a sale at payment, a lapsed hold, the seed). */
  actor: string;
  /** The order (its number) a checkout's movement belongs to. */
  orderId: number | null;
}
