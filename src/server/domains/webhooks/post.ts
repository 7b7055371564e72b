import type { ClientRequest } from 'node:http';
import { isIP } from 'node:net';
import { guardedLookup, hostOf, isPrivateAddress, RefusedAddressError, type Resolve } from './addresses.ts';

/** How long a receiver has to answer an attempt. */
export const ATTEMPT_TIMEOUT_MS = 10_000;
/** What is kept of a receiver's answer, for the owner. */
const EXCERPT_CHARS = 200;
/** The text without control characters other than tab and line breaks (NUL, which a text column refuses, among them). */
const printable = (text: string) =>
  Array.from(text)
    .filter((c) => {
      const n = c.codePointAt(0) ?? 0;
      return n === 9 || n === 10 || n === 13 || (n >= 32 && n !== 127);
    })
    .join('');

export interface PostOutcome {
  /** The answer's status; null when none came (refused, unreachable, timed out). */
  status: number | null;
  error: string | null;
  excerpt: string | null;
}

/**
 * One POST of a webhook: the connection goes only to an address its own lookup checked (an IP
 * literal is checked here, as no lookup runs for it); redirects are not followed; at most 10 s; of
 * the answer only its start is read.
 */
export function postWebhook(
  target: string,
  headers: Record<string, string>,
  body: string,
  o: { resolve: Resolve; allowPrivate: boolean; timeoutMs?: number },
): Promise<PostOutcome> {
  return new Promise((done) => {
    let settled = false;
    let req: ClientRequest | undefined;
    const timeoutMs = o.timeoutMs ?? ATTEMPT_TIMEOUT_MS;
    const timer = setTimeout(() => {
      req?.destroy();
      fail(`no answer within ${timeoutMs / 1000} s`);
    }, timeoutMs);
    const finish = (out: PostOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      done(out);
    };
    const fail = (error: string) => finish({ status: null, error, excerpt: null });
    let url: URL;
    try {
      url = new URL(target);
    } catch {
      return fail('the URL is not valid');
    }
    if (!o.allowPrivate) {
      if (url.protocol !== 'https:') return fail('refused: only https URLs are allowed');
      const host = hostOf(url);
      if (isIP(host) && isPrivateAddress(host)) return fail(`refused: ${host} is a private, loopback or link-local address`);
    }
    // Node's own modules, without the ES module wrapper an `import` of node:http builds at start (which
    // loads its HTTP client library with it: a tenth of the store's start).
    const client =
      url.protocol === 'https:'
        ? process.getBuiltinModule('node:https')
        : url.protocol === 'http:'
          ? process.getBuiltinModule('node:http')
          : undefined;
    if (!client) return fail('refused: only https URLs are allowed');
    try {
      req = client.request(url, {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)), 'user-agent': 'store-webhooks/1' },
        lookup: guardedLookup(o.resolve, o.allowPrivate),
        agent: false,
      });
    } catch (err) {
      return fail(err instanceof Error ? err.message : String(err));
    }
    req.on('error', (err) => fail(err instanceof RefusedAddressError ? `refused: ${err.message}` : err.message));
    req.on('response', (res) => {
      let excerpt = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        if (excerpt.length < EXCERPT_CHARS) excerpt += chunk;
        if (excerpt.length >= EXCERPT_CHARS) res.destroy();
      });
      const end = () =>
        finish({
          status: res.statusCode ?? null,
          error: null,
          excerpt: excerpt ? printable(excerpt).slice(0, EXCERPT_CHARS) : null,
        });
      res.on('end', end);
      res.on('close', end);
      res.on('error', end);
    });
    req.end(body);
  });
}
