import { sql } from 'drizzle-orm';
import type { Database } from './client.ts';
import { products, stockMovements } from './schema/index.ts';

/** The catalog of docs/engineering.md §5, written only into an empty products table. */
export const SEED_PRODUCTS = [
  {
    id: 5,
    name: 'Single Bottle',
    description:
      'One 30 g amber bottle of pre-activated ammonia smelling salts. No crushing, no mixing: uncap, take one sharp breath, reseal. Many athletes make it the last step of their routine before a heavy lift, a sprint or a game. The reusable seal keeps it potent between sessions.',
    priceCents: 1899,
    compareAtCents: null,
    imageUrl: '/api/product-images/single',
    inventory: 250,
    displayOrder: 0,
    weightGrams: 80,
    // Ammonia in alcohol and water: ground only (docs/decisions/0046). The UN number is the owner's to enter from the SDS.
    shippingClass: 'limited-quantity',
    // Subscribe and save (docs/decisions/0052): every 4, 6 or 8 weeks, 10 % off.
    subscriptionIntervalsWeeks: [4, 6, 8],
    subscriptionDiscountPercent: 10,
  },
  {
    id: 6,
    name: 'Smelling Salts 3-Pack',
    description:
      'Three 30 g bottles of pre-activated ammonia smelling salts: one for the gym bag, one for the car, one for meet day. The same professional-grade formula as the single bottle, bundled at our best price.',
    priceCents: 4499,
    compareAtCents: 7497,
    imageUrl: '/api/product-images/3-pack',
    inventory: 120,
    displayOrder: 1,
    weightGrams: 240,
    shippingClass: 'limited-quantity',
  },
] as const;

export async function seedCatalog(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [existing] = await tx.select({ count: sql<number>`count(*)::int` }).from(products);
    if ((existing?.count ?? 0) > 0) return false;
    for (const p of SEED_PRODUCTS) {
      const { subscriptionIntervalsWeeks: weeks, ...row } = { subscriptionIntervalsWeeks: [] as readonly number[], ...p };
      await tx.insert(products).values({ ...row, subscriptionIntervalsWeeks: [...weeks] });
      await tx
        .insert(stockMovements)
        .values({ productId: p.id, delta: p.inventory, inventoryAfter: p.inventory, reason: 'seed' });
    }
    // Explicit ids were inserted: move the identity past them so ids are never reused.
    await tx.execute(sql`select setval(pg_get_serial_sequence('products', 'id'), (select max(id) from products))`);
    return true;
  });
}
