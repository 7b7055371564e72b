import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import fs from 'node:fs';
import path from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, ORIGIN, signedIn } from '../support/admin.ts';
import { createTestApp, newSessionId, type TestApp } from '../support/app.ts';
import { secretOf, setInventory, shopper } from '../support/checkout.ts';
import { FAKE_KEYS } from '../support/fake-stripe.ts';

/**
 * Routes the API description leaves out on purpose, and why. Everything else the server answers
 * must be in the document: a new route either gets described or is named here.
 */
const HIDDEN: Record<string, string> = {
  'GET /api/openapi.json': 'the description itself',
  'GET /api/docs': 'its reference page (HTML for people)',
  'GET /api/docs/assets/:file': 'that page’s scripts and styles',
  'GET /api/bench/baseline': 'npm run bench only (BENCH_BASELINE=true), never on in a store',
  'GET /': 'the storefront’s pages, rendered on the server',
  'GET /*': 'the storefront’s and the dashboard’s pages',
  'GET /assets/*': 'the built pages’ scripts, styles and fonts',
  'GET /uploads/:name': 'uploaded product images: addresses the API hands out in imageUrl, not calls',
  'GET /robots.txt': 'for crawlers',
  'GET /sitemap.xml': 'for crawlers',
  'GET /favicon.ico': 'browser icon',
  'GET /favicon.svg': 'browser icon',
  'GET /apple-touch-icon.png': 'browser icon',
  'GET /icon-192.png': 'browser icon',
  'GET /icon-512.png': 'browser icon',
  'GET /og-image.png': 'the picture link previews show',
  'GET /site.webmanifest': 'for browsers installing the store as an app',
  'POST /unsubscribe/:token': 'the reminder’s List-Unsubscribe address (its page) taking RFC 8058’s one-click',
};

interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string; required?: boolean }[];
  requestBody?: { content: Record<string, { schema: { required?: string[]; properties?: Record<string, unknown> } }> };
  responses: Record<string, { $ref?: string; content?: Record<string, { schema?: unknown }> }>;
}
interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string };
  servers: { url: string }[];
  tags: { name: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, unknown>;
    responses: Record<string, { content: Record<string, { schema: unknown; example?: unknown }> }>;
    securitySchemes: Record<string, { type: string; in: string; name: string }>;
  };
}

const toOpenApi = (url: string) => url.replace(/:(\w+)/g, '{$1}');

/** Every route as Fastify announces it (its onRoute hook), from the moment the app is created. */
async function buildCollectingRoutes(build: () => Promise<TestApp>): Promise<{ t: TestApp; routes: Set<string> }> {
  const routes = new Set<string>();
  const onCreated = (message: unknown) => {
    (message as { fastify: FastifyInstance }).fastify.addHook('onRoute', (route: RouteOptions) => {
      for (const method of [route.method].flat()) routes.add(`${method} ${route.url}`);
    });
  };
  subscribe('fastify.initialization', onCreated);
  try {
    return { t: await build(), routes };
  } finally {
    unsubscribe('fastify.initialization', onCreated);
  }
}

