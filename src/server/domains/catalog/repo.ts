import { and, asc, eq, gte, isNull, like, sql } from 'drizzle-orm';
import type { ImageVariant } from '#shared/catalog.ts';
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
 * the stock never goes below zero. Returns the stock left, or undefined when there was not enough.
 */
export async function takeStock(
  tx: Tx,
  v: { productId: number; quantity: number; orderId: number; reason: StockReason },
): Promise<number | undefined> {
  const [row] = await tx
    .update(products)
    .set({ inventory: sql`${products.inventory} - ${v.quantity}`, updatedAt: sql`now()` })
    .where(and(eq(products.id, v.productId), gte(products.inventory, v.quantity)))
    .returning({ inventory: products.inventory });
  if (!row) return undefined;
  await tx.insert(stockMovements).values({
    productId: v.productId,
    delta: -v.quantity,
    inventoryAfter: row.inventory,
    reason: v.reason,
    orderId: v.orderId,
  });
  return row.inventory;
}

/** Puts `quantity` back on the shelf, with its movement. */
export async function returnStock(
  tx: Tx,
  v: { productId: number; quantity: number; orderId: number; reason: StockReason },
): Promise<void> {
  const [row] = await tx
    .update(products)
    .set({ inventory: sql`${products.inventory} + ${v.quantity}`, updatedAt: sql`now()` })
    .where(eq(products.id, v.productId))
    .returning({ inventory: products.inventory });
  if (!row) return; // the product was deleted: nothing to put back
  await tx.insert(stockMovements).values({
    productId: v.productId,
    delta: v.quantity,
    inventoryAfter: row.inventory,
    reason: v.reason,
    orderId: v.orderId,
  });
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

/** An owner's change of stock, recorded with who made it. */
export async function recordMovement(
  tx: Tx,
  v: { productId: number; delta: number; inventoryAfter: number; reason: StockReason; actor: string },
): Promise<void> {
  await tx.insert(stockMovements).values({ ...v, orderId: null });
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
