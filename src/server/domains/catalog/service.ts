import type { PublicProduct } from '#shared/catalog.ts';
import { formatCents } from '#shared/money.ts';
import type { Database } from '#db/client.ts';
import { AppError } from '../../errors.ts';
import type { Notifier } from '../../lib/notifier.ts';
import { CachedValue } from '../../lib/cached-value.ts';
import type { AdminProduct, ProductFormValues } from '#shared/admin.ts';
import { parseCents } from '#shared/money.ts';
import { createStockHolds } from './holds.ts';
import * as repo from './repo.ts';
import { type ProductRow, selectActiveProduct, selectActiveProducts, selectProduct } from './repo.ts';

export const CATALOG_CHANNEL = 'catalog_changed';

/** Units of a product held in open checkouts, and when the last of them is back if not bought. */
export interface HeldUnits {
  units: number;
  backBy: Date;
}

export function toPublicProduct(p: ProductRow, held?: HeldUnits): PublicProduct {
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
    held: held?.units ?? 0,
    heldBackBy: held ? held.backBy.toISOString() : null,
    displayOrder: p.displayOrder,
  };
}

export function toAdminProduct(p: ProductRow): AdminProduct {
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    price: formatCents(p.priceCents),
    compareAtPrice: p.compareAtCents == null ? null : formatCents(p.compareAtCents),
    imageUrl: p.imageUrl,
    isActive: p.isActive,
    inventory: p.inventory,
    displayOrder: p.displayOrder,
    createdAt: p.createdAt.toISOString(),
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;

/** The storefront's product list, answered from a cache that every instance drops on change. */
export function createCatalogService(db: Database, notifier: Notifier) {
  const stockHolds = createStockHolds(db);
  // Checkouts starting, paid or released all call catalogChanged(), so the held figures stay current.
  const list = new CachedValue(async () => {
    const [rows, held] = await Promise.all([selectActiveProducts(db), stockHolds.heldByProduct()]);
    return rows.map((p) => toPublicProduct(p, held.get(p.id)));
  });
  notifier.subscribe(CATALOG_CHANNEL, () => list.invalidate());

  const service = {
    listActiveProducts: (): Promise<PublicProduct[]> => list.get(),

    /** null when unknown or inactive (the cached list holds every active product). */
    async getActiveProduct(id: number): Promise<PublicProduct | null> {
      return (await list.get()).find((p) => p.id === id) ?? null;
    },

    /** Shipping weight of one unit (a product deleted since counts as one bottle). */
    async unitWeightGrams(productId: number): Promise<number> {
      return (await selectProduct(db, productId))?.weightGrams ?? 30;
    },

    /** For other domains that must read the current row (e.g. inside a checkout transaction). */
    findActiveProductRow: (id: number) => selectActiveProduct(db, id),

    /** Stock held for open checkouts (holds.ts): hold, sell, commit, release, renew. */
    holds: stockHolds,

    // The owner's catalog (SPEC §2 "Inventory tab"). Every stock change is a movement with the admin's name.

    listAllProducts: async (): Promise<AdminProduct[]> => (await repo.selectAllProducts(db)).map(toAdminProduct),

    async createProduct(v: ProductFormValues, actor: string): Promise<AdminProduct> {
      const row = await db.transaction(async (tx) => {
        const created = await repo.insertProduct(tx, {
          name: v.name,
          description: v.description,
          priceCents: parseCents(v.price),
          imageUrl: v.imageUrl,
          isActive: v.isActive,
          inventory: v.inventory,
          displayOrder: v.displayOrder,
        });
        await repo.recordMovement(tx, {
          productId: created.id,
          delta: created.inventory,
          inventoryAfter: created.inventory,
          reason: 'product_created',
          actor,
        });
        return created;
      });
      await service.catalogChanged();
      return toAdminProduct(row);
    },

    async updateProduct(id: number, v: ProductFormValues, actor: string): Promise<AdminProduct> {
      const row = await db.transaction(async (tx) => {
        const before = await repo.lockProduct(tx, id);
        if (!before) throw new AppError('not_found', 'Product not found');
        const updated = await repo.updateProduct(tx, id, {
          name: v.name,
          description: v.description,
          priceCents: parseCents(v.price),
          imageUrl: v.imageUrl,
          isActive: v.isActive,
          inventory: v.inventory,
          displayOrder: v.displayOrder,
        });
        if (!updated) throw new AppError('not_found', 'Product not found');
        if (updated.inventory !== before.inventory) {
          await repo.recordMovement(tx, {
            productId: id,
            delta: updated.inventory - before.inventory,
            inventoryAfter: updated.inventory,
            reason: 'admin_set',
            actor,
          });
        }
        return updated;
      });
      await service.catalogChanged();
      return toAdminProduct(row);
    },

    async deleteProduct(id: number): Promise<void> {
      if (!(await repo.deleteProduct(db, id))) throw new AppError('not_found', 'Product not found');
      await service.catalogChanged();
    },

    /** Relative change (the quick buttons): refused when it would take stock below 0. */
    async adjustInventory(id: number, change: number, actor: string): Promise<AdminProduct> {
      const row = await db.transaction(async (tx) => {
        const before = await repo.lockProduct(tx, id);
        if (!before) throw new AppError('not_found', 'Product not found');
        if (before.inventory + change < 0) {
          throw new AppError('conflict', `Stock cannot go below 0 (it is ${before.inventory})`);
        }
        const updated = await repo.updateProduct(tx, id, { inventory: before.inventory + change });
        if (!updated) throw new AppError('not_found', 'Product not found');
        await repo.recordMovement(tx, {
          productId: id,
          delta: change,
          inventoryAfter: updated.inventory,
          reason: 'admin_adjust',
          actor,
        });
        return updated;
      });
      await service.catalogChanged();
      return toAdminProduct(row);
    },

    async setInventory(id: number, inventory: number, actor: string): Promise<AdminProduct> {
      const row = await db.transaction(async (tx) => {
        const before = await repo.lockProduct(tx, id);
        if (!before) throw new AppError('not_found', 'Product not found');
        const updated = await repo.updateProduct(tx, id, { inventory });
        if (!updated) throw new AppError('not_found', 'Product not found');
        if (inventory !== before.inventory) {
          await repo.recordMovement(tx, {
            productId: id,
            delta: inventory - before.inventory,
            inventoryAfter: inventory,
            reason: 'admin_set',
            actor,
          });
        }
        return updated;
      });
      await service.catalogChanged();
      return toAdminProduct(row);
    },

    async setDisplayOrder(id: number, displayOrder: number): Promise<AdminProduct> {
      const row = await repo.updateProduct(db, id, { displayOrder });
      if (!row) throw new AppError('not_found', 'Product not found');
      await service.catalogChanged();
      return toAdminProduct(row);
    },

    /** Call after any committed change to products or stock. */
    async catalogChanged(): Promise<void> {
      list.invalidate();
      await notifier.publish(CATALOG_CHANNEL);
    },
  };
  return service;
}
