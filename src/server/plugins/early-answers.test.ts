import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import type { KeptAnswer } from '../lib/answers.ts';
import { EarlyAnswers } from './early-answers.ts';

interface Got {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

/** A server whose routed requests answer 'routed', with the early answers in front, and its log lines. */
async function serve(early: EarlyAnswers) {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const log = pino({ level: 'info' }, sink) as unknown as FastifyBaseLogger;
  early.start(log, {
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'",
  });
  const server = early.serverFactory(
    (_req, res) => {
      res.end('routed');
    },
    { http: {}, keepAliveTimeout: 5000 },
  ) as http.Server;
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  const send = (path: string, opts: http.RequestOptions = {}, body?: string) =>
    new Promise<Got>((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port, path, ...opts }, (res) => {
        let text = '';
        res.on('data', (c: Buffer) => {
          text += c.toString();
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: text,
          }),
        );
      });
      req.on('error', reject);
      req.end(body);
    });
  return { send, lines };
}

const LIST: KeptAnswer = {
  status: 200,
  headers: {
    'cache-control': 'no-cache',
    'content-type': 'application/json; charset=utf-8',
    'content-length': '2',
  },
  body: Buffer.from('[]'),
};

describe('answers sent before routing', () => {
  it('answers a plain GET of its path with the common and own headers, and writes its one log line', async () => {
    const early = new EarlyAnswers();
    const seen: (string | undefined)[] = [];
    early.add('/api/list', (headers) => {
      seen.push(headers['if-none-match']);
      return LIST;
    });
    const { send, lines } = await serve(early);
    const got = await send('/api/list', {
      headers: { 'if-none-match': '"x"' },
    });
    expect(got.status).toBe(200);
    expect(got.body).toBe('[]');
    expect(got.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'",
      'cache-control': 'no-cache',
      'content-type': 'application/json; charset=utf-8',
      'content-length': '2',
    });
    expect(seen).toEqual(['"x"']);
    await send('/api/list');
    expect(lines).toEqual([
      expect.objectContaining({
        level: 30,
        reqId: 'req-1',
        req: {
          method: 'GET',
          url: '/api/list',
          host: expect.stringMatching(/^127\.0\.0\.1:\d+$/),
          remoteAddress: '127.0.0.1',
        },
        res: { statusCode: 200 },
        responseTime: expect.any(Number),
        msg: 'request completed',
      }),
      expect.objectContaining({ reqId: 'req-2' }),
    ]);
    // Fastify's own requests take the next ids from the same count.
    expect(early.nextRequestId()).toBe('req-3');
  });

  it('leaves to the routes another method, path, query or body, a request through a proxy, and every request once closing', async () => {
    const early = new EarlyAnswers();
    early.add('/api/list', () => LIST);
    const { send, lines } = await serve(early);
    const routed = [
      await send('/api/list', { method: 'HEAD' }),
      await send('/api/list', { method: 'POST' }, '{}'),
      await send('/api/list?page=2'),
      await send('/api/list/'),
      await send('/API/list'),
      await send('/api/list', { method: 'GET', headers: { 'content-length': '2' } }, '{}'),
      await send('/api/list', {
        headers: { 'x-forwarded-for': '203.0.113.9' },
      }),
      await send('/api/list', {
        headers: { 'x-forwarded-host': 'shop.example' },
      }),
    ];
    expect(routed.map((r) => r.headers['cache-control'])).toEqual(routed.map(() => undefined));
    expect(routed.filter((r) => r.body === 'routed')).toHaveLength(routed.length - 1);
    expect(lines).toEqual([]);
    expect((await send('/api/list')).body).toBe('[]');
    early.close();
    expect((await send('/api/list')).body).toBe('routed');
  });

  it('leaves to the route a path whose answer is not held, or whose answer fails', async () => {
    const early = new EarlyAnswers();
    let held: KeptAnswer | undefined;
    early.add('/api/list', () => held);
    early.add('/api/broken', () => {
      throw new Error('not valid');
    });
    const { send, lines } = await serve(early);
    expect((await send('/api/list')).body).toBe('routed');
    held = LIST;
    expect((await send('/api/list')).body).toBe('[]');
    expect((await send('/api/broken')).body).toBe('routed');
    expect(lines.map((l) => (l.req as { url: string }).url)).toEqual(['/api/list']);
  });

  it('answers 304 without a body', async () => {
    const early = new EarlyAnswers();
    early.add('/api/list', () => ({
      status: 304,
      headers: { etag: '"a"' },
      body: undefined,
    }));
    const { send } = await serve(early);
    const got = await send('/api/list');
    expect(got.status).toBe(304);
    expect(got.body).toBe('');
    expect(got.headers.etag).toBe('"a"');
  });

  it('gives the server the timeouts Fastify was given', () => {
    const early = new EarlyAnswers();
    const server = early.serverFactory(() => {}, {
      http: { requestTimeout: 7000 },
      keepAliveTimeout: 1234,
      requestTimeout: 7000,
      connectionTimeout: 4321,
    }) as http.Server;
    expect(server.keepAliveTimeout).toBe(1234);
    expect(server.requestTimeout).toBe(7000);
    expect(server.timeout).toBe(4321);
  });
});
