import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN, multipartBody, signedIn } from '../support/admin.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { count, inventoryOf, secretOf, setInventory, shopper } from '../support/checkout.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password });
  admin = await signedIn(t.app);
});
afterAll(() => t?.close());
beforeEach(async () => {
  await setInventory(t.app, 5, 250);
});

const VALID = {
  name: 'Travel Bottle',
  description: 'A smaller bottle for the gym bag, same strength.',
  price: '12.50',
  imageUrl: '/api/product-images/single',
  isActive: true,
  inventory: 40,
  displayOrder: 3,
};

describe('the orders tab', () => {
  it('lists paid and checked-out orders newest first with their items, leaving out abandoned carts', async () => {
    const abandoned = shopper(t.app);
    await abandoned.add(5, 1);
    const gone = secretOf((await abandoned.checkout()).json().checkoutUrl);

    const buyer = shopper(t.app);
    await buyer.add(6, 1);
    const { secret, paymentIntentId } = secretOf((await buyer.checkout()).json().checkoutUrl);
    await buyer.ship(paymentIntentId);
    await buyer.pay(secret);

    const res = await admin.call('GET', '/api/orders');
    expect(res.statusCode).toBe(200);
    const orders = res.json() as { stripePaymentIntentId: string; status: string; items: unknown[]; total: string }[];
    expect(orders.map((o) => o.stripePaymentIntentId)).not.toContain(gone.paymentIntentId);
    expect(orders[0]).toMatchObject({
      stripePaymentIntentId: paymentIntentId,
      status: 'paid',
      firstName: 'Dana',
      email: 'dana.lee@example.com',
      total: '48.90',
      items: [{ productId: 6, name: 'Smelling Salts 3-Pack', quantity: 1, unitPrice: '44.99' }],
    });
  });

  it('sets any of the four statuses and refuses others, changing nothing', async () => {
    const buyer = shopper(t.app);
    await buyer.add(5, 1);
    const { secret, paymentIntentId } = secretOf((await buyer.checkout()).json().checkoutUrl);
    await buyer.ship(paymentIntentId);
    await buyer.pay(secret);
    const id = ((await admin.call('GET', '/api/orders')).json() as { id: number; stripePaymentIntentId: string }[]).find(
      (o) => o.stripePaymentIntentId === paymentIntentId,
    )?.id;

    for (const bad of [{ status: 'refunded' }, { status: '' }, {}, { status: 'shipped', total: '0.01' }]) {
      const res = await admin.call('PUT', `/api/orders/${id}/status`, bad);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toHaveProperty('message');
    }
    expect((await admin.call('PUT', '/api/orders/abc/status', { status: 'paid' })).statusCode).toBe(400);
    expect((await admin.call('PUT', '/api/orders/999999/status', { status: 'paid' })).statusCode).toBe(404);
    expect(await count(t.app, 'orders', `id = ${id} and status = 'paid'`)).toBe(1);

    const shipped = await admin.call('PUT', `/api/orders/${id}/status`, { status: 'shipped' });
    expect(shipped.statusCode).toBe(200);
    expect(shipped.json()).toMatchObject({ id, status: 'shipped' });
    expect(await count(t.app, 'orders', `id = ${id} and shipped_at is not null`)).toBe(1);
  });

  it('an order the owner sets back to pending keeps its stock: the sweeper never releases it', async () => {
    const buyer = shopper(t.app);
    await buyer.add(5, 2);
    const { secret, paymentIntentId } = secretOf((await buyer.checkout()).json().checkoutUrl);
    await buyer.ship(paymentIntentId);
    await buyer.pay(secret);
    expect(await inventoryOf(t.app, 5)).toBe(248);
    const id = ((await admin.call('GET', '/api/orders')).json() as { id: number }[])[0]?.id;
    await admin.call('PUT', `/api/orders/${id}/status`, { status: 'pending' });
    await t.app.database.db.execute(
      // past its checkout expiry
      (await import('drizzle-orm')).sql`update orders set expires_at = now() - interval '1 hour' where id = ${id}`,
    );
    await t.app.services.checkout.sweepExpired();
    expect(await inventoryOf(t.app, 5)).toBe(248);
  });
});

