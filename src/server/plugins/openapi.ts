import fs from 'node:fs';
import path from 'node:path';
import swagger, { type SwaggerTransform } from '@fastify/swagger';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { createJsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { STORE_NAME } from '#shared/constants.ts';
import { ErrorBodySchema } from '#shared/errors.ts';
import { adminCookieName } from '../domains/admin-auth/browser.ts';
import { needsAdminSession, permissionWords } from './admin-guard.ts';
import { keptJsonAnswer, type OnceJson, onceJson } from '../lib/answers.ts';
import { PROJECT_ROOT } from '../lib/project-root.ts';
import { registerApiDocsPage } from './api-docs-page.ts';
import { errorComponent, errorResponseComponents, errorResponseRef } from './openapi-errors.ts';

export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PATH = '/api/docs';

/** The document's sections: each route names its own in `schema.tags`, one of these (the test checks). */
export const TAGS = [
  { name: 'Catalog', description: 'Products and their pictures; the owner edits them and their stock.' },
  { name: 'Cart', description: 'A cart per browser, keyed by the `sessionId` the browser makes (ADR 0004).' },
  {
    name: 'Checkout',
    description:
      'From cart to paid order. The payment id (`pi_…`) is the key to its checkout (ADR 0009); stock is held while the checkout page is open (ADR 0019).',
  },
  { name: 'Payments', description: 'The built-in test provider, and the Stripe webhook (ADR 0010).' },
  { name: 'Reviews', description: 'Reviews from verified buyers, held for the owner’s approval (ADR 0012, 0021).' },
  { name: 'Content', description: 'Guides and legal pages for the storefront’s navigations (ADR 0008).' },
  { name: 'Analytics', description: 'The storefront’s first-party beacon and the owner’s figures (ADR 0014).' },
  { name: 'Admin sign-in', description: 'The owner’s session cookie (ADR 0011, 0017).' },
  {
    name: 'Staff',
    description: 'Staff with roles, their set-password links, and the activity log of who did what (ADR 0057).',
  },
  { name: 'Orders', description: 'Paid orders and their status, for the owner.' },
  {
    name: 'Customers',
    description: 'The e-mail addresses of paid orders, each with its orders and what it spent, for the owner (ADR 0028).',
  },
  {
    name: 'Fulfilment',
    description: 'Postage, shipping labels, packing slips, the printer and the carrier’s tracking (ADR 0013, 0036).',
  },
  {
    name: 'Order status',
    description: 'The shopper’s order page without an account: the signed token in every order e-mail is the key (ADR 0038).',
  },
  { name: 'Returns', description: 'Returns within 30 days: asked by the shopper, decided and received by the owner (ADR 0037).' },
  {
    name: 'Checkout reminders',
    description:
      'The one reminder of a checkout left at the payment step: its signed links bring the checkout back into a cart, or stop the reminders to its address (ADR 0041).',
  },
  {
    name: 'Subscriptions',
    description:
      'Subscribe and save: renewals made by the store on their interval, announced 3 days before, confirmed first when the shopper asked; the signed link in every subscription e-mail is the key (ADR 0052, 0053).',
  },
  {
    name: 'Reorder reminders',
    description:
      'The one reminder of a paid order whose shopper asked for it: its signed Reorder link puts the order’s items in a cart at today’s prices (ADR 0051). Its unsubscribe link is the checkout reminders’.',
  },
  {
    name: 'Discounts',
    description: 'Discount codes: the owner makes them, shoppers put one on their checkout (ADR 0040).',
  },
  {
    name: 'Subscriptions',
    description:
      'Subscribe and save: the shopper’s page, opened by the signed token in every subscription e-mail, and the owner’s list, figures and actions (ADR 0052, 0054).',
  },
  { name: 'Safety', description: 'Reaction reports from the safety page, e-mailed to the owner (ADR 0050).' },
  { name: 'Settings', description: 'The store’s settings the owner edits: shipping, contacts, reminders (ADR 0039).' },
  {
    name: 'Webhooks',
    description:
      'Webhooks out: the owner’s endpoints, the events signed per Standard Webhooks and sent to them with retries for a day, and their deliveries (ADR 0058).',
  },
  { name: 'Health', description: 'For load balancers and monitoring.' },
] as const;

/**
 * Why a route is left out of the API description, or undefined for the API: everything under
 * /api/ and the health check. What else the server answers is for browsers and crawlers (pages,
 * their scripts, uploaded images, robots.txt and the icons); the test lists each one.
 */
export function hiddenBecause(url: string): string | undefined {
  if (url === OPENAPI_PATH || url === DOCS_PATH || url.startsWith(`${DOCS_PATH}/`)) return 'the description and its page';
  if (url === '/api/bench/baseline') return 'npm run bench only';
  if (url === '/healthz' || url.startsWith('/api/')) return undefined;
  return 'not API';
}

/** Fastify's `/a/:id` as OpenAPI's `/a/{id}`. */
export const openApiPath = (url: string): string => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/**
 * zod bounds every integer by JavaScript's safe range; said on every id and count, that only
 * clutters the reference page (its examples read -9007199254740991).
 */
function withoutSafeIntegerBounds(node: unknown): void {
  if (Array.isArray(node)) for (const item of node) withoutSafeIntegerBounds(item);
  if (!node || typeof node !== 'object') return;
  const o = node as Record<string, unknown>;
  if (o.minimum === Number.MIN_SAFE_INTEGER) delete o.minimum;
  if (o.maximum === Number.MAX_SAFE_INTEGER) delete o.maximum;
  for (const value of Object.values(o)) withoutSafeIntegerBounds(value);
}

function windowInWords(ms: number): string {
  if (ms === 60_000) return 'a minute';
  if (ms === 3_600_000) return 'an hour';
  return ms % 60_000 === 0 ? `${ms / 60_000} minutes` : `${ms / 1000} seconds`;
}

/** The route's own limit (@fastify/rate-limit), in words. */
function rateLimitOf(route: RouteOptions): string | undefined {
  const limit = route.config?.rateLimit as { max?: unknown; timeWindow?: unknown } | undefined;
  if (!limit) return undefined;
  if (typeof limit.max === 'number' && typeof limit.timeWindow === 'number') {
    return `At most ${limit.max} requests in ${windowInWords(limit.timeWindow)} per client address.`;
  }
  return 'Limited per client address.';
}

type Json = Record<string, unknown>;

/** One answer of the route's `schema.response`, as zod's transform gave it, as an OpenAPI response. */
function answerOf(described: Json): Json {
  if (described.content && typeof described.content === 'object') {
    // json() and file() of lib/answers.ts: a description and a schema per media type.
    return { description: described.description ?? 'Done.', content: described.content };
  }
  const { description, ...schema } = described;
  // noBody(): no content (204).
  if (schema.type === 'null') return { description: description ?? 'No content.' };
  return { description: description ?? 'Done.', content: { 'application/json': { schema: described } } };
}

/**
 * The operation's answers: the route's own (`schema.response`, its error statuses referring to the
 * shared error responses), and those the server gives it without the route saying so: 400 when
 * Fastify validates its input, 401 and 403 from the admin guard, 429 from its rate limit, and the
 * catch-all 4XX.
 */
function responsesOf(route: RouteOptions, described: Json | undefined, admin: boolean): Json {
  const own = ((route.schema as { response?: Json } | undefined)?.response ?? {}) as Json;
  const answers: Json = {};
  const errors = new Set<string>();
  for (const [status, schema] of Object.entries(own)) {
    if (schema === ErrorBodySchema) errors.add(status);
    else answers[status] = answerOf((described?.[status] ?? {}) as Json);
  }
  const schema = route.schema;
  if (schema?.body || schema?.params || schema?.querystring || schema?.headers || schema?.requestBody) errors.add('400');
  if (admin) errors.add('401');
  if (admin && route.method !== 'GET') errors.add('403');
  if (route.config?.rateLimit) errors.add('429');
  const responses: Json = {};
  for (const status of Object.keys(answers).sort()) responses[status] = answers[status];
  for (const status of [...errors].sort()) responses[status] = errorResponseRef(status);
  responses['4XX'] = errorResponseRef('4XX');
  return responses;
}

/** Drops the components nothing refers to (zod's transform makes an input and an output of each). */
function withoutUnusedSchemas(doc: { paths: object; components: { schemas?: Json; responses?: Json } }): void {
  const schemas = doc.components.schemas ?? {};
  const used = new Set<string>();
  const visit = (node: unknown): void => {
    const text = JSON.stringify(node);
    for (const [, name] of text.matchAll(/"#\/components\/schemas\/([^"]+)"/g)) {
      if (name && !used.has(name)) {
        used.add(name);
        visit(schemas[name]);
      }
    }
  };
  visit([doc.paths, doc.components.responses]);
  doc.components.schemas = Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name)));
}

