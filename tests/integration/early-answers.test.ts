import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';

let t: TestApp;
let port: number;
let routed = 0;
beforeAll(async () => {
  t = await createTestApp();
  t.app.addHook('onRequest', (req, _reply, done) => {
    if (req.url.startsWith('/api/products')) routed++;
    done();
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t?.close());

interface Got {
  status: number;
  headers: Record<string, unknown>;
  body: Buffer;
}

/** A request over HTTP, with the bytes as they came. */
function get(path: string, headers: Record<string, string> = {}): Promise<Got> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: { ...res.headers },
            body: Buffer.concat(chunks),
          }),
        );
      })
      .on('error', reject);
  });
}

/** The same request through Fastify's routing. */
async function viaRoute(path: string, headers: Record<string, string> = {}): Promise<Got> {
  const res = await t.app.inject({ url: path, headers });
  return {
    status: res.statusCode,
    headers: { ...res.headers },
    body: res.rawPayload,
  };
}

/**
 * On PostgreSQL every change, and every channel's subscription at start, comes back to this instance
 * as a notification a moment later and drops the catalog's list again: waits until none is on its
 * way, so the test knows which requests find the list held.
 */
async function notificationsArrived(): Promise<void> {
  if (t.driver === 'postgres') await new Promise((r) => setTimeout(r, 300));
}

/** Loads the list, once no notification can drop it any more. */
async function listHeld(): Promise<void> {
  await notificationsArrived();
  await t.app.services.catalog.listActiveProducts();
  expect(t.app.services.catalog.heldActiveProducts()).toBeDefined();
}

const TRANSPORT = ['date', 'connection', 'keep-alive', 'transfer-encoding'];
const withoutTransport = (headers: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !TRANSPORT.includes(name)));

function decoded(got: Got): unknown {
  const encoding = got.headers['content-encoding'];
  const bytes = encoding === 'br' ? brotliDecompressSync(got.body) : encoding === 'gzip' ? gunzipSync(got.body) : got.body;
  return JSON.parse(bytes.toString('utf8'));
}

describe('the product list answered before routing', () => {
  it('is the routed answer, byte for byte, for every encoding and validator a client sends, without reaching a route', async () => {
    const first = await viaRoute('/api/products');
    const etag = String(first.headers.etag);
    await listHeld();
    const cases: Record<string, string>[] = [
      {},
      { 'accept-encoding': 'gzip, deflate, br, zstd' },
      { 'accept-encoding': 'gzip' },
      { 'accept-encoding': 'br;q=0, gzip;q=0.5' },
      { 'accept-encoding': 'x-gzip' },
      { 'accept-encoding': 'identity' },
      { 'accept-encoding': '*' },
      { 'accept-encoding': 'compress;q=1, bogus' },
      { 'if-none-match': etag },
      { 'if-none-match': `W/${etag}`, 'accept-encoding': 'br' },
      { 'if-none-match': '"stale"', 'accept-encoding': 'br' },
    ];
    routed = 0;
    for (const headers of cases) {
      const early = await get('/api/products', headers);
      const route = await viaRoute('/api/products', headers);
      const what = JSON.stringify(headers);
      expect(early.status, what).toBe(route.status);
      expect(withoutTransport(early.headers), what).toEqual(withoutTransport(route.headers));
      expect(early.body.equals(route.body), what).toBe(true);
      if (early.status === 200) expect(decoded(early), what).toEqual(decoded(first));
    }
    expect(routed, 'requests that reached a route').toBe(cases.length);
    // Compressed once per list, as a browser asks for it.
    const br = await get('/api/products', {
      'accept-encoding': 'gzip, deflate, br',
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-length']).toBe(String(br.body.length));
    expect(br.body.length).toBeLessThan(first.body.length / 2);
    expect(br.headers['x-content-type-options']).toBe('nosniff');
    expect(br.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
  });

  it('shows a change of price on its next answer, and is routed while the catalog loads it again', async () => {
    expect((decoded(await get('/api/products')) as { price: string }[])[0]?.price).toBe('18.99');
    await t.app.database.db.execute(sql.raw('update products set price_cents = 1999 where id = 5'));
    await t.app.services.catalog.catalogChanged();
    await notificationsArrived();
    routed = 0;
    const after = await get('/api/products');
    expect((decoded(after) as { price: string }[])[0]?.price).toBe('19.99');
    expect(routed).toBe(1);
    expect((decoded(await get('/api/products')) as { price: string }[])[0]?.price).toBe('19.99');
    expect(routed).toBe(1);
    await t.app.database.db.execute(sql.raw('update products set price_cents = 1899 where id = 5'));
    await t.app.services.catalog.catalogChanged();
    expect((decoded(await get('/api/products')) as { price: string }[])[0]?.price).toBe('18.99');
  });

  it('leaves other requests of the path to the route', async () => {
    routed = 0;
    expect((await get('/api/products?page=2')).status).toBe(200);
    expect((await get('/api/products', { 'x-forwarded-for': '203.0.113.7' })).status).toBe(200);
    const head = await new Promise<number>((resolve, reject) => {
      http
        .request({ host: '127.0.0.1', port, path: '/api/products', method: 'HEAD' }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        })
        .on('error', reject)
        .end();
    });
    expect(head).toBe(200);
    expect(routed).toBe(3);
  });
});