describe('the inventory tab', () => {
  it('creates a product that the storefront lists at once, edits it, hides it and deletes it', async () => {
    const created = await admin.call('POST', '/api/admin/products', VALID);
    expect(created.statusCode).toBe(201);
    const product = created.json();
    expect(product).toMatchObject({ name: 'Travel Bottle', price: '12.50', inventory: 40, isActive: true });
    const storefront = async () =>
      ((await t.app.inject({ url: '/api/products' })).json() as { id: number; name: string; price: string }[]).find(
        (p) => p.id === product.id,
      );
    expect(await storefront()).toMatchObject({ name: 'Travel Bottle', price: '12.50' });
    expect(
      await count(t.app, 'stock_movements', `product_id = ${product.id} and reason = 'product_created' and actor = 'owner'`),
    ).toBe(1);

    const edited = await admin.call('PUT', `/api/admin/products/${product.id}`, { ...VALID, price: '13', inventory: 45 });
    expect(edited.json()).toMatchObject({ price: '13.00', inventory: 45 });
    expect((await storefront())?.price).toBe('13.00');
    expect(await count(t.app, 'stock_movements', `product_id = ${product.id} and reason = 'admin_set' and delta = 5`)).toBe(1);

    await admin.call('PUT', `/api/admin/products/${product.id}`, { ...VALID, isActive: false });
    expect(await storefront()).toBeUndefined();
    expect((await t.app.inject({ url: `/api/products/${product.id}` })).statusCode).toBe(404);

    expect((await admin.call('DELETE', `/api/admin/products/${product.id}`)).statusCode).toBe(200);
    expect((await admin.call('DELETE', `/api/admin/products/${product.id}`)).statusCode).toBe(404);
    expect(await count(t.app, 'products', `id = ${product.id}`)).toBe(0);
  });

  it('says what is wrong with each field of the product form, in the store’s words, and writes nothing', async () => {
    const before = await count(t.app, 'products');
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: 'ab' }, 'name', 'Product name must be at least 3 characters'],
      [{ name: '' }, 'name', 'Required'],
      [{ name: undefined }, 'name', 'Required'],
      [{ description: 'too short' }, 'description', 'Description must be at least 10 characters'],
      [{ price: '19.999' }, 'price', 'Price must be a valid number (e.g., 19.99)'],
      [{ price: 'abc' }, 'price', 'Price must be a valid number (e.g., 19.99)'],
      [{ price: '-1' }, 'price', 'Price must be a valid number (e.g., 19.99)'],
      [{ price: '10000' }, 'price', 'Price must be at most 9999.99'],
      [{ price: '999999.99' }, 'price', 'Price must be at most 9999.99'],
      [{ name: 'Salts\u202egnp.exe' }, 'name', 'Must not contain text-direction control characters'],
      [{ name: 'Salts\nBottle' }, 'name', 'Must be a single line, without tabs'],
      [{ description: 'A fine bottle\u0000 of salts' }, 'description', 'Must not contain control characters'],
      [{ imageUrl: 'not a url' }, 'imageUrl', 'Must be a valid URL'],
      [{ imageUrl: 'javascript:alert(1)' }, 'imageUrl', 'Must be a valid URL'],
      [{ inventory: -1 }, 'inventory', 'Inventory cannot be negative'],
      [{ displayOrder: -3 }, 'displayOrder', 'Display order cannot be negative'],
      [{ weightGrams: 0 }, 'weightGrams', 'Weight must be between 1 and 30000 grams'],
      [{ weightGrams: -80 }, 'weightGrams', 'Weight must be between 1 and 30000 grams'],
      [{ weightGrams: 30_001 }, 'weightGrams', 'Weight must be between 1 and 30000 grams'],
      [{ weightGrams: 'heavy' }, 'weightGrams', 'Weight must be between 1 and 30000 grams'],
      [{ weightGrams: '' }, 'weightGrams', 'Weight must be between 1 and 30000 grams'],
      [{ weightGrams: null }, 'weightGrams', 'Weight must be between 1 and 30000 grams'],
      [{ weightGrams: 80.5 }, 'weightGrams', 'Weight must be a whole number of grams'],
    ];
    for (const [patch, field, message] of cases) {
      const res = await admin.call('POST', '/api/admin/products', { ...VALID, ...patch });
      expect(res.statusCode, JSON.stringify(patch)).toBe(400);
      expect(res.json().fieldErrors[field]).toContain(message);
    }
    expect((await admin.call('POST', '/api/admin/products', { ...VALID, priceCents: 1 })).statusCode).toBe(400);
    expect(await count(t.app, 'products')).toBe(before);

    // The dearest price the form takes, and a description of several lines, as typed on any system.
    const dear = await admin.call('POST', '/api/admin/products', {
      ...VALID,
      price: '9999.99',
      description: 'Line one\r\n\tLine two',
    });
    expect(dear.json()).toMatchObject({ price: '9999.99', description: 'Line one\n\tLine two' });
    await admin.call('DELETE', `/api/admin/products/${dear.json().id}`);

    // A non-numeric stock or order entry becomes 0 (docs/product.md §5).
    const zero = await admin.call('POST', '/api/admin/products', { ...VALID, inventory: 'abc', displayOrder: '' });
    expect(zero.json()).toMatchObject({ inventory: 0, displayOrder: 0 });
    await admin.call('DELETE', `/api/admin/products/${zero.json().id}`);
  });

  it('keeps each product’s shipping weight: saved, returned, 80 g when a new product leaves it out, kept when a change does', async () => {
    const seeded = (await admin.call('GET', '/api/admin/products')).json() as { name: string; weightGrams: number }[];
    expect(seeded.find((p) => p.name === 'Smelling Salts 3-Pack')?.weightGrams).toBe(240);

    const heavy = await admin.call('POST', '/api/admin/products', { ...VALID, weightGrams: 450 });
    expect(heavy.statusCode).toBe(201);
    const id = heavy.json().id as number;
    expect(heavy.json()).toMatchObject({ weightGrams: 450 });
    expect(await count(t.app, 'products', `id = ${id} and weight_grams = 450`)).toBe(1);
    const listed = (await admin.call('GET', '/api/admin/products')).json() as { id: number; weightGrams: number }[];
    expect(listed.find((p) => p.id === id)?.weightGrams).toBe(450);

    // Typed into the form as text, like the other numbers; the limits are inclusive.
    expect((await admin.call('PUT', `/api/admin/products/${id}`, { ...VALID, weightGrams: '30000' })).json()).toMatchObject({
      weightGrams: 30_000,
    });
    expect((await admin.call('PUT', `/api/admin/products/${id}`, { ...VALID, weightGrams: 1 })).json()).toMatchObject({
      weightGrams: 1,
    });
    // A form without the field (an older dashboard) changes the rest and leaves the weight alone.
    const renamed = await admin.call('PUT', `/api/admin/products/${id}`, { ...VALID, name: 'Tiny Bottle' });
    expect(renamed.json()).toMatchObject({ name: 'Tiny Bottle', weightGrams: 1 });
    // A refused weight writes nothing.
    expect((await admin.call('PUT', `/api/admin/products/${id}`, { ...VALID, name: 'Other', weightGrams: 0 })).statusCode).toBe(
      400,
    );
    expect(await count(t.app, 'products', `id = ${id} and name = 'Tiny Bottle' and weight_grams = 1`)).toBe(1);

    const plain = await admin.call('POST', '/api/admin/products', VALID);
    expect(plain.json()).toMatchObject({ weightGrams: 80 });
    expect(await count(t.app, 'products', `id = ${plain.json().id} and weight_grams = 80`)).toBe(1);

    // The parcel's weight is the products' (what the label provider prices).
    expect(await t.app.services.catalog.unitWeightGrams(id)).toBe(1);
    await admin.call('DELETE', `/api/admin/products/${id}`);
    await admin.call('DELETE', `/api/admin/products/${plain.json().id}`);
    expect(await t.app.services.catalog.unitWeightGrams(id)).toBe(80);
  });

  it('adjusts stock, never below zero, each change a movement with the admin’s name', async () => {
    await setInventory(t.app, 5, 3);
    const minus = await admin.call('PUT', '/api/admin/products/5/inventory', { change: -10 });
    expect(minus.statusCode).toBe(409);
    expect(minus.json().message).toBe('Stock cannot go below 0 (it is 3)');
    expect(await inventoryOf(t.app, 5)).toBe(3);

    expect((await admin.call('PUT', '/api/admin/products/5/inventory', { change: 10 })).json()).toMatchObject({ inventory: 13 });
    expect((await admin.call('PUT', '/api/admin/products/5/inventory', { change: -1 })).json()).toMatchObject({ inventory: 12 });
    expect(
      await count(
        t.app,
        'stock_movements',
        `product_id = 5 and reason = 'admin_adjust' and actor = 'owner' and inventory_after = 12`,
      ),
    ).toBe(1);

    for (const bad of [{ change: 0 }, { change: 1.5 }, { change: '1' }, {}]) {
      expect((await admin.call('PUT', '/api/admin/products/5/inventory', bad)).statusCode).toBe(400);
    }
    for (const bad of [{ inventory: -1 }, { inventory: 2.5 }, { inventory: 'x' }]) {
      expect((await admin.call('PUT', '/api/admin/products/5/set-inventory', bad)).statusCode).toBe(400);
    }
    const set = await admin.call('PUT', '/api/admin/products/5/set-inventory', { inventory: 7 });
    expect(set.json()).toMatchObject({ inventory: 7 });
    expect(
      await count(t.app, 'stock_movements', `product_id = 5 and reason = 'admin_set' and delta = -5 and actor = 'owner'`),
    ).toBe(1);
    expect((await admin.call('PUT', '/api/admin/products/999/inventory', { change: 1 })).statusCode).toBe(404);
  });

  it('moves a product in the list, never below 0', async () => {
    expect((await admin.call('PUT', '/api/admin/products/6/order', { displayOrder: -1 })).statusCode).toBe(400);
    const moved = await admin.call('PUT', '/api/admin/products/6/order', { displayOrder: 0 });
    expect(moved.json()).toMatchObject({ id: 6, displayOrder: 0 });
    const list = (await admin.call('GET', '/api/admin/products')).json() as { id: number; displayOrder: number }[];
    expect(list.map((p) => p.displayOrder)).toEqual([...list.map((p) => p.displayOrder)].sort((a, b) => a - b));
    await admin.call('PUT', '/api/admin/products/6/order', { displayOrder: 1 });
  });
});

