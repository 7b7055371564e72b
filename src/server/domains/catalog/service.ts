import type { ProductPicture, PublicProduct } from '#shared/catalog.ts';
import { STOCK_LOW_MAX } from '#shared/constants.ts';
import type { StockMovement, StockMovementsQuery } from '#shared/stock-movements.ts';
import type { Database, Tx } from '#db/client.ts';
import { AppError } from '../../errors.ts';
import type { Notifier } from '../../lib/notifier.ts';
import { CachedValue } from '../../lib/cached-value.ts';
import { type AdminProduct, PRODUCT_WEIGHT_DEFAULT_GRAMS, type ProductFormValues } from '#shared/admin.ts';
import { parseCents } from '#shared/money.ts';
import type { FileStore } from '../files/service.ts';
import { createStockHolds } from './holds.ts';
import { createLowStockAlerts, type LowStockDeps } from './low-stock.ts';
import { sizeEarlierUploads, storeProductImage } from './image-upload.ts';
import { pictureOf, uploadedPicture } from './pictures.ts';
import * as repo from './repo.ts';
import { toAdminProduct, toPublicProduct } from './views.ts';
import {
  type MovementRow,
  type ProductRow,
  type StockReason,
  selectActiveProduct,
  selectActiveProducts,
  selectProduct,
} from './repo.ts';

export type { HeldUnits } from './views.ts';

export const CATALOG_CHANNEL = 'catalog_changed';

/** Who moved the stock, as the order history names people: the admin, the shopper's checkout, or the store itself. */
function movementActor(m: MovementRow): string {
  if (m.actor) return m.actor;
  return m.reason === 'checkout_reserve' || m.reason === 'checkout_replaced' ? 'shopper' : 'store';
}

