import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import swagger, { type SwaggerTransform } from '@fastify/swagger';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';
import { STORE_NAME } from '#shared/constants.ts';
import type { ErrorBody } from '#shared/errors.ts';
import { adminCookieName } from '../domains/admin-auth/browser.ts';
import { needsAdminSession } from './admin-guard.ts';
import { PROJECT_ROOT } from '../lib/project-root.ts';
import { registerApiDocsPage } from './api-docs-page.ts';
import { OPERATIONS, type OperationDoc, TAGS } from './openapi-operations.ts';
import { responseComponents } from './openapi-schemas.ts';

export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PATH = '/api/docs';

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

/** 4xx answers, described once; every operation refers to those it can give. */
const ERROR_RESPONSES: Record<string, { status: string; description: string; example: ErrorBody }> = {
  BadRequest: {
    status: '400',
    description: 'The request is malformed or a field is invalid (`validation`, with `fieldErrors`), or cannot be done as asked.',
    example: {
      message: 'Request body: quantity: quantity must be at most 99',
      code: 'validation',
      fieldErrors: { quantity: ['quantity must be at most 99'] },
    },
  },
  Unauthorized: {
    status: '401',
    description: 'No valid admin session: sign in first.',
    example: { message: 'Authentication required: please sign in', code: 'unauthorized' },
  },
  Forbidden: {
    status: '403',
    description: 'Refused: a state-changing admin request whose `Origin` is not the store’s, or not allowed.',
    example: { message: 'Cross-site request refused', code: 'forbidden' },
  },
  NotFound: {
    status: '404',
    description: 'No such thing, or not the caller’s (the answer does not say which).',
    example: { message: 'Product not found', code: 'not_found' },
  },
  Conflict: {
    status: '409',
    description: 'Not possible in the current state (stock, a closed checkout, an unpaid order); `message` says why.',
    example: { message: 'You can have at most 99 of this item in your cart', code: 'conflict' },
  },
  PayloadTooLarge: {
    status: '413',
    description: 'The body is too large.',
    example: { message: 'The image is larger than 5 MB', code: 'payload_too_large' },
  },
  UnsupportedMediaType: {
    status: '415',
    description: 'The body’s content type is not accepted.',
    example: { message: 'Only PNG, JPEG, WebP or GIF images can be uploaded', code: 'unsupported_media_type' },
  },
  Unprocessable: {
    status: '422',
    description: 'Understood, but not to be done as sent: an `Idempotency-Key` sent again with another request.',
    example: {
      message: 'This Idempotency-Key was used with another request: send a new key for a new refund.',
      code: 'unprocessable',
    },
  },
  TooManyRequests: {
    status: '429',
    description: 'Too many requests from this client address (or for this account): try again later.',
    example: { message: 'Too many requests. Please try again in 1 minute.', code: 'too_many_requests' },
  },
  Unavailable: {
    status: '503',
    description: 'Briefly unavailable (the database, the payment provider, the printer); try again.',
    example: { message: 'The store is briefly unavailable. Please try again in a moment.', code: 'unavailable' },
  },
  ClientError: {
    status: '4XX',
    description: 'Any other client error: a body that is not JSON, too large, of another content type.',
    example: { message: 'Request body is not valid JSON', code: 'FST_ERR_CTP_INVALID_JSON_BODY' },
  },
};
const refByStatus = new Map(
  Object.entries(ERROR_RESPONSES).map(([name, r]) => [r.status, { $ref: `#/components/responses/${name}` }]),
);

const errorResponses = Object.fromEntries(
  Object.entries(ERROR_RESPONSES).map(([name, r]) => [
    name,
    {
      description: r.description,
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' }, example: r.example } },
    },
  ]),
);

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