describe('image upload', () => {
  const upload = (field: string, filename: string, type: string, data: Buffer) => {
    const { body, contentType } = multipartBody(field, filename, type, data);
    return admin.call('POST', '/api/admin/upload-image', body, { 'content-type': contentType });
  };

  it('re-encodes a photo as WebP without its metadata and serves it', async () => {
    const jpeg = await sharp({ create: { width: 2400, height: 1800, channels: 3, background: '#c98a2b' } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Artist: 'Someone Private' } } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const res = await upload('image', 'photo.jpg', 'image/jpeg', jpeg);
    expect(res.statusCode).toBe(200);
    const { imageUrl } = res.json();
    expect(imageUrl).toMatch(/^\/uploads\/[a-f0-9]{32}\.webp$/);
    const served = await t.app.inject({ url: imageUrl });
    expect(served.headers['content-type']).toBe('image/webp');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 1600, height: 1200 });
    expect(meta.exif).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('Someone Private'))).toBe(false);
  });

  it('refuses SVG, HTML named .png, a polyglot, an oversized file and a wrong field, storing nothing', async () => {
    const stored = (await t.app.uploads.list()).length;
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const cases: [string, string, string, Buffer, number][] = [
      [
        'image',
        'logo.svg',
        'image/svg+xml',
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        415,
      ],
      ['image', 'photo.png', 'image/png', Buffer.from('<!doctype html><script>alert(1)</script>'), 415],
      ['image', 'poly.gif', 'image/gif', Buffer.from('GIF89a/*\x00\x00*/=1;alert(document.cookie)//'), 400],
      ['image', 'big.png', 'image/png', Buffer.concat([png, Buffer.alloc(6 * 1024 * 1024)]), 413],
      ['file', 'photo.png', 'image/png', png, 400],
    ];
    for (const [field, name, type, data, status] of cases) {
      const res = await upload(field, name, type, data);
      expect(res.statusCode, name).toBe(status);
      expect(res.json()).toHaveProperty('message');
    }
    const json = await admin.call('POST', '/api/admin/upload-image', { image: 'x' });
    expect(json.statusCode).toBe(415);
    expect((await t.app.uploads.list()).length).toBe(stored);
    expect((await t.app.inject({ url: '/uploads/../../etc/passwd' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/uploads/${'a'.repeat(32)}.webp` })).statusCode).toBe(404);
  });
});
