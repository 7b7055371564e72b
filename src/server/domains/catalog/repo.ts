import { and, asc, eq } from 'drizzle-orm';
import type { Tx } from '#db/client.ts';
import { products } from '#db/schema/index.ts';

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