async function documentOf(app: FastifyInstance): Promise<OpenApiDocument> {
  const res = await app.inject({ url: '/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  return res.json();
}

const operationsOf = (doc: OpenApiDocument) =>
  Object.entries(doc.paths).flatMap(([p, ops]) => Object.entries(ops).map(([m, op]) => ({ key: `${m.toUpperCase()} ${p}`, op })));

describe('the API description of a store with every route (Stripe, EasyPost, the bench route, pages)', () => {
  let t: TestApp;
  let routes: Set<string>;
  let doc: OpenApiDocument;
  beforeAll(async () => {
    ({ t, routes } = await buildCollectingRoutes(() =>
      // Pages are rendered from the build that `npm test` makes first (`npm run build`).
      createTestApp(
        {
          STRIPE_SECRET_KEY: FAKE_KEYS.secretKey,
          STRIPE_PUBLISHABLE_KEY: FAKE_KEYS.publishableKey,
          STRIPE_WEBHOOK_SECRET: FAKE_KEYS.webhookSecret,
          STRIPE_API_URL: 'http://127.0.0.1:9',
          LABEL_PROVIDER: 'easypost',
          EASYPOST_API_KEY: 'EZTK_not_used',
          EASYPOST_WEBHOOK_SECRET: 'not-used',
          EASYPOST_API_URL: 'http://127.0.0.1:9',
          BENCH_BASELINE: 'true',
        },
        { ssr: 'prod' },
      ),
    ));
    doc = await documentOf(t.app);
  });
  afterAll(() => t?.close());

  it('describes every route the server answers, but those hidden on purpose', () => {
    // HEAD mirrors each GET (Fastify adds it by itself); OpenAPI's GET stands for both.
    const registered = [...routes].filter((r) => !r.startsWith('HEAD '));
    const described = new Set(operationsOf(doc).map((o) => o.key));
    const keyOf = (route: string) => {
      const [method, url] = route.split(' ') as [string, string];
      return `${method} ${toOpenApi(url)}`;
    };
    expect(
      registered.filter((r) => !(r in HIDDEN) && !described.has(keyOf(r))),
      'routes missing from the document',
    ).toEqual([]);
    expect(
      registered.filter((r) => r in HIDDEN && described.has(keyOf(r))),
      'hidden routes in the document',
    ).toEqual([]);
    expect(
      Object.keys(HIDDEN).filter((r) => !registered.includes(r)),
      'routes named hidden that the server no longer has',
    ).toEqual([]);
    const registeredKeys = new Set(registered.map(keyOf));
    expect(
      [...described].filter((op) => !registeredKeys.has(op)),
      'operations no route serves',
    ).toEqual([]);
    // The routes that only some stores have are there, so the lists above covered them.
    expect(described).toContain('POST /api/webhooks/stripe');
    expect(described).toContain('GET /api/content');
  });

  it('gives every operation its domain, a summary and an operationId', () => {
    const tags = new Set(doc.tags.map((tag) => tag.name));
    const incomplete = operationsOf(doc)
      .filter(({ op }) => !op.summary || !op.operationId || op.tags?.length !== 1 || !tags.has(op.tags[0] ?? ''))
      .map((o) => o.key);
    expect(incomplete, 'give these routes `tags`, `summary` and `operationId` in their schema').toEqual([]);
    const ids = operationsOf(doc).map(({ op }) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    // Every tag is some operation's: no empty section on the reference page.
    expect([...tags].filter((tag) => !operationsOf(doc).some(({ op }) => op.tags?.includes(tag)))).toEqual([]);
  });

  it('gives every operation its answer: a schema for each success with a body, none for a 204', () => {
    const undescribed = operationsOf(doc).flatMap(({ key, op }) => {
      const successes = Object.entries(op.responses).filter(([status]) => status.startsWith('2'));
      if (successes.length === 0) return [`${key}: no success answer`];
      return successes
        .filter(([status, r]) => {
          const schemas = Object.values(r.content ?? {}).map((media) => media.schema);
          return status === '204' ? r.content !== undefined : schemas.length === 0 || schemas.some((s) => !s);
        })
        .map(([status]) => `${key} ${status}`);
    });
    expect(undescribed, 'give these routes a `response` schema').toEqual([]);
  });

  it('is a valid OpenAPI 3.1 document whose references all resolve', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc) as unknown as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    const refs = JSON.stringify(doc).match(/"\$ref":"[^"]+"/g) ?? [];
    const unresolved = [...new Set(refs)]
      .map((r) => r.slice(8, -1))
      .filter((ref) => {
        const [, kind, name] = /^#\/components\/(\w+)\/(\w+)$/.exec(ref) ?? [];
        return !kind || !name || !(doc.components as unknown as Record<string, Record<string, unknown>>)[kind]?.[name];
      });
    expect(unresolved).toEqual([]);
  });

  it('names the store, its version and its address', () => {
    const pkg = JSON.parse(fs.readFileSync('package.json', 'utf8')) as { version: string };
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toMatch(/Ironwake/);
    expect(doc.info.version).toBe(pkg.version);
    expect(doc.servers).toEqual([{ url: 'http://store.test', description: 'This store' }]);
  });

  it('documents the Stripe webhook with the signature it checks', () => {
    const op = doc.paths['/api/webhooks/stripe']?.post;
    expect(op?.parameters).toContainEqual(expect.objectContaining({ in: 'header', name: 'stripe-signature', required: true }));
    expect(op?.security).toBeUndefined();
  });

  it('keeps the reference page out of the storefront’s build', () => {
    const built = path.resolve('dist/client/assets');
    const scripts = fs.readdirSync(built).filter((f) => f.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(0);
    for (const file of scripts) expect(fs.readFileSync(path.join(built, file), 'utf8'), file).not.toContain('SwaggerUIBundle');
  });
});

/** Placeholder values for path parameters: well-formed, naming nothing that exists. */
const PARAMS: Record<string, string> = {
  id: '999999',
  productId: '999999',
  sessionId: newSessionId(),
  itemId: 'a'.repeat(22),
  paymentIntentId: 'pi_0000000000000000',
  kind: 'single',
};
const fill = (p: string) => p.replace(/\{(\w+)\}/g, (_m, name: string) => PARAMS[name] ?? 'x');

describe('the API description against what the store does', () => {
  let t: TestApp;
  let doc: OpenApiDocument;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  beforeAll(async () => {
    t = await createTestApp({ ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password });
    doc = await documentOf(t.app);
    ajv.addSchema({ $id: 'https://store.test/openapi.json', components: doc.components });
    await setInventory(t.app, 5, 250);
  });
  afterAll(() => t?.close());

  /** The answer matches what the document says this operation answers with that status. */
  function expectDocumented(method: string, route: string, res: LightMyRequestResponse): void {
    const op = doc.paths[route]?.[method.toLowerCase()];
    expect(op, `${method} ${route} is described`).toBeDefined();
    const declared = op?.responses[String(res.statusCode)] ?? op?.responses[`${String(res.statusCode)[0]}XX`];
    expect(declared, `${method} ${route} documents ${res.statusCode}`).toBeDefined();
    const response = declared?.$ref ? doc.components.responses[declared.$ref.split('/').pop() ?? ''] : declared;
    const schema = response?.content?.['application/json']?.schema as { $ref?: string } | undefined;
    if (res.statusCode === 204) {
      expect(res.body).toBe('');
      return;
    }
    expect(schema, `${method} ${route} ${res.statusCode} has a JSON schema`).toBeDefined();
    const validate = ajv.compile({ $ref: `https://store.test/openapi.json${schema?.$ref}` });
    expect(validate(res.json()) ? [] : validate.errors, `${method} ${route} ${res.statusCode}: ${res.body}`).toEqual([]);
  }

  it('gives POST /api/cart the shared schema’s body: sessionId, productId and quantity, required', () => {
    const body = doc.paths['/api/cart']?.post?.requestBody?.content['application/json']?.schema;
    expect(body?.required?.sort()).toEqual(['productId', 'quantity', 'sessionId']);
    expect(body?.properties?.quantity).toMatchObject({ type: 'integer', minimum: 1, maximum: 99 });
    expect(doc.paths['/api/cart']?.post?.security).toBeUndefined();
    expect(doc.paths['/api/cart/{itemId}']?.delete?.parameters).toContainEqual(
      expect.objectContaining({ in: 'header', name: 'x-session-id', required: true }),
    );
    expect(doc.paths['/api/orders']?.get?.parameters).toContainEqual(
      expect.objectContaining({ in: 'query', name: 'status', required: false }),
    );
  });

  it('marks the owner’s calls as needing the session cookie, and describes the Origin rule', () => {
    expect(doc.components.securitySchemes.adminSession).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'admin_session' });
    expect(JSON.stringify(doc.components.securitySchemes.adminSession)).toMatch(/Origin/);
    expect(doc.paths['/api/orders/{id}/status']?.put?.security).toEqual([{ adminSession: [] }]);
    expect(doc.paths['/api/orders/{id}/status']?.put?.responses['403']).toEqual({ $ref: '#/components/responses/Forbidden' });
    expect(doc.paths['/api/admin/me']?.get?.security).toEqual([{ adminSession: [] }]);
    expect(doc.paths['/api/admin/login']?.post?.security).toBeUndefined();
  });

  it('describes one error body for every 4xx', () => {
    const validate = ajv.compile({ $ref: 'https://store.test/openapi.json#/components/schemas/Error' });
    for (const [name, response] of Object.entries(doc.components.responses)) {
      const json = response.content['application/json'];
      expect(json?.schema, name).toEqual({ $ref: '#/components/schemas/Error' });
      expect(validate(json?.example), `${name}'s example`).toBe(true);
    }
    const withoutCatchAll = operationsOf(doc).filter(({ op }) => !op.responses['4XX']);
    expect(withoutCatchAll.map((o) => o.key)).toEqual([]);
  });

  it('locks exactly the calls that answer 401 without a session, and 403 from another origin', async () => {
    const admin = await signedIn(t.app);
    const wrong: string[] = [];
    for (const { key, op } of operationsOf(doc)) {
      const [method, route] = key.split(' ') as [InjectOptions['method'] & string, string];
      const locked = Boolean(op.security?.some((s) => 'adminSession' in s));
      const anonymous = await t.app.inject({ method, url: fill(route), headers: { origin: ORIGIN } });
      if ((anonymous.statusCode === 401) !== locked) wrong.push(`${key}: ${anonymous.statusCode} without a session`);
      if (locked && method !== 'GET') {
        const foreign = await t.app.inject({
          method,
          url: fill(route),
          headers: { cookie: admin.cookie, origin: 'https://evil.test' },
        });
        if (foreign.statusCode !== 403) wrong.push(`${key}: ${foreign.statusCode} from another origin`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('describes what the catalog, the cart and the errors really answer', async () => {
    expectDocumented('GET', '/healthz', await t.app.inject({ url: '/healthz' }));
    expectDocumented('GET', '/api/products', await t.app.inject({ url: '/api/products' }));
    expectDocumented('GET', '/api/products/{id}', await t.app.inject({ url: '/api/products/5' }));
    expectDocumented('GET', '/api/products/{id}', await t.app.inject({ url: '/api/products/999999' }));
    const s = shopper(t.app);
    const added = await s.add(5, 2);
    expect(added.statusCode).toBe(201);
    expectDocumented('POST', '/api/cart', added);
    expectDocumented('POST', '/api/cart', await s.add(5, 0));
    expectDocumented('GET', '/api/cart/{sessionId}', await t.app.inject({ url: `/api/cart/${s.sessionId}` }));
    const itemId = added.json().id as string;
    const update = { method: 'PUT', url: `/api/cart/${itemId}`, headers: { 'x-session-id': s.sessionId } } as const;
    expectDocumented('PUT', '/api/cart/{itemId}', await t.app.inject({ ...update, payload: { quantity: 3 } }));
    expectDocumented('PUT', '/api/cart/{itemId}', await t.app.inject({ ...update, payload: 'not json' }));
    expectDocumented(
      'DELETE',
      '/api/cart/{itemId}',
      await t.app.inject({ method: 'DELETE', url: `/api/cart/${itemId}`, headers: { 'x-session-id': s.sessionId } }),
    );
    expectDocumented('GET', '/api/admin/me', await t.app.inject({ url: '/api/admin/me' }));
    expectDocumented('GET', '/api/reviews/stats/{productId}', await t.app.inject({ url: '/api/reviews/stats/5' }));
  });

  it('describes what a product’s stock history answers', async () => {
    const admin = await signedIn(t.app);
    expectDocumented(
      'GET',
      '/api/admin/products/{id}/stock-movements',
      await admin.call('GET', '/api/admin/products/5/stock-movements'),
    );
    expectDocumented(
      'GET',
      '/api/admin/products/{id}/stock-movements',
      await admin.call('GET', '/api/admin/products/999999/stock-movements'),
    );
    expectDocumented(
      'GET',
      '/api/admin/products/{id}/stock-movements',
      await admin.call('GET', '/api/admin/products/5/stock-movements?limit=0'),
    );
  });

  it('describes what a checkout answers, from start to paid order', async () => {
    const s = shopper(t.app);
    await s.add(5, 1);
    const started = await s.checkout();
    expectDocumented('POST', '/api/checkout', started);
    const { secret, paymentIntentId } = secretOf(started.json().checkoutUrl);
    expectDocumented('GET', '/api/checkout/{paymentIntentId}', await t.app.inject({ url: `/api/checkout/${paymentIntentId}` }));
    expectDocumented('POST', '/api/checkout/{paymentIntentId}/hold', await s.hold(paymentIntentId));
    expectDocumented('POST', '/api/orders/shipping', await s.ship(paymentIntentId));
    expectDocumented('POST', '/api/orders/complete', await s.complete(paymentIntentId));
    expectDocumented('POST', '/api/payments/test/confirm', await s.pay(secret));
    expectDocumented('POST', '/api/orders/complete', await s.complete(paymentIntentId));
  });

  it('describes what the customers list answers', async () => {
    const admin = await signedIn(t.app);
    const s = shopper(t.app);
    await s.add(5, 1);
    const { secret, paymentIntentId } = secretOf((await s.checkout()).json().checkoutUrl);
    await s.ship(paymentIntentId);
    await s.pay(secret);
    const res = await admin.call('GET', '/api/admin/customers');
    expect(res.json()).toHaveLength(1);
    expectDocumented('GET', '/api/admin/customers', res);
    expectDocumented('GET', '/api/admin/customers', await admin.call('GET', '/api/admin/customers?limit=0'));
  });

  it('serves the document with a short cache and an ETag', async () => {
    const res = await t.app.inject({ url: '/api/openapi.json', headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(res.headers['content-encoding']).toBe('gzip');
    const again = await t.app.inject({
      url: '/api/openapi.json',
      headers: { 'accept-encoding': 'gzip', 'if-none-match': String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // A strong tag names one set of bytes: the uncompressed document has its own.
    const plain = await t.app.inject({ url: '/api/openapi.json', headers: { 'if-none-match': String(res.headers.etag) } });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers.etag).not.toBe(res.headers.etag);
    expect(plain.json().openapi).toMatch(/^3\./);
  });

  it('serves the reference page from this server, under a policy that allows nothing else', async () => {
    const page = await t.app.inject({ url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toBe(
      "default-src 'none';script-src 'self';style-src 'self';img-src 'self' data:;connect-src 'self';base-uri 'none';form-action 'none';frame-ancestors 'none'",
    );
    expect(page.body).not.toMatch(/<script>|<script [^>]*nonce|https?:\/\//);
    const files = [...page.body.matchAll(/(?:src|href)="(\/api\/docs\/assets\/[^"]+)"/g)].map((m) => m[1] ?? '');
    expect(files).toHaveLength(3);
    for (const file of files) {
      const res = await t.app.inject({ url: file });
      expect(res.statusCode, file).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    const start = files.find((f) => f.includes('/start.'));
    expect((await t.app.inject({ url: start ?? '' })).body).toContain('"url":"/api/openapi.json"');
    expect((await t.app.inject({ url: '/api/docs/assets/swagger-ui.js' })).statusCode).toBe(404);
    // The store's own pages keep the store's policy; its JSON answers get the one that allows nothing.
    expect(String((await t.app.inject({ url: '/' })).headers['content-security-policy'])).toContain("'nonce-");
    expect((await t.app.inject({ url: '/api/products' })).headers['content-security-policy']).toBe(
      "default-src 'none';frame-ancestors 'none'",
    );
  });
});

describe('a store with API_DOCS=false', () => {
  it('serves neither the document nor its page', async () => {
    const t = await createTestApp({ API_DOCS: 'false' });
    try {
      for (const url of ['/api/openapi.json', '/api/docs']) {
        const res = await t.app.inject({ url });
        expect(res.statusCode, url).toBe(404);
        expect(res.json().code).toBe('not_found');
      }
      expect((await t.app.inject({ url: '/api/products' })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
