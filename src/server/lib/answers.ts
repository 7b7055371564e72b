import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
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
 * A JSON text written once: its bytes in each encoding, each made at its first use, and each
 * encoding's entity tag. A strong tag names one set of bytes (RFC 9110 §8.8.3): the uncompressed
 * text's tag is its hash, a compressed one's adds the encoding (`"…-br"`, `"…-gzip"`).
 */
export interface OnceJson {
  etagOf(encoding: Encoding): string;
  bytes(encoding: Encoding): Buffer;
}

/** The encodings a kept answer is sent in, as @fastify/compress offers the others: Brotli first, then gzip. */
export type Encoding = 'br' | 'gzip' | 'identity';
const ENCODINGS = ['br', 'gzip'];
const GZIP_ALIAS = /\*|x-gzip/gu;

/**
 * Brotli at quality 8 and gzip at 9: about 0.4 and 0.1 ms for the product list (1.9 KB), once per list;
 * Brotli's 9 to 11 take 2 to 6 ms for at most a tenth fewer bytes.
 */
function encode(body: Buffer, encoding: Encoding): Buffer {
  if (encoding === 'br')
    return brotliCompressSync(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 8, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    });
  if (encoding === 'gzip') return gzipSync(body, { level: constants.Z_BEST_COMPRESSION });
  return body;
}

/** A JSON text kept for answering many requests (keptJsonAnswer). */
export function onceJson(body: string): OnceJson {
  const encoded = new Map<Encoding, Buffer>();
  const etag = entityTag(body);
  const tags = { identity: etag, br: `${etag.slice(0, -1)}-br"`, gzip: `${etag.slice(0, -1)}-gzip"` };
  return {
    etagOf: (encoding) => tags[encoding],
    bytes(encoding) {
      let bytes = encoded.get(encoding);
      if (!bytes) {
        bytes = encode(encoded.get('identity') ?? Buffer.from(body, 'utf8'), encoding);
        encoded.set(encoding, bytes);
      }
      return bytes;
    },
  };
}

/**
 * The busiest answer, the product list (docs/decisions/0023, 0056), written once per value: at the
 * first sight of a value (the catalog's cached list, a new object at each change) zod checks it
 * against its schema, as every route's answer is checked, and fast-json-stringify writes it from
 * the schema's JSON Schema; then the same bytes and entity tag serve every request until the value
 * changes, compressed once per encoding. Only for schemas without codecs or transforms, whose parse
 * and encode are the same.
 */
export function jsonOncePerValue<T>(schema: z.ZodType<T>, what: string): (value: T) => OnceJson {
  // Compiled at the first answer, not while the store starts.
  let stringify: ((data: T) => string) | undefined;
  let last: { value: T; json: OnceJson } | undefined;
  return (value) => {
    if (last?.value === value) return last.json;
    const checked = schema.safeParse(value);
    if (!checked.success) throw new ResponseSerializationError('GET', what, { cause: checked.error });
    stringify ??= fastJson(z.toJSONSchema(schema, { target: 'draft-07', io: 'output' }) as Schema);
    last = { value, json: onceJson(stringify(checked.data)) };
    return last.json;
  };
}

/** A JSON answer kept as bytes, as it is sent to one request: its status, its own headers and its body. */
export interface KeptAnswer {
  status: 200 | 304;
  headers: Record<string, string>;
  body: Buffer | undefined;
}

/**
 * How a kept text (JSON, or a page of type `contentType`) answers a request: in the encoding its
 * Accept-Encoding prefers (negotiated as @fastify/compress does for every other answer), `304`
 * without a body when its If-None-Match names that encoding's tag, else those bytes, which then skip
 * compressing them again. Its headers name the tag and that the answer varies with Accept-Encoding.
 */
export function keptJsonAnswer(
  json: OnceJson,
  request: { 'accept-encoding'?: string | undefined; 'if-none-match'?: string | undefined },
  cacheControl: string,
  contentType = 'application/json; charset=utf-8',
): KeptAnswer {
  const accept = request['accept-encoding'];
  const encoding = ((accept ? negotiate(accept.toLowerCase().replace(GZIP_ALIAS, 'gzip'), ENCODINGS) : null) ??
    'identity') as Encoding;
  const common = { 'cache-control': cacheControl, etag: json.etagOf(encoding), vary: 'accept-encoding' };
  if (notModified(request['if-none-match'], common.etag)) return { status: 304, headers: common, body: undefined };
  const body = json.bytes(encoding);
  return {
    status: 200,
    headers: {
      ...common,
      'content-type': contentType,
      ...(encoding === 'identity' ? {} : { 'content-encoding': encoding }),
      'content-length': String(body.length),
    },
    body,
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
