import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import vm from 'node:vm';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { hideSecretParamsScript, pageChunks, serializeForScript, type ViteManifest } from '#server/plugins/ssr.ts';
import { createTestApp, type TestApp } from '../support/app.ts';

// Pages are rendered from the build that `npm test` makes first (`npm run build`).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { ssr: 'prod' });
});
afterAll(() => t?.close());

interface JsonLdProduct {
  name: string;
  offers:
    | { price: string; priceCurrency: string; availability: string }
    | { price: string; priceCurrency: string; availability: string }[];
  aggregateRating?: unknown;
}

/** The CSP hash-source of a page's inline script (the one `<script>` without `src` or `type`). */
function scriptHashOf(html: string): string {
  const script = /<script(?: nonce="[^"]+")?>([\s\S]*?)<\/script>/.exec(html)?.[1];
  if (script === undefined) throw new Error('no inline script in the page');
  return `sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}`;
}

function firstOffer(p: JsonLdProduct) {
  const offer = Array.isArray(p.offers) ? p.offers[0] : p.offers;
  if (!offer) throw new Error('no offer in JSON-LD');
  return offer;
}

function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));
}

describe('server-rendered storefront', () => {
  it('puts the product page content, head and JSON-LD in the first response', async () => {
    const res = await t.app.inject({ url: '/product/5' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const html = res.body;
    const root = html.slice(html.indexOf('<div id="root">'));
    expect(root).toContain('Single Bottle');
    expect(root).toContain('18.99');
    expect(html).toMatch(/<title>[^<]*Single Bottle[^<]*<\/title>/);
    expect(html).toMatch(/<meta name="description" content="[^"]{40,}"/);
    expect(html).toContain('<link rel="canonical" href="http://store.test/product/5"');
    expect(html).toMatch(/<meta property="og:title" content="[^"]*Single Bottle/);
    const product = jsonLd(html).find((d) => d['@type'] === 'Product') as unknown as JsonLdProduct;
    expect(product).toBeDefined();
    expect(product.name).toBe('Single Bottle');
    const offer = firstOffer(product);
    expect(offer.price).toBe('18.99');
    expect(offer.priceCurrency).toBe('USD');
    expect(offer.availability).toBe('https://schema.org/InStock');
    // No reviews yet: no invented rating.
    expect(product.aggregateRating).toBeUndefined();
    expect(html).not.toContain('"ratingCount":127');
  });

  it('tells the truth about stock in JSON-LD', async () => {
    await t.app.database.db.execute(sql.raw('update products set inventory = 0 where id = 6'));
    await t.app.services.catalog.catalogChanged();
    const html = (await t.app.inject({ url: '/product/6' })).body;
    await t.app.database.db.execute(sql.raw('update products set inventory = 120 where id = 6'));
    await t.app.services.catalog.catalogChanged();
    const product = jsonLd(html).find((d) => d['@type'] === 'Product') as unknown as JsonLdProduct;
    const offer = firstOffer(product);
    expect(offer.availability).toBe('https://schema.org/OutOfStock');
    expect(html).not.toContain('In Stock - Ready to Ship');
  });

  it("ships each product at the owner's settings in JSON-LD, and gives the page the settings' contacts and offer", async () => {
    const settings = t.app.services.settings;
    const shippingOf = async (id: number) => {
      const html = (await t.app.inject({ url: `/product/${id}` })).body;
      const offer = firstOffer(jsonLd(html).find((d) => d['@type'] === 'Product') as unknown as JsonLdProduct) as unknown as {
        shippingDetails: { shippingRate: { value: string } };
      };
      return { rate: offer.shippingDetails.shippingRate.value, html };
    };
    expect((await shippingOf(6)).rate).toBe('3.91');
    const before = settings.view();
    await settings.update(
      {
        shippingRate: '4.50',
        freeShippingOver: '40.00',
        supportEmail: 'care@ironwake.test',
        supportPhone: '+1 614 555 0142',
        ownerEmail: null,
        reminderDelayHours: null,
      },
      'owner',
    );
    try {
      // The 3-pack (44.99) alone reaches the free-shipping amount; a single bottle (18.99) does not.
      const pack = await shippingOf(6);
      expect(pack.rate).toBe('0.00');
      expect((await shippingOf(5)).rate).toBe('4.50');
      expect(pack.html).toContain('"shipping":{"rateCents":450,"freeOverCents":4000}');
      expect(pack.html).toContain('"supportEmail":"care@ironwake.test"');
      expect(pack.html).toContain('mailto:care@ironwake.test');
    } finally {
      await settings.update({ ...before, reminderDelayHours: before.reminderDelayHours }, 'owner');
    }
  });

  it('rates the product in JSON-LD from approved reviews only', async () => {
    const db = t.app.database.db;
    await db.execute(
      sql.raw(`insert into reviews (product_id, customer_name, customer_email, rating, title, content, is_verified, is_approved)
      values (5, 'A', 'a@example.com', 5, 'T', 'C', true, false), (5, 'B', 'b@example.com', 4, 'T', 'C', true, false),
             (5, 'C', 'c@example.com', 1, 'T', 'C', true, false)`),
    );
    // The owner approves two of them (the page's figures are cached until an approval).
    const { rows } = (await db.execute(
      sql.raw(`select id from reviews where product_id = 5 and customer_name in ('A', 'B')`),
    )) as unknown as { rows: { id: number }[] };
    for (const { id } of rows) await t.app.services.reviews.approve(id);
    try {
      const product = jsonLd((await t.app.inject({ url: '/product/5' })).body).find(
        (d) => d['@type'] === 'Product',
      ) as unknown as JsonLdProduct;
      expect(product.aggregateRating).toEqual({ '@type': 'AggregateRating', ratingValue: 4.5, reviewCount: 2 });
    } finally {
      await db.execute(sql.raw('delete from reviews where product_id = 5'));
    }
  });

  it('renders the home page with both products and the prefetched query data', async () => {
    const res = await t.app.inject({ url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Single Bottle');
    expect(res.body).toContain('Smelling Salts 3-Pack');
    expect(res.body).toContain('window.__RQ_STATE__=');
    expect(res.body).toMatch(/<title>[^<]+<\/title>/);
    // The page is the same for every visitor: its CSP allows the inline state script by its hash.
    expect(res.body).toContain('<script>window.__RQ_STATE__=');
    expect(String(res.headers['content-security-policy'])).toContain(`'${scriptHashOf(res.body)}'`);
  });

  it('opened from a review link, takes the token out of the address bar first and sends no Referer', async () => {
    const token = 'eyJwdXJwb3NlIjoicmV2aWV3In0.SignedPartOfTheToken';
    const res = await t.app.inject({ url: `/product/5?utm_source=email&review=${token}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    // The first script of the page, before the state and the scripts it starts, moves the token from
    // the address into the history entry; nothing else in the page carries it.
    const firstScript = /<body>[\s\S]*?<script[^>]*>([\s\S]*?)<\/script>/.exec(res.body)?.[1] ?? '';
    expect(firstScript.startsWith('(function(s,u){var h=history')).toBe(true);
    expect(firstScript.indexOf(`{"review":"${token}"}`)).toBeLessThan(firstScript.indexOf('__RQ_STATE__'));
    expect(firstScript).toContain('"/product/5?utm_source=email"');
    expect(res.body.split(token)).toHaveLength(2);

    const plain = await t.app.inject({ url: '/product/5?utm_source=email' });
    expect(plain.headers['referrer-policy']).toBe('strict-origin');
    expect(plain.body).not.toContain('secretParams');
  });

  it('gives a shared page its policy with its script’s hash, any other page a new nonce each time, and the API and assets one that allows nothing', async () => {
    const fixed = {
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
      'referrer-policy': 'strict-origin',
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
    };
    const shared = [
      await t.app.inject({ url: '/' }),
      await t.app.inject({ url: '/' }),
      await t.app.inject({ url: '/product/5' }),
    ];
    for (const page of shared) {
      expect(page.headers).toMatchObject(fixed);
      const csp = String(page.headers['content-security-policy']);
      expect(csp).toMatch(/^default-src 'self';script-src 'self' 'sha256-[A-Za-z0-9+/]{43}=';/);
      expect(csp).toContain(`'${scriptHashOf(page.body)}'`);
      expect(csp).not.toContain("'nonce-");
      expect(page.body).not.toContain('nonce=');
    }
    // The same page twice is the same bytes and policy; another page has its own hash.
    expect(shared[1]?.body).toBe(shared[0]?.body);
    expect(shared[1]?.headers['content-security-policy']).toBe(shared[0]?.headers['content-security-policy']);
    expect(scriptHashOf(shared[2]?.body ?? '')).not.toBe(scriptHashOf(shared[0]?.body ?? ''));

    const nonces = new Set<string>();
    for (const url of ['/no-such-page', '/no-such-page', '/checkout', '/?utm_source=mail']) {
      const page = await t.app.inject({ url });
      expect(page.headers, url).toMatchObject(fixed);
      const csp = String(page.headers['content-security-policy']);
      expect(csp, url).toMatch(/^default-src 'self';script-src 'self'( https:\/\/\S+)* 'nonce-[A-Za-z0-9+/=]{24}';/);
      const nonce = /'nonce-([^']+)'/.exec(csp)?.[1] ?? '';
      expect(page.body, url).toContain(`<script nonce="${nonce}">`);
      expect(csp, url).not.toContain("'sha256-");
      nonces.add(nonce);
    }
    expect(nonces.size).toBe(4);
    for (const url of ['/api/products', '/api/no-such-route', '/healthz', '/assets/no-such-file.js']) {
      const res = await t.app.inject({ url });
      expect(res.headers, url).toMatchObject(fixed);
      expect(res.headers['content-security-policy'], url).toBe("default-src 'none';frame-ancestors 'none'");
    }
  });

  it('answers a shared page in the encoding the browser takes, the same bytes each time, and 304 to its tag', async () => {
    const plain = await t.app.inject({ url: '/product/5' });
    const br = await t.app.inject({ url: '/product/5', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    const brAgain = await t.app.inject({ url: '/product/5', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(br.headers.vary).toBe('Sec-GPC, Accept-Encoding');
    expect(br.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body);
    expect(brAgain.rawPayload.equals(br.rawPayload)).toBe(true);
    expect(br.headers.etag).toBe(`${String(plain.headers.etag).slice(0, -1)}-br"`);
    const gzip = await t.app.inject({ url: '/product/5', headers: { 'accept-encoding': 'gzip' } });
    expect(gunzipSync(gzip.rawPayload).toString('utf8')).toBe(plain.body);

    const again = await t.app.inject({
      url: '/product/5',
      headers: { 'accept-encoding': 'gzip, deflate, br', 'if-none-match': String(br.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers['content-security-policy']).toBe(br.headers['content-security-policy']);
    // Another encoding's tag is not this one's.
    const other = await t.app.inject({ url: '/product/5', headers: { 'if-none-match': String(br.headers.etag) } });
    expect(other.statusCode).toBe(200);
    expect(other.body).toBe(plain.body);
  });

  it('renders a shared page again as soon as a price changes, its script’s hash following it', async () => {
    const price = async () => /"price":"([0-9.]+)"/.exec((await t.app.inject({ url: '/product/5' })).body)?.[1];
    expect(await price()).toBe('18.99');
    const before = await t.app.inject({ url: '/' });
    expect(String(before.headers['content-security-policy'])).toContain(`'${scriptHashOf(before.body)}'`);
    await t.app.database.db.execute(sql.raw('update products set price_cents = 1999 where id = 5'));
    await t.app.services.catalog.catalogChanged();
    try {
      expect(await price()).toBe('19.99');
      const after = await t.app.inject({ url: '/' });
      expect(after.body).toContain('"price":"19.99"');
      expect(String(after.headers['content-security-policy'])).toContain(`'${scriptHashOf(after.body)}'`);
      expect(scriptHashOf(after.body)).not.toBe(scriptHashOf(before.body));
    } finally {
      await t.app.database.db.execute(sql.raw('update products set price_cents = 1899 where id = 5'));
      await t.app.services.catalog.catalogChanged();
    }
    expect(await price()).toBe('18.99');
  });

  it('answers unknown pages and unknown products with a 404 page', async () => {
    const page = await t.app.inject({ url: '/no-such-page' });
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('404 Page Not Found');
    const product = await t.app.inject({ url: '/product/999' });
    expect(product.statusCode).toBe(404);
    expect(product.body).toContain('Product Not Found');
  });

  it("starts the scripts after the first paint, with each page's own chunk, which the static server then serves", async () => {
    const manifest = JSON.parse(fs.readFileSync('dist/client/.vite/manifest.json', 'utf8')) as ViteManifest;
    for (const [url, source] of [
      ['/', 'src/client/storefront/home/home-page.tsx'],
      ['/product/6', 'src/client/storefront/product/product-page.tsx'],
    ] as const) {
      const html = (await t.app.inject({ url })).body;
      const file = manifest[source]?.file;
      expect(file).toBeTruthy();
      // No script or module preload in the markup competes with the first paint: the inline
      // state script starts them, the entry and the page's own chunk among them.
      expect(html).not.toMatch(/<script type="module"|<link rel="modulepreload"/);
      const state = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
      expect(state).toContain(`"/${file}"`);
      expect(state).toContain(`"/${manifest['index.html']!.file}"`);
      expect(state).toContain('requestAnimationFrame');
      const chunk = await t.app.inject({ url: `/${file}` });
      expect(chunk.statusCode).toBe(200);
      expect(chunk.headers['cache-control']).toContain('immutable');
    }
    // The home page does not fetch the product page's code up front, nor the other way round.
    const home = (await t.app.inject({ url: '/' })).body;
    expect(home).not.toContain(manifest['src/client/storefront/product/product-page.tsx']!.file);
  });

  it('carries its stylesheet inside the page, so the first paint waits for no second request', async () => {
    const html = (await t.app.inject({ url: '/product/5' })).body;
    expect(html).not.toMatch(/<link rel="stylesheet"/);
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? '';
    expect(style.length).toBeGreaterThan(10_000);
    expect(style).toContain('.mx-auto{');
  });

  it('leaves chunks the entry already loads out of the preload links', () => {
    const manifest: ViteManifest = {
      'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_core.js'] },
      '_core.js': { file: 'assets/core.js' },
      '_shared.js': { file: 'assets/shared.js', imports: ['_core.js'] },
      'src/page.tsx': { file: 'assets/page.js', imports: ['_core.js', '_shared.js'], css: ['assets/page.css'] },
    };
    const { scripts, styles } = pageChunks(manifest, ['src/page.tsx']);
    expect(scripts.sort()).toEqual(['/assets/page.js', '/assets/shared.js']);
    expect(styles).toEqual(['/assets/page.css']);
    expect(pageChunks(manifest, ['src/unknown.tsx'])).toEqual({ scripts: [], styles: [] });
  });

  it("moves the confirmation page's payment id from the address into the history entry before any script runs", async () => {
    const url = '/order-confirmation?utm_source=mail&payment_intent=pi_abcdefgh1234';
    const hide = hideSecretParamsScript(url);
    const res = await t.app.inject({ url });
    expect(res.body).toMatch(/<script nonce="[^"]+">\(function\(s,u\)\{/);
    expect(res.body).toContain(hide);
    // Nor does any request the page makes carry this address as its referrer.
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    // As the browser runs it, on a reload that kept the router's entry.
    const entry = { state: { idx: 0, key: 'k1', usr: null } as unknown, url: `${url}` };
    const history = {
      get state() {
        return entry.state;
      },
      replaceState(state: unknown, _title: string, to: string) {
        entry.state = state;
        entry.url = to;
      },
    };
    vm.runInNewContext(hide, { history, location: { hash: '#top' } });
    expect(entry.url).toBe('/order-confirmation?utm_source=mail#top');
    expect(JSON.parse(JSON.stringify(entry.state))).toEqual({
      idx: 0,
      key: 'k1',
      usr: { secretParams: { payment_intent: 'pi_abcdefgh1234' } },
    });
    // The id cannot break out of the script, and other pages leave their address alone.
    expect(hideSecretParamsScript('/order-confirmation?payment_intent=</script><script>alert(1)')).not.toContain('</script>');
    for (const other of ['/checkout?payment_intent=pi_abcdefgh1234_secret_abcdefgh', '/?payment_intent=pi_abcdefgh1234']) {
      expect((await t.app.inject({ url: other })).body).not.toContain('replaceState');
    }
  });

  it('keeps a shared link’s discount code in the tab for the checkout, and only a code’s form', async () => {
    const html = (await t.app.inject({ url: '/product/6?utm_source=ig&code=spring-10' })).body;
    const script = /<script nonce="[^"]+">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
    const stored = new Map<string, string>();
    const sessionStorage = { setItem: (k: string, v: string) => stored.set(k, v) };
    vm.runInNewContext(script.slice(0, script.indexOf('window.__RQ_STATE__')), { sessionStorage });
    expect([...stored]).toEqual([['iw_code', 'spring-10']]);
    // Storage switched off: the page still runs.
    expect(() =>
      vm.runInNewContext(script.slice(0, script.indexOf('window.__RQ_STATE__')), {
        sessionStorage: {
          setItem() {
            throw new Error('denied');
          },
        },
      }),
    ).not.toThrow();
    for (const url of [
      '/',
      '/?code=',
      '/?code=%3C%2Fscript%3E%3Cscript%3Ealert(1)',
      `/?code=${'X'.repeat(40)}`,
      '/?code=a%20b',
    ]) {
      const body = (await t.app.inject({ url })).body;
      expect([url, body.includes('sessionStorage.setItem')]).toEqual([url, false]);
      expect(body).not.toContain('<script>alert(1)');
    }
  });

  it('escapes data placed inside scripts', () => {
    expect(serializeForScript({ a: '</script><script>alert(1)</script>' })).not.toContain('</script>');
  });
});
