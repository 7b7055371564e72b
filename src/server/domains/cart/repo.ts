import { and, asc, eq, isNotNull, ne, sql } from 'drizzle-orm';
import type { Tx } from '#db/client.ts';
import { cartItems, products } from '#db/schema/index.ts';

export interface CartRow {
  id: string;
  quantity: number;
  productId: number;
  name: string;
  priceCents: number;
  imageUrl: string;
  isActive: boolean;
  inventory: number;
  /** The shopper's subscribe-and-save choice (null: one-time), and what the product offers now. */
  subscriptionIntervalWeeks: number | null;
  subscriptionIntervalsWeeks: number[];
  subscriptionDiscountPercent: number;
}

// The one read-only join across domains (docs/decisions/0022): the catalog's columns below, read with
// the lines in one statement on every cart read and inside the checkout's transaction.
const cartColumns = {
  id: cartItems.id,
  quantity: cartItems.quantity,
  productId: cartItems.productId,
  name: products.name,
  priceCents: products.priceCents,
  imageUrl: products.imageUrl,
  isActive: products.isActive,
  inventory: products.inventory,
  subscriptionIntervalWeeks: cartItems.subscriptionIntervalWeeks,
  subscriptionIntervalsWeeks: products.subscriptionIntervalsWeeks,
  subscriptionDiscountPercent: products.subscriptionDiscountPercent,
};

export function selectCart(db: Tx, sessionId: string): Promise<CartRow[]> {
  return db
    .select(cartColumns)
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(eq(cartItems.sessionId, sessionId))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
}

export async function selectCartItem(db: Tx, sessionId: string, itemId: string): Promise<CartRow | undefined> {
  const [row] = await db
    .select(cartColumns)
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(and(eq(cartItems.id, itemId), eq(cartItems.sessionId, sessionId)));
  return row;
}

/**
 * The line of this product, created with `quantity` or changed in one statement: `add` adds to it
 * (the cart's Add), `raise` lifts it to at least `quantity` and never lowers it (a restored
 * checkout: running it twice changes nothing more). Returns undefined when the line exists and its
 * new quantity would pass `max` (nothing is written then).
 */
export async function upsertCartItem(
  db: Tx,
  v: {
    id: string;
    sessionId: string;
    productId: number;
    quantity: number;
    max: number;
    how: 'add' | 'raise';
    /** A subscribe-and-save interval, or null for one-time; undefined: a line there keeps its own. */
    subscription?: number | null | undefined;
  },
): Promise<{ id: string; quantity: number } | undefined> {
  const next =
    v.how === 'add' ? sql`${cartItems.quantity} + excluded.quantity` : sql`greatest(${cartItems.quantity}, excluded.quantity)`;
  // A new line sorts after every line the cart holds (the cart's order), even written in the same
  // transaction as them (a restore) or the same millisecond (PGlite's clock).
  const after = sql`(select max(${cartItems.createdAt}) from ${cartItems} where ${cartItems.sessionId} = ${v.sessionId})`;
  const [row] = await db
    .insert(cartItems)
    .values({
      id: v.id,
      sessionId: v.sessionId,
      productId: v.productId,
      quantity: v.quantity,
      subscriptionIntervalWeeks: v.subscription ?? null,
      createdAt: sql`greatest(clock_timestamp(), ${after} + interval '1 microsecond')`,
    })
    .onConflictDoUpdate({
      target: [cartItems.sessionId, cartItems.productId],
      set: {
        quantity: next,
        updatedAt: sql`now()`,
        ...(v.subscription === undefined ? {} : { subscriptionIntervalWeeks: v.subscription }),
      },
      setWhere: sql`${next} <= ${v.max}`,
    })
    .returning({ id: cartItems.id, quantity: cartItems.quantity });
  return row;
}

export async function updateCartItemQuantity(
  db: Tx,
  sessionId: string,
  itemId: string,
  quantity: number,
  subscription?: number | null,
): Promise<boolean> {
  const rows = await db
    .update(cartItems)
    .set({ quantity, updatedAt: sql`now()`, ...(subscription === undefined ? {} : { subscriptionIntervalWeeks: subscription }) })
    .where(and(eq(cartItems.id, itemId), eq(cartItems.sessionId, sessionId)))
    .returning({ id: cartItems.id });
  return rows.length > 0;
}

export async function deleteCartItem(db: Tx, sessionId: string, itemId: string): Promise<boolean> {
  const rows = await db
    .delete(cartItems)
    .where(and(eq(cartItems.id, itemId), eq(cartItems.sessionId, sessionId)))
    .returning({ id: cartItems.id });
  return rows.length > 0;
}

export async function deleteCart(db: Tx, sessionId: string): Promise<number> {
  const rows = await db.delete(cartItems).where(eq(cartItems.sessionId, sessionId)).returning({ id: cartItems.id });
  return rows.length;
}

/** Carts nobody touched for `days` days are dropped (run by a periodic sweep). */
export async function deleteStaleCartItems(db: Tx, days: number): Promise<number> {
  const rows = await db
    .delete(cartItems)
    .where(sql`${cartItems.updatedAt} < now() - make_interval(days => ${days})`)
    .returning({ id: cartItems.id });
  return rows.length;
}

/** Every subscription line of a cart comes on one schedule (docs/decisions/0052): the others follow a new interval. */
export async function alignSubscriptionIntervals(db: Tx, sessionId: string, intervalWeeks: number): Promise<void> {
  await db
    .update(cartItems)
    .set({ subscriptionIntervalWeeks: intervalWeeks, updatedAt: sql`now()` })
    .where(
      and(
        eq(cartItems.sessionId, sessionId),
        isNotNull(cartItems.subscriptionIntervalWeeks),
        ne(cartItems.subscriptionIntervalWeeks, intervalWeeks),
      ),
    );
}
