import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import fastJson, { type Schema } from 'fast-json-stringify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * What a route's `schema.response` holds beside its error statuses (docs/decisions/0023): each
 * answer with the description the API document gives it. Fastify validates and serializes a JSON
 * answer with its zod schema; it sends bytes and streams as they are, so a file's schema only
 * describes it. An error status is the shared `ErrorBodySchema` itself (#shared/errors.ts).
 */

/** A JSON answer: its description, and the zod schema Fastify checks and writes it with. */
export function json<S extends z.ZodType>(description: string, schema: S) {
  return { description, content: { 'application/json': { schema } } };
}

/** A file (bytes or a stream) of one of these media types; never serialized. */
export function file<const T extends string>(description: string, ...types: [T, ...T[]]) {
  const bytes = (type: string) => z.custom<Buffer | Readable>().meta({ type: 'string', contentMediaType: type });
  return {
    description,
    content: Object.fromEntries(types.map((type) => [type, { schema: bytes(type) }])) as Record<
      T,
      { schema: z.ZodCustom<Buffer | Readable> }
    >,
  };
}

/**
 * A private PDF (a label, a slip): never cached, shown in the browser (`inline`) or saved
 * (`attachment`) under `filename`.
 */
export function sendPdf(reply: FastifyReply, pdf: Buffer, filename: string, disposition: 'inline' | 'attachment' = 'inline') {
  return reply
    .type('application/pdf')
    .header('cache-control', 'private, no-store')
    .header('content-disposition', `${disposition}; filename="${filename}"`)
    .send(pdf);
}

/** An answer without a body (204). */
export const noBody = (description: string) => z.undefined().describe(description);

/** An entity tag for a body: its SHA-256 (base64url, 27 characters), quoted. */
export const entityTag = (body: string): string => `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;

/**
 * Whether a request's If-None-Match names `etag`: one tag, a list, or `*`, compared weakly (RFC 9110
 * §13.1.2), so a tag a proxy marked weak (`W/"…"`, after compressing the body) still matches.
 */
export function notModified(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch === etag) return true;
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || (t.startsWith('W/') ? t.slice(2) : t) === etag;
  });
}

/**
 * The busiest answer, the product list (docs/decisions/0023, 0056), written once per value: at the
 * first sight of a value (the catalog's cached list, a new object at each change) zod checks it
 * against its schema, as every route's answer is checked, and fast-json-stringify writes it from
 * the schema's JSON Schema; then the same text and entity tag serve every request until the value
 * changes. Only for schemas without codecs or transforms, whose parse and encode are the same.
 */
export function jsonOncePerValue<T>(schema: z.ZodType<T>, what: string): (value: T) => { body: string; etag: string } {
  // Compiled at the first answer, not while the store starts.
  let stringify: ((data: T) => string) | undefined;
  let last: { value: T; body: string; etag: string } | undefined;
  return (value) => {
    if (last?.value === value) return last;
    const checked = schema.safeParse(value);
    if (!checked.success) throw new ResponseSerializationError('GET', what, { cause: checked.error });
    stringify ??= fastJson(z.toJSONSchema(schema, { target: 'draft-07', io: 'output' }) as Schema);
    const body = stringify(checked.data);
    last = { value, body, etag: entityTag(body) };
    return last;
  };
}

declare module 'fastify' {
  interface FastifySchema {
    /**
     * A body the handler reads itself (a multipart upload, a webhook's raw bytes, a form it
     * ignores), as OpenAPI's request body: described, not validated by Fastify.
     */
    requestBody?: Record<string, unknown>;
  }
}