function okResponse(doc: OperationDoc | undefined): Record<string, unknown> {
  const ok = doc?.ok;
  const body = ok?.body;
  const content =
    body === undefined
      ? undefined
      : typeof body === 'string'
        ? { 'application/json': { schema: { $ref: `#/components/schemas/${body}` } } }
        : Object.fromEntries(body.files.map((type) => [type, {}]));
  return { [String(ok?.status ?? 200)]: { description: ok?.description ?? 'Done.', ...(content ? { content } : {}) } };
}

function responsesOf(route: RouteOptions, doc: OperationDoc | undefined, admin: boolean): Record<string, unknown> {
  const statuses = new Set<string>(doc?.errors?.map(String));
  const schema = route.schema as Record<string, unknown> | undefined;
  if (schema?.body || schema?.params || schema?.querystring || doc?.headers || doc?.requestBody) statuses.add('400');
  if (route.url.includes(':') && !doc?.alwaysFound) statuses.add('404');
  if (admin) statuses.add('401');
  if (admin && route.method !== 'GET') statuses.add('403');
  if (route.config?.rateLimit) statuses.add('429');
  const responses: Record<string, unknown> = okResponse(doc);
  for (const status of [...statuses].sort()) responses[status] = refByStatus.get(status);
  responses['4XX'] = refByStatus.get('4XX');
  for (const [status, r] of Object.entries(doc?.responses ?? {})) {
    responses[status] = {
      description: r.description,
      content: { 'application/json': { schema: { $ref: `#/components/schemas/${r.body}` } } },
    };
  }
  return responses;
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
  const finish = new Map<string, { responses: Record<string, unknown>; requestBody?: Record<string, unknown> }>();

  const transform: SwaggerTransform = (input) => {
    const { route, url } = input;
    if (hiddenBecause(url) !== undefined) return { schema: { hide: true } as never, url };
    const doc = OPERATIONS[`${route.method} ${url}`];
    const admin = needsAdminSession(route);
    const described = zodTransform({
      ...input,
      schema: doc?.headers ? { ...input.schema, headers: doc.headers } : input.schema,
    } as never) as { schema?: Record<string, unknown>; url: string };
    const limit = rateLimitOf(route);
    finish.set(`${route.method} ${openApiPath(url)}`, {
      responses: responsesOf(route, doc, admin),
      ...(doc?.requestBody ? { requestBody: doc.requestBody } : {}),
    });
    return {
      url: described.url,
      schema: {
        ...described.schema,
        ...(doc ? { tags: [doc.tag], operationId: doc.operationId, summary: doc.summary } : {}),
        ...(doc?.description || limit ? { description: [doc?.description, limit].filter(Boolean).join(' ') } : {}),
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
      const openapiObject = 'openapiObject' in input ? input.openapiObject : {};
      const doc = openapiObject as { paths: Record<string, Record<string, Record<string, unknown>>>; components: object };
      for (const [route, operations] of Object.entries(doc.paths)) {
        for (const [method, operation] of Object.entries(operations)) {
          const extra = finish.get(`${method.toUpperCase()} ${route}`);
          if (!extra) continue;
          operation.responses = extra.responses;
          if (extra.requestBody) operation.requestBody = extra.requestBody;
        }
      }
      const components = doc.components as { schemas?: object };
      doc.components = { ...components, schemas: { ...components.schemas, ...responseComponents() }, responses: errorResponses };
      withoutSafeIntegerBounds(doc);
      return openapiObject;
    },
  });

  let served: { body: string; etag: string } | undefined;
  app.get(OPENAPI_PATH, async (req, reply) => {
    if (!served) {
      const body = JSON.stringify(app.swagger());
      served = { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
    }
    // Changes only with a new release: cached briefly, then revalidated by its ETag.
    reply.header('cache-control', 'public, max-age=300').header('etag', served.etag);
    if (req.headers['if-none-match'] === served.etag) return reply.status(304).send();
    return reply.type('application/json; charset=utf-8').send(served.body);
  });

  await registerApiDocsPage(app, { path: DOCS_PATH, documentPath: OPENAPI_PATH });
}
