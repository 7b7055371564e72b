import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('catalog API', () => {
  it('lists the seeded active products by display order with decimal-string prices', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/products' });
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list.map((p: { id: number }) => p.id)).toEqual([5, 6]);
    expect(list[0]).toMatchObject({
      id: 5,
      name: 'Single Bottle',
      price: '18.99',
      compareAtPrice: null,
      isActive: true,
      inStock: true,
    });
    expect(list[1]).toMatchObject({ name: 'Smelling Salts 3-Pack', price: '44.99', compareAtPrice: '74.97' });
    expect(list[1].name).toContain('3-Pack');
  });

  it('serves one active product and 404 JSON for unknown, inactive or malformed ids', async () => {
    expect((await t.app.inject({ url: '/api/products/5' })).json()).toMatchObject({ id: 5, price: '18.99' });
    const unknown = await t.app.inject({ url: '/api/products/999' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Product not found');

    await t.app.database.db.execute(sql.raw('update products set is_active = false where id = 6'));
    await t.app.services.catalog.catalogChanged();
    expect((await t.app.inject({ url: '/api/products/6' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/products' })).json().map((p: { id: number }) => p.id)).toEqual([5]);
    await t.app.database.db.execute(sql.raw('update products set is_active = true where id = 6'));
    await t.app.services.catalog.catalogChanged();

    for (const bad of ['abc', '-1', '0', '1.5', '99999999999']) {
      const res = await t.app.inject({ url: `/api/products/${bad}` });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message).toMatch(/URL: id/);
    }
  });

  it('answers an unchanged list 304 by its ETag, and a changed one 200 with a new tag', async () => {
    const first = await t.app.inject({ url: '/api/products' });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect(first.headers['cache-control']).toBe('no-cache');
    const again = await t.app.inject({ url: '/api/products', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    // A list of tags, or the tag a proxy marked weak after compressing the body, matches too.
    for (const header of [`"other", ${etag}`, `W/${etag}`, '*']) {
      expect((await t.app.inject({ url: '/api/products', headers: { 'if-none-match': header } })).statusCode, header).toBe(304);
    }
    expect((await t.app.inject({ url: '/api/products', headers: { 'if-none-match': '"stale"' } })).statusCode).toBe(200);

    await t.app.database.db.execute(sql.raw('update products set price_cents = 1999 where id = 5'));
    await t.app.services.catalog.catalogChanged();
    const changed = await t.app.inject({ url: '/api/products', headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()[0].price).toBe('19.99');
    expect(changed.headers.etag).not.toBe(etag);
    await t.app.database.db.execute(sql.raw('update products set price_cents = 1899 where id = 5'));
    await t.app.services.catalog.catalogChanged();
    expect((await t.app.inject({ url: '/api/products' })).headers.etag).toBe(etag);
  });

  it('tags each encoding of the list apart, as a strong tag names one set of bytes (RFC 9110 §8.8.3)', async () => {
    const tags: Record<string, string> = {};
    for (const encoding of ['identity', 'gzip', 'br']) {
      const res = await t.app.inject({ url: '/api/products', headers: { 'accept-encoding': encoding } });
      expect(res.headers['content-encoding'] ?? 'identity', encoding).toBe(encoding);
      tags[encoding] = String(res.headers.etag);
    }
    expect(new Set(Object.values(tags)).size).toBe(3);
    for (const [encoding, tag] of Object.entries(tags)) {
      // The bytes the client holds are still the list's: not modified.
      const same = await t.app.inject({ url: '/api/products', headers: { 'accept-encoding': encoding, 'if-none-match': tag } });
      expect(same.statusCode, encoding).toBe(304);
      expect(same.headers.etag, encoding).toBe(tag);
    }
    // A client holding the uncompressed list that now asks for Brotli gets Brotli's bytes and tag.
    const other = await t.app.inject({
      url: '/api/products',
      headers: { 'accept-encoding': 'br', 'if-none-match': tags.identity },
    });
    expect(other.statusCode).toBe(200);
    expect(other.headers['content-encoding']).toBe('br');
    expect(other.headers.etag).toBe(tags.br);
  });

  it('keeps the cached list correct when stock changes', async () => {
    const before = (await t.app.inject({ url: '/api/products' })).json()[0].inventory;
    await t.app.database.db.execute(sql.raw('update products set inventory = inventory - 1 where id = 5'));
    await t.app.services.catalog.catalogChanged();
    expect((await t.app.inject({ url: '/api/products' })).json()[0].inventory).toBe(before - 1);
  });

  it('serves the drawn product images as WebP with long cache headers, sized on request', async () => {
    for (const kind of ['single', '3-pack']) {
      const res = await t.app.inject({ url: `/api/product-images/${kind}?w=640` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toContain('max-age=31536000');
      expect(res.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
    }
    expect((await t.app.inject({ url: '/api/product-images/4-pack' })).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/product-images/single?w=5000' })).statusCode).toBe(400);
  });
});

describe('site basics', () => {
  it('answers /healthz after checking the database', async () => {
    const res = await t.app.inject({ url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: t.driver });
  });

  it('answers unknown /api paths with JSON 404', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json().message).toContain('/api/nope');
  });

  it('serves a real robots.txt, sitemap.xml and favicon', async () => {
    const robots = await t.app.inject({ url: '/robots.txt' });
    expect(robots.headers['content-type']).toContain('text/plain');
    expect(robots.body).toContain('Sitemap: http://store.test/sitemap.xml');
    expect(robots.body).toContain('Disallow: /admin');

    const sitemap = await t.app.inject({ url: '/sitemap.xml' });
    expect(sitemap.headers['content-type']).toContain('application/xml');
    expect(sitemap.body).toContain('<loc>http://store.test/product/5</loc>');
    expect(sitemap.body).toContain('<loc>http://store.test/</loc>');

    const ico = await t.app.inject({ url: '/favicon.ico' });
    expect(ico.headers['content-type']).toBe('image/x-icon');
    expect(ico.rawPayload.readUInt16LE(2)).toBe(1); // ICO type
    expect(ico.rawPayload.subarray(23, 26).toString()).toBe('PNG');
  });
});
