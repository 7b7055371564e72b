import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemResolve } from './addresses.ts';
import { postWebhook } from './post.ts';

/** One attempt against a server on loopback (allowed here): timeouts, redirects, long answers. */
let server: http.Server;
let base: string;
let hits: string[];

beforeAll(async () => {
  hits = [];
  server = http.createServer((req, res) => {
    hits.push(req.url ?? '');
    req.resume();
    if (req.url === '/slow') return; // never answers
    if (req.url === '/redirect') return res.writeHead(302, { location: `${base}/target` }).end();
    if (req.url === '/long') return res.writeHead(500).end('x'.repeat(100_000));
    if (req.url === '/nul') return res.writeHead(200).end('ok\u0000\u0007 done');
    res.writeHead(204).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const post = (path: string, timeoutMs = 2000, allowPrivate = true) =>
  postWebhook(`${base}${path}`, { 'content-type': 'application/json' }, '{}', {
    resolve: systemResolve,
    allowPrivate,
    timeoutMs,
  });

describe('one webhook attempt', () => {
  it('gives up on a receiver that does not answer in time', async () => {
    expect(await post('/slow', 300)).toEqual({ status: null, error: 'no answer within 0.3 s', excerpt: null });
  });

  it('does not follow a redirect: the 302 is the outcome', async () => {
    hits.length = 0;
    expect(await post('/redirect')).toMatchObject({ status: 302, error: null });
    expect(hits).toEqual(['/redirect']);
  });

  it('keeps only the first 200 characters of an answer', async () => {
    const out = await post('/long');
    expect(out.status).toBe(500);
    expect(out.excerpt).toBe('x'.repeat(200));
  });

  it('leaves control characters out of the excerpt (a NUL would not fit a text column)', async () => {
    expect(await post('/nul')).toEqual({ status: 200, error: null, excerpt: 'ok done' });
  });

  it('refuses plain http and a loopback literal without the private switch, connecting nowhere', async () => {
    hits.length = 0;
    expect(await post('/', 2000, false)).toMatchObject({ status: null, error: 'refused: only https URLs are allowed' });
    const tls = await postWebhook(`${base.replace('http:', 'https:')}/`, {}, '{}', {
      resolve: systemResolve,
      allowPrivate: false,
    });
    expect(tls).toMatchObject({ status: null, error: 'refused: 127.0.0.1 is a private, loopback or link-local address' });
    expect(hits).toEqual([]);
  });
});