function toStockMovement(m: MovementRow): StockMovement {
  return {
    id: m.id,
    at: m.createdAt.toISOString(),
    delta: m.delta,
    inventoryAfter: m.inventoryAfter,
    reason: m.reason,
    actor: movementActor(m),
    orderId: m.orderId,
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;

/** The form's fields as columns; a weight or shipping class left out is not written (a changed product keeps its own). */
const productFields = (v: ProductFormValues) => ({
  name: v.name,
  description: v.description,
  priceCents: parseCents(v.price),
  imageUrl: v.imageUrl,
  isActive: v.isActive,
  inventory: v.inventory,
  displayOrder: v.displayOrder,
  ...(v.weightGrams === undefined ? {} : { weightGrams: v.weightGrams }),
  ...(v.shippingClass === undefined ? {} : { shippingClass: v.shippingClass }),
  ...(v.unNumber === undefined ? {} : { unNumber: v.unNumber }),
  ...(v.properShippingName === undefined ? {} : { properShippingName: v.properShippingName }),
  ...(v.subscriptionIntervalsWeeks === undefined ? {} : { subscriptionIntervalsWeeks: v.subscriptionIntervalsWeeks }),
  ...(v.subscriptionDiscountPercent === undefined ? {} : { subscriptionDiscountPercent: v.subscriptionDiscountPercent }),
});

/** Changes an existing product under its row lock (concurrent stock changes queue up); 404 when there is none. */
async function lockedUpdate(
  tx: Tx,
  id: number,
  set: (before: ProductRow) => Partial<ReturnType<typeof productFields>>,
): Promise<{ inventoryBefore: number; row: ProductRow }> {
  const before = await repo.lockProduct(tx, id);
  if (!before) throw new AppError('not_found', 'Product not found');
  const row = await repo.updateProduct(tx, id, set(before));
  if (!row) throw new AppError('not_found', 'Product not found');
  return { inventoryBefore: before.inventory, row };
}

/** A line of a cart or an order, as far as its picture goes. */
export interface PicturedLine {
  productId: number;
  name: string;
  quantity: number;
}

/**
 * The storefront's product list, answered from a cache that every instance drops on change; the
 * owner's products, their stock and their uploaded images; the low-stock alert (`alerts`: the
 * outbox, the owner's address).
 */
export function createCatalogService(db: Database, notifier: Notifier, alerts: LowStockDeps, uploads: FileStore) {
  const lowStock = createLowStockAlerts(alerts);
  const stockHolds = createStockHolds(db, lowStock);
  // Each product's uploaded image sizes, active or not (a cart may hold an inactive one).
  const images = new CachedValue(
    async () => new Map((await repo.selectProductUploads(db)).map((r) => [r.productId, r.variants])),
  );
  // Checkouts starting, paid or released all call catalogChanged(), so the held figures stay current.
  const list = new CachedValue(async () => {
    const [rows, held, uploaded] = await Promise.all([selectActiveProducts(db), stockHolds.heldByProduct(), images.get()]);
    return rows.map((p) => toPublicProduct(p, held.get(p.id), uploaded.get(p.id)));
  });
  const invalidate = () => {
    images.invalidate();
    list.invalidate();
  };
  notifier.subscribe(CATALOG_CHANNEL, invalidate);

  /**
   * Every change the owner makes to a product, in one transaction: the write, then the stock
   * movement that says who moved its inventory and by how much (a new product's opening stock is
   * recorded even when it is 0), and the low-stock alert's mark following the stock (a change into
   * the low band alerts); then every instance drops its product list.
   */
  async function ownerChange(
    movement: { reason: StockReason; actor: string },
    write: (tx: Tx) => Promise<{ inventoryBefore: number; row: ProductRow }>,
  ): Promise<AdminProduct> {
    const row = await db.transaction(async (tx) => {
      const { inventoryBefore, row } = await write(tx);
      const delta = row.inventory - inventoryBefore;
      const created = movement.reason === 'product_created';
      const movementId =
        delta !== 0 || created
          ? await repo.recordMovement(tx, { productId: row.id, delta, inventoryAfter: row.inventory, ...movement })
          : undefined;
      if (!created) await lowStock.afterOwnerChange(tx, row.id, movementId);
      return row;
    });
    await service.catalogChanged();
    return toAdminProduct(row);
  }

  const service = {
    listActiveProducts: (): Promise<PublicProduct[]> => list.get(),
    /** The list `listActiveProducts` would answer now without a query, when it holds one. */
    heldActiveProducts: (): PublicProduct[] | undefined => list.peek(),

    /** null when unknown or inactive (the cached list holds every active product). */
    async getActiveProduct(id: number): Promise<PublicProduct | null> {
      return (await list.get()).find((p) => p.id === id) ?? null;
    },

    /** Shipping weight of one unit (a product deleted since counts as one bottle, the default weight). */
    async unitWeightGrams(productId: number): Promise<number> {
      return (await selectProduct(db, productId))?.weightGrams ?? PRODUCT_WEIGHT_DEFAULT_GRAMS;
    },

    /** The shipping class of each product (docs/decisions/0046); a product deleted since counts as `standard`. */
    shippingClasses: (productIds: readonly number[]) => repo.selectShippingClasses(db, productIds),

    /** For other domains that must read the current row (e.g. inside a checkout transaction). */
    findActiveProductRow: (id: number) => selectActiveProduct(db, id),

    /** Stock held for open checkouts (holds.ts): hold, sell, commit, release, renew. */
    holds: stockHolds,

    /** Refunded units back on the shelf, in the caller's transaction: a movement each, with the order and who chose it. */
    async restock(
      tx: Tx,
      orderId: number,
      lines: readonly { productId: number; quantity: number }[],
      actor: string,
    ): Promise<void> {
      for (const l of lines)
        await repo.returnStock(tx, { productId: l.productId, quantity: l.quantity, orderId, reason: 'refund_restock', actor });
    },

    /** A line's picture: its product's upload, or the drawn art for its name and quantity (a deleted product's too). */
    async linePictures(): Promise<(line: PicturedLine) => ProductPicture> {
      const uploaded = await images.get();
      return (l) => pictureOf(l.name, l.quantity, uploaded.get(l.productId));
    },

    /**
     * The owner's upload (image-upload.ts), stored in its sizes: the full image's address for a
     * product's `imageUrl`, and the picture a product pointing at it shows. No product changes here.
     */
    async uploadImage(data: Buffer): Promise<{ imageUrl: string; image: ProductPicture }> {
      const { imageUrl, variants } = await storeProductImage(db, uploads, data);
      return { imageUrl, image: uploadedPicture(variants) };
    },

    /** Sizes the earlier uploads products point at (image-upload.ts); the storefront shows them once done. */
    async sizeEarlierUploads(): Promise<number> {
      const sized = await sizeEarlierUploads(db, uploads);
      if (sized > 0) await service.catalogChanged();
      return sized;
    },

    // The owner's catalog (docs/product.md §2 "Inventory tab"). Every stock change is a movement with the admin's name.

    /** Of these product ids, those the store has (on sale or not). */
    knownProductIds: (ids: readonly number[]) => repo.selectProductIds(db, ids),
    listAllProducts: async (): Promise<AdminProduct[]> => (await repo.selectAllProducts(db)).map(toAdminProduct),

    createProduct: (v: ProductFormValues, actor: string): Promise<AdminProduct> =>
      ownerChange({ reason: 'product_created', actor }, async (tx) => ({
        inventoryBefore: 0,
        // A product that starts in the low band did not fall into it: no alert until it has been above.
        row: await repo.insertProduct(tx, {
          weightGrams: PRODUCT_WEIGHT_DEFAULT_GRAMS,
          ...productFields(v),
          lowStockAlerted: v.inventory <= STOCK_LOW_MAX,
        }),
      })),

    updateProduct: (id: number, v: ProductFormValues, actor: string): Promise<AdminProduct> =>
      ownerChange({ reason: 'admin_set', actor }, (tx) => lockedUpdate(tx, id, () => productFields(v))),

    async deleteProduct(id: number): Promise<void> {
      if (!(await repo.deleteProduct(db, id))) throw new AppError('not_found', 'Product not found');
      await service.catalogChanged();
    },

    /** Relative change (the quick buttons): refused when it would take stock below 0. */
    adjustInventory: (id: number, change: number, actor: string): Promise<AdminProduct> =>
      ownerChange({ reason: 'admin_adjust', actor }, (tx) =>
        lockedUpdate(tx, id, (before) => {
          if (before.inventory + change < 0) {
            throw new AppError('conflict', `Stock cannot go below 0 (it is ${before.inventory})`);
          }
          return { inventory: before.inventory + change };
        }),
      ),

    setInventory: (id: number, inventory: number, actor: string): Promise<AdminProduct> =>
      ownerChange({ reason: 'admin_set', actor }, (tx) => lockedUpdate(tx, id, () => ({ inventory }))),

    /**
     * GET /api/admin/products/:id/stock-movements: a page of the product's stock changes, newest
     * first, and the cursor of the next page when there is one; 404 for a product that is not there.
     */
    async stockMovements(
      productId: number,
      page: StockMovementsQuery,
    ): Promise<{ movements: StockMovement[]; next: number | null }> {
      if (!(await selectProduct(db, productId))) throw new AppError('not_found', 'Product not found');
      const rows = await repo.selectMovements(db, productId, page);
      const movements = rows.slice(0, page.limit).map(toStockMovement);
      return { movements, next: rows.length > page.limit ? (movements.at(-1)?.id ?? null) : null };
    },

    async setDisplayOrder(id: number, displayOrder: number): Promise<AdminProduct> {
      const row = await repo.updateProduct(db, id, { displayOrder });
      if (!row) throw new AppError('not_found', 'Product not found');
      await service.catalogChanged();
      return toAdminProduct(row);
    },

    /** Call after any committed change to products or stock (it also sends a low-stock alert queued by it). */
    async catalogChanged(): Promise<void> {
      invalidate();
      lowStock.deliverQueued();
      await notifier.publish(CATALOG_CHANNEL);
    },
  };
  return service;
}
