import type { PublicProduct } from '#shared/catalog.ts';
import { formatCents } from '#shared/money.ts';
import type { Database, Tx } from '#db/client.ts';
import { AppError } from '../../errors.ts';
import type { Notifier } from '../../lib/notifier.ts';
import { CachedValue } from './cache.ts';
import { type ProductRow, returnStock, selectActiveProduct, selectActiveProducts, selectProduct, takeStock } from './repo.ts';

export const CATALOG_CHANNEL = 'catalog_changed';

export function toPublicProduct(p: ProductRow): PublicProduct {
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    price: formatCents(p.priceCents),
    compareAtPrice: p.compareAtCents == null ? null : formatCents(p.compareAtCents),
    imageUrl: p.imageUrl,
    isActive: p.isActive,
    inventory: p.inventory,
    inStock: p.isActive && p.inventory > 0,
    displayOrder: p.displayOrder,
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;

/** The storefront's product list, answered from a cache that every instance drops on change. */
export function createCatalogService(db: Database, notifier: Notifier) {
  const list = new CachedValue(async () => (await selectActiveProducts(db)).map(toPublicProduct));
  notifier.subscribe(CATALOG_CHANNEL, () => list.invalidate());

  return {
    listActiveProducts: (): Promise<PublicProduct[]> => list.get(),

    /** null when unknown or inactive (the cached list holds every active product). */
    async getActiveProduct(id: number): Promise<PublicProduct | null> {
      return (await list.get()).find((p) => p.id === id) ?? null;
    },

    /** For other domains that must read the current row (e.g. inside a checkout transaction). */
    findActiveProductRow: (id: number) => selectActiveProduct(db, id),

    /**
     * Reserves stock for an order's lines inside the caller's transaction, or throws 409 naming the
     * product that ran short (the transaction then rolls back every line). Call catalogChanged()
     * after the commit.
     */
    async reserveStock(tx: Tx, orderId: number, lines: readonly { productId: number; name: string; quantity: number }[]) {
      for (const line of lines) {
        const left = await takeStock(tx, { ...line, orderId, reason: 'checkout_reserve' });
        if (left === undefined) {
          const row = await selectProduct(tx, line.productId);
          const have = row?.isActive ? row.inventory : 0;
          throw new AppError(
            'conflict',
            have <= 0 ? `${line.name} is out of stock` : `Only ${have} of ${line.name} left in stock`,
          );
        }
      }
    },

    /** Puts an order's reserved stock back (payment failed, order expired or replaced). */
    async releaseStock(tx: Tx, orderId: number, lines: readonly { productId: number; quantity: number }[]) {
      for (const line of lines) await returnStock(tx, { ...line, orderId, reason: 'reservation_release' });
    },

    /** Call after any committed change to products or stock. */
    async catalogChanged(): Promise<void> {
      list.invalidate();
      await notifier.publish(CATALOG_CHANNEL);
    },
  };
}
