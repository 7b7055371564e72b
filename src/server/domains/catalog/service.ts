import type { PublicProduct } from '#shared/catalog.ts';
import { formatCents } from '#shared/money.ts';
import type { Database } from '#db/client.ts';
import type { Notifier } from '../../lib/notifier.ts';
import { CachedValue } from './cache.ts';
import { type ProductRow, selectActiveProduct, selectActiveProducts } from './repo.ts';

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

    /** Call after any committed change to products or stock. */
    async catalogChanged(): Promise<void> {
      list.invalidate();
      await notifier.publish(CATALOG_CHANNEL);
    },
  };
}
