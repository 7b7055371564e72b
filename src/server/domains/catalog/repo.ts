import { and, asc, desc, eq, gte, inArray, isNull, like, lt, sql } from 'drizzle-orm';
import type { ImageVariant } from '#shared/catalog.ts';
import { STOCK_LOW_MAX } from '#shared/constants.ts';
import type { Tx } from '#db/client.ts';
import { products, stockMovements, uploadedImages } from '#db/schema/index.ts';

export type ProductRow = typeof products.$inferSelect;

export function selectActiveProducts(db: Tx): Promise<ProductRow[]> {
  return db.select().from(products).where(eq(products.isActive, true)).orderBy(asc(products.displayOrder), asc(products.id));
}

export async function selectProduct(db: Tx, id: number): Promise<ProductRow | undefined> {
  const [row] = await db.select().from(products).where(eq(products.id, id)).limit(1);
  return row;
}

/** Of these ids, those of products the store has (on sale or not). */
export async function selectProductIds(db: Tx, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(inArray(products.id, [...ids]));
  return rows.map((r) => r.id);
}

/** How these products ship (docs/decisions/0046): their class and safety data sheet fields, for those that exist. */
export async function selectShippingClasses(db: Tx, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: products.id,
      shippingClass: products.shippingClass,
      unNumber: products.unNumber,
      properShippingName: products.properShippingName,
    })
    .from(products)
    .where(inArray(products.id, [...ids]));
}

export async function selectActiveProduct(db: Tx, id: number): Promise<ProductRow | undefined> {
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, id), eq(products.isActive, true)))
    .limit(1);
  return row;
}

export type StockReason = typeof stockMovements.$inferInsert.reason;

/**
 * Takes `quantity` off the shelf in one conditional statement (docs/engineering.md §6): under any concurrency
 * the stock never goes below zero. Returns the stock left and its movement, or undefined when there was not enough.
 */
export async function takeStock(
  tx: Tx,
  v: { productId: number; quantity: number; orderId: number; reason: 'checkout_reserve' | 'checkout_sale' },
): Promise<{ inventory: number; movementId: number } | undefined> {
  const [row] = await tx
    .update(products)
    .set({ inventory: sql`${products.inventory} - ${v.quantity}`, updatedAt: sql`now()` })
    .where(and(eq(products.id, v.productId), gte(products.inventory, v.quantity)))
    .returning({ inventory: products.inventory });
  if (!row) return undefined;
  const [movement] = await tx
    .insert(stockMovements)
    .values({
      productId: v.productId,
      delta: -v.quantity,
      inventoryAfter: row.inventory,
      reason: v.reason,
      orderId: v.orderId,
    })
    .returning({ id: stockMovements.id });
  if (!movement) throw new Error('stock movement not recorded');
  return { inventory: row.inventory, movementId: movement.id };
}

/**
 * Puts `quantity` back on the shelf, with its movement. Stock back above the low band arms the
 * low-stock alert again, unless it comes back only because its cart started a new checkout
 * (docs/decisions/0029).
 */
export async function returnStock(
  tx: Tx,
  v: {
    productId: number;
    quantity: number;
    orderId: number;
    reason: 'reservation_release' | 'checkout_replaced' | 'refund_restock';
    actor?: string;
  },
): Promise<void> {
  const rearm = v.reason !== 'checkout_replaced';
  const [row] = await tx
    .update(products)
    .set({
      inventory: sql`${products.inventory} + ${v.quantity}`,
      updatedAt: sql`now()`,
      ...(rearm
        ? {
            lowStockAlerted: sql`case when ${products.inventory} + ${v.quantity} > ${STOCK_LOW_MAX} then false else ${products.lowStockAlerted} end`,
          }
        : {}),
    })
    .where(eq(products.id, v.productId))
    .returning({ inventory: products.inventory });
  if (!row) return; // the product was deleted: nothing to put back
  await tx.insert(stockMovements).values({
    productId: v.productId,
    delta: v.quantity,
    inventoryAfter: row.inventory,
    reason: v.reason,
    orderId: v.orderId,
    actor: v.actor ?? null,
  });
}

/** What a low-stock alert says: the product and the stock it has left. */
export interface LowStockRow {
  id: number;
  name: string;
  inventory: number;
}

/**
 * After a decrement, in its transaction (which holds the product's row lock): marks the product
 * alerted when its stock is now in the low band and it was not alerted yet. Returns it when this
 * call marked it, so exactly one of any number of concurrent decrements does (docs/decisions/0029).
 */
