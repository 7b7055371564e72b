import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductFormValues } from '#shared/admin.ts';
import { stockMovements } from '#db/schema/index.ts';
import { createTestApp, type TestApp } from '#tests/support/app.ts';
import { AppError } from '../../errors.ts';

/**
 * The owner's catalog changes, called on the catalog service directly (a real database, PGlite in
 * memory): each change of stock leaves one movement saying who moved it, by how much, to what.
 */
let t: TestApp;
let catalog: TestApp['app']['services']['catalog'];
beforeAll(async () => {
  t = await createTestApp();
  catalog = t.app.services.catalog;
});
afterAll(() => t?.close());

const form = (change: Partial<ProductFormValues> = {}): ProductFormValues => ({
  name: 'Travel bottle',
  description: 'A smaller bottle for the gym bag.',
  price: '9.99',
  imageUrl: '/images/single.png',
  isActive: true,
  inventory: 12,
  displayOrder: 5,
  ...change,
});

const movementsOf = (productId: number) =>
  t.app.database.db
    .select({
      delta: stockMovements.delta,
      inventoryAfter: stockMovements.inventoryAfter,
      reason: stockMovements.reason,
      actor: stockMovements.actor,
    })
    .from(stockMovements)
    .where(eq(stockMovements.productId, productId))
    .orderBy(asc(stockMovements.id));

async function refusal(work: Promise<unknown>): Promise<AppError> {
  const err = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

describe('the owner’s stock changes', () => {
  it('records a new product’s opening stock, even when it is 0', async () => {
    const stocked = await catalog.createProduct(form(), 'owner');
    const empty = await catalog.createProduct(form({ name: 'Empty bottle', inventory: 0 }), 'owner');
    expect(await movementsOf(stocked.id)).toEqual([{ delta: 12, inventoryAfter: 12, reason: 'product_created', actor: 'owner' }]);
    expect(await movementsOf(empty.id)).toEqual([{ delta: 0, inventoryAfter: 0, reason: 'product_created', actor: 'owner' }]);
  });

  it('an adjustment moves stock by its change; a set records the difference; an edit that leaves stock alone records nothing', async () => {
    const p = await catalog.createProduct(form({ inventory: 10 }), 'owner');
    expect((await catalog.adjustInventory(p.id, -3, 'owner')).inventory).toBe(7);
    expect((await catalog.setInventory(p.id, 20, 'clerk')).inventory).toBe(20);
    await catalog.updateProduct(p.id, form({ inventory: 20, price: '11.50' }), 'owner');
    await catalog.setInventory(p.id, 20, 'owner');
    expect((await movementsOf(p.id)).slice(1)).toEqual([
      { delta: -3, inventoryAfter: 7, reason: 'admin_adjust', actor: 'owner' },
      { delta: 13, inventoryAfter: 20, reason: 'admin_set', actor: 'clerk' },
    ]);
  });

  it('refuses an adjustment below 0 with a 409 saying the stock, and writes nothing', async () => {
    const p = await catalog.createProduct(form({ inventory: 2 }), 'owner');
    const err = await refusal(catalog.adjustInventory(p.id, -3, 'owner'));
    expect(err.status).toBe(409);
    expect(err.message).toBe('Stock cannot go below 0 (it is 2)');
    expect((await catalog.listAllProducts()).find((x) => x.id === p.id)?.inventory).toBe(2);
    expect(await movementsOf(p.id)).toHaveLength(1);
  });

  it('parallel adjustments of one product queue on its row: none is lost, and each movement’s stock follows the last', async () => {
    const p = await catalog.createProduct(form({ inventory: 0 }), 'owner');
    await Promise.all(Array.from({ length: 8 }, () => catalog.adjustInventory(p.id, 5, 'owner')));
    expect((await catalog.listAllProducts()).find((x) => x.id === p.id)?.inventory).toBe(40);
    const after = (await movementsOf(p.id)).slice(1).map((m) => m.inventoryAfter);
    expect(after).toEqual([5, 10, 15, 20, 25, 30, 35, 40]);
  });

  it('a change to a product that is not there is a 404', async () => {
    for (const change of [
      () => catalog.adjustInventory(999_999, 1, 'owner'),
      () => catalog.setInventory(999_999, 1, 'owner'),
      () => catalog.updateProduct(999_999, form(), 'owner'),
      () => catalog.setDisplayOrder(999_999, 1),
      () => catalog.deleteProduct(999_999),
    ]) {
      expect((await refusal(change())).status).toBe(404);
    }
  });

  it('the storefront’s list sees each change at once (its cache is dropped), and leaves inactive products out', async () => {
    const p = await catalog.createProduct(form({ inventory: 4 }), 'owner');
    expect((await catalog.getActiveProduct(p.id))?.inventory).toBe(4);
    await catalog.adjustInventory(p.id, 1, 'owner');
    expect((await catalog.getActiveProduct(p.id))?.inventory).toBe(5);
    await catalog.updateProduct(p.id, form({ inventory: 5, isActive: false }), 'owner');
    expect(await catalog.getActiveProduct(p.id)).toBeNull();
  });
});