const VERSION = (JSON.parse(fs.readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as { version: string }).version;

function apiDescription(publicUrl: string): string {
  return [
    `The JSON API of the ${STORE_NAME} store: the same calls its storefront and the owner's dashboard make.`,
    '',
    '- **Errors**: every 4xx and 5xx answers `{message, code, fieldErrors?}` (schema `Error`). `message` is for people, `code` for programs. While the database is away, calls answer 503 with `Retry-After`.',
    '- **Carts** belong to the `sessionId` the browser makes (`session-<ms>-<random>`); changing an item needs it in `X-Session-Id`.',
    '- **Checkouts** are reached by their payment id (`pi_…`), which only the buyer is given.',
    `- **The owner's calls** (marked with a lock) need the session cookie from \`POST /api/admin/login\`, and every call that changes something needs an \`Origin\` of ${new URL(publicUrl).origin}. Signed in to the dashboard in this browser, "Try it out" here sends both.`,
    '- **Limits**: writes a script could repeat are limited per client address; past a limit the answer is 429.',
  ].join('\n');
}

/**
 * The API described as OpenAPI 3.1, from the routes' own zod schemas (docs/decisions/0023), at
 * GET /api/openapi.json, and its reference page at GET /api/docs. Registered before any route:
 * @fastify/swagger sees only the routes added after it.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  const config = app.config;
  const zodTransform = createJsonSchemaTransform({ skipList: [] });
  /** Filled as each route is described, applied to the finished document (responses refer to components). */
  const finish = new Map<string, { responses: Json; requestBody?: Json }>();

  const transform: SwaggerTransform = (input) => {
    const { route, url } = input;
    if (hiddenBecause(url) !== undefined) return { schema: { hide: true } as never, url };
    const admin = needsAdminSession(route);
    const described = zodTransform(input as never) as { schema?: Record<string, unknown>; url: string };
    // The answers and a body the handler reads itself go in when the document is finished (they refer to components).
    const { response, requestBody, description, ...schema } = described.schema ?? {};
    finish.set(`${route.method} ${openApiPath(url)}`, {
      responses: responsesOf(route, response as Json | undefined, admin),
      ...(requestBody ? { requestBody: requestBody as Json } : {}),
    });
    const limit = rateLimitOf(route);
    const access = admin ? permissionWords(route.config?.permission) : undefined;
    const words = [description, limit, access].filter(Boolean).join(' ');
    return {
      url: described.url,
      schema: {
        ...schema,
        ...(words ? { description: words } : {}),
        ...(admin ? { security: [{ adminSession: [] }] } : {}),
      } as never,
    };
  };

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `${STORE_NAME} store API`,
        version: VERSION,
        description: apiDescription(config.publicUrl),
      },
      servers: [{ url: config.publicUrl, description: 'This store' }],
      tags: TAGS.map((t) => ({ ...t })),
      components: {
        securitySchemes: {
          adminSession: {
            type: 'apiKey',
            in: 'cookie',
            name: adminCookieName(config),
            description:
              'The owner’s session, set by `POST /api/admin/login` (`HttpOnly`, `SameSite=Strict`). A call that changes something (not GET) must also carry an `Origin` header equal to the store’s own origin, or it is refused with 403: browsers send it by themselves.',
          },
        },
      },
    },
    transform,
    transformObject: (input) => {
      // The components: every schema registered with an id (`.meta({ id })`), as zod's transform names them.
      const openapiObject = jsonSchemaTransformObject(input);
      const doc = openapiObject as {
        paths: Record<string, Record<string, Record<string, unknown>>>;
        components: { schemas?: Json; responses?: Json };
      };
      for (const [route, operations] of Object.entries(doc.paths)) {
        for (const [method, operation] of Object.entries(operations)) {
          const extra = finish.get(`${method.toUpperCase()} ${route}`);
          if (!extra) continue;
          operation.responses = extra.responses;
          if (extra.requestBody) operation.requestBody = extra.requestBody;
        }
      }
      doc.components = {
        ...doc.components,
        schemas: { ...doc.components.schemas, Error: errorComponent() },
        responses: errorResponseComponents,
      };
      withoutUnusedSchemas(doc);
      withoutSafeIntegerBounds(doc);
      return openapiObject;
    },
  });

  let served: OnceJson | undefined;
  app.get(OPENAPI_PATH, async (req, reply) => {
    served ??= onceJson(JSON.stringify(app.swagger()));
    // Changes only with a new release: cached briefly, then revalidated by its ETag.
    const answer = keptJsonAnswer(served, req.headers, 'public, max-age=300');
    return reply
      .code(answer.status)
      .headers(answer.headers)
      .send(answer.body as never);
  });

  await registerApiDocsPage(app, { path: DOCS_PATH, documentPath: OPENAPI_PATH });
}
