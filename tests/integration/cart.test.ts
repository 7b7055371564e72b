import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartItems } from '#db/schema/index.ts';
import { countRows } from '../support/db.ts';
import { createTestApp, newSessionId, type TestApp } from '../support/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const add = (sessionId: string, productId: unknown, quantity: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/cart', payload: { sessionId, productId, quantity } });
const cart = async (sessionId: string) => (await t.app.inject({ url: `/api/cart/${sessionId}` })).json();
const countItems = () => countRows(t.app.database.db, cartItems);

describe('cart', () => {
  it('adds, raises the quantity of a product already in the cart, and lists with database prices', async () => {
    const s = newSessionId();
    const first = await add(s, 5, 2);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ quantity: 2, product: { id: 5, name: 'Single Bottle', price: '18.99' } });
    expect(first.json().id).toMatch(/^[A-Za-z0-9_-]{24}$/);
    const again = await add(s, 5, 3);
    expect(again.json()).toMatchObject({ id: first.json().id, quantity: 5 });
    await add(s, 6, 1);
    const items = await cart(s);
    expect(items).toHaveLength(2);
    expect(items.map((i: { quantity: number }) => i.quantity)).toEqual([5, 1]);
  });

  it('changes and removes an item only with the owner session id', async () => {
    const mine = newSessionId();
    const theirs = newSessionId();
    const item = (await add(mine, 5, 1)).json();

    // Another session cannot change or delete it, nor does it see it.
    for (const headers of [{}, { 'x-session-id': theirs }, { 'x-session-id': 'garbage' }]) {
      const put = await t.app.inject({ method: 'PUT', url: `/api/cart/${item.id}`, headers, payload: { quantity: 9 } });
      expect(put.statusCode).toBe(404);
      expect(put.json().message).toBe('Cart item not found');
      const del = await t.app.inject({ method: 'DELETE', url: `/api/cart/${item.id}`, headers });
      expect(del.statusCode).toBe(404);
    }
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/cart/${item.id}`,
      payload: { quantity: 9, sessionId: theirs },
    });
    expect(put.statusCode).toBe(404);
    expect(await cart(theirs)).toEqual([]);
    expect((await cart(mine))[0].quantity).toBe(1);

    const ok = await t.app.inject({
      method: 'PUT',
      url: `/api/cart/${item.id}`,
      headers: { 'x-session-id': mine },
      payload: { quantity: 4 },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().quantity).toBe(4);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/cart/${item.id}`, headers: { 'x-session-id': mine } });
    expect(del.statusCode).toBe(204);
    expect(await cart(mine)).toEqual([]);
  });

  it('clears one session without touching another', async () => {
    const a = newSessionId();
    const b = newSessionId();
    await add(a, 5, 1);
    await add(a, 6, 1);
    await add(b, 5, 1);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/cart/session/${a}` });
    expect(res.json()).toEqual({ removed: 2 });
    expect(await cart(a)).toEqual([]);
    expect(await cart(b)).toHaveLength(1);
  });

  it('refuses unknown and inactive products', async () => {
    const s = newSessionId();
    expect((await add(s, 999, 1)).statusCode).toBe(404);
    await t.app.database.db.execute(sql`update products set is_active = false where id = 6`);
    const res = await add(s, 6, 1);
    await t.app.database.db.execute(sql`update products set is_active = true where id = 6`);
    expect(res.statusCode).toBe(404);
    expect(await cart(s)).toEqual([]);
  });

  it('keeps a line within 1–99 and within stock', async () => {
    const s = newSessionId();
    await add(s, 5, 60);
    const over = await add(s, 5, 40);
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe('You can have at most 99 of this item in your cart');
    expect((await cart(s))[0].quantity).toBe(60);

    await t.app.database.db.execute(sql`update products set inventory = 2 where id = 6`);
    const res = await add(s, 6, 3);
    await t.app.database.db.execute(sql`update products set inventory = 120 where id = 6`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Only 2 left in stock');
  });

  it('answers bad input with 400 JSON {message} and writes nothing', async () => {
    const s = newSessionId();
    const before = await countItems();
    const bad: [string, unknown][] = [
      ['negative quantity', { sessionId: s, productId: 5, quantity: -1 }],
      ['zero quantity', { sessionId: s, productId: 5, quantity: 0 }],
      ['huge quantity', { sessionId: s, productId: 5, quantity: 1e9 }],
      ['fractional quantity', { sessionId: s, productId: 5, quantity: 1.5 }],
      ['string quantity', { sessionId: s, productId: 5, quantity: '2' }],
      ['missing session', { productId: 5, quantity: 1 }],
      ['bad session', { sessionId: "'; drop table cart_items; --", productId: 5, quantity: 1 }],
      ['object product id', { sessionId: s, productId: { $gt: 0 }, quantity: 1 }],
      ['extra field price', { sessionId: s, productId: 5, quantity: 1, price: '0.01' }],
      ['array body', [1, 2]],
    ];
    for (const [what, payload] of bad) {
      const res = await t.app.inject({ method: 'POST', url: '/api/cart', payload: payload as object });
      expect(res.statusCode, what).toBe(400);
      expect(typeof res.json().message, what).toBe('string');
    }
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/cart',
      headers: { 'content-type': 'application/json' },
      payload: '{"sessionId":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('Request body is not valid JSON');

    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/cart',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ sessionId: s, productId: 5, quantity: 1, pad: 'x'.repeat(200_000) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toBe('Request body is too large');

    const text = await t.app.inject({
      method: 'POST',
      url: '/api/cart',
      headers: { 'content-type': 'text/plain' },
      payload: 'hi',
    });
    expect(text.statusCode).toBe(415);

    const putBad = await t.app.inject({
      method: 'PUT',
      url: '/api/cart/not-a-valid-id!',
      headers: { 'x-session-id': s },
      payload: { quantity: 1 },
    });
    expect(putBad.statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/cart/not-a-session' })).statusCode).toBe(400);
    expect(await countItems()).toBe(before);
  });

  it('merges concurrent adds of one product into one line with the summed quantity', async () => {
    const s = newSessionId();
    const results = await Promise.all(Array.from({ length: 8 }, () => add(s, 5, 1)));
    expect(results.every((r) => r.statusCode === 201)).toBe(true);
    const items = await cart(s);
    expect(items).toHaveLength(1);
    expect(items[0].quantity).toBe(8);
  });
});