export async function claimLowStockAlert(tx: Tx, productId: number): Promise<LowStockRow | undefined> {
  const [row] = await tx
    .update(products)
    .set({ lowStockAlerted: true })
    .where(and(eq(products.id, productId), sql`${products.inventory} <= ${STOCK_LOW_MAX}`, eq(products.lowStockAlerted, false)))
    .returning({ id: products.id, name: products.name, inventory: products.inventory });
  return row;
}

/**
 * After the owner's change, in its transaction (under the product's row lock): the alert mark
 * follows the stock, set in the low band and cleared above it. Returns the product when this call
 * set it (the owner's change took the stock into the band).
 */
export async function settleLowStockAlert(tx: Tx, productId: number): Promise<LowStockRow | undefined> {
  const low = sql`(${products.inventory} <= ${STOCK_LOW_MAX})`;
  const [row] = await tx
    .update(products)
    .set({ lowStockAlerted: low })
    .where(and(eq(products.id, productId), sql`${products.lowStockAlerted} <> ${low}`))
    .returning({ id: products.id, name: products.name, inventory: products.inventory, alerted: products.lowStockAlerted });
  return row?.alerted ? { id: row.id, name: row.name, inventory: row.inventory } : undefined;
}

export function selectAllProducts(db: Tx): Promise<ProductRow[]> {
  return db.select().from(products).orderBy(asc(products.displayOrder), asc(products.id));
}

export async function insertProduct(tx: Tx, v: typeof products.$inferInsert): Promise<ProductRow> {
  const [row] = await tx.insert(products).values(v).returning();
  if (!row) throw new Error('product not inserted');
  return row;
}

export async function updateProduct(
  tx: Tx,
  id: number,
  set: Partial<typeof products.$inferInsert>,
): Promise<ProductRow | undefined> {
  const [row] = await tx
    .update(products)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(products.id, id))
    .returning();
  return row;
}

export async function deleteProduct(tx: Tx, id: number): Promise<boolean> {
  const rows = await tx.delete(products).where(eq(products.id, id)).returning({ id: products.id });
  return rows.length > 0;
}

export async function lockProduct(tx: Tx, id: number): Promise<ProductRow | undefined> {
  const [row] = await tx.select().from(products).where(eq(products.id, id)).for('update').limit(1);
  return row;
}

/** An owner's change of stock, recorded with who made it; the movement's id. */
export async function recordMovement(
  tx: Tx,
  v: { productId: number; delta: number; inventoryAfter: number; reason: StockReason; actor: string },
): Promise<number> {
  const [row] = await tx
    .insert(stockMovements)
    .values({ ...v, orderId: null })
    .returning({ id: stockMovements.id });
  if (!row) throw new Error('stock movement not recorded');
  return row.id;
}

export type MovementRow = typeof stockMovements.$inferSelect;

/** A product's movements, newest first, below the movement `cursor` when given; `limit` + 1 rows say whether more follow. */
export function selectMovements(
  db: Tx,
  productId: number,
  page: { limit: number; cursor?: number | undefined },
): Promise<MovementRow[]> {
  return db
    .select()
    .from(stockMovements)
    .where(and(eq(stockMovements.productId, productId), page.cursor ? lt(stockMovements.id, page.cursor) : undefined))
    .orderBy(desc(stockMovements.id))
    .limit(page.limit + 1);
}

/** An uploaded image's sizes; the same image again (the same address) keeps the row it has. */
export async function insertUploadedImage(tx: Tx, url: string, variants: ImageVariant[]): Promise<void> {
  await tx.insert(uploadedImages).values({ url, variants }).onConflictDoNothing();
}

/** Every product whose image address is an upload with sizes, and those sizes. */
export function selectProductUploads(db: Tx): Promise<{ productId: number; variants: ImageVariant[] }[]> {
  return db
    .select({ productId: products.id, variants: uploadedImages.variants })
    .from(products)
    .innerJoin(uploadedImages, eq(uploadedImages.url, products.imageUrl));
}

/** Image addresses under `prefix` that products point at and that have no sizes recorded. */
export async function selectUnsizedUploadUrls(db: Tx, prefix: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ url: products.imageUrl })
    .from(products)
    .leftJoin(uploadedImages, eq(uploadedImages.url, products.imageUrl))
    .where(and(like(products.imageUrl, `${prefix}%`), isNull(uploadedImages.url)));
  return rows.map((r) => r.url);
}
