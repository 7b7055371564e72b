import type { PublicProduct } from '#shared/catalog.ts';
import { formatCents } from '#shared/money.ts';
import type { Database, Tx } from '#db/client.ts';
import { AppError } from '../../errors.ts';
import type { Notifier } from '../../lib/notifier.ts';
import { CachedValue } from '../../lib/cached-value.ts';
import type { AdminProduct, ProductFormValues } from '#shared/admin.ts';
import { parseCents } from '#shared/money.ts';
import * as repo from './repo.ts';
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
  const list = new CachedValue(async () => (await selectActiveProducts(db)).map(toPublicProduct));
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
