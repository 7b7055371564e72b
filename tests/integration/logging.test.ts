import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '#db/client.ts';
import { createPgDatabase, newSessionId } from '../support/app.ts';
import { freePort } from '../support/store-process.ts';

interface LogEntry {
  level: number;
  time: number;
  msg: string;
  node?: string;
  req?: { url: string };
  err?: Record<string, unknown>;
}

/**
 * Runs the store as its own process (as in production) with LOG_LEVEL=info, on a fresh database that
 * `prepare` may change first, calls `use` with its address, stops it and returns its standard output.
 */
async function loggedStore(
  use: (base: string, written: () => string) => Promise<void>,
  prepare?: (database: DatabaseHandle) => Promise<void>,
  env: Record<string, string> = {},
): Promise<string> {
  const port = await freePort();
  const pgDb = process.env.TEST_DB === 'pg' ? await createPgDatabase() : undefined;
  // A prepared embedded database lives in a folder, handed over to the store once closed here.
  const dataDir = prepare && !pgDb ? fs.mkdtempSync(path.join(os.tmpdir(), 'store-log-')) : 'memory://';
  if (prepare) {
    const database = await openDatabase({ url: pgDb?.url, dataDir });
    try {
      await database.migrate();
      await prepare(database);
    } finally {
      await database.close();
    }
  }
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  try {
    const base = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 45_000;
    while (
      !(await fetch(`${base}/healthz`).then(
        (r) => r.ok,
        () => false,
      ))
    ) {
      if (Date.now() > deadline) throw new Error('the store did not start');
      await new Promise((r) => setTimeout(r, 200));
    }
    await use(base, () => out);
    await new Promise((r) => setTimeout(r, 300));
  } finally {
    const gone = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await gone;
    await pgDb?.drop();
    if (dataDir !== 'memory://') fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return out;
}

const entriesOf = (out: string) =>
  out
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as LogEntry);

const json = (body: unknown) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

/** The log format docs/operations.md documents: JSON lines, with no secret, key or customer detail in them. */
describe('the log', () => {
  it('is one JSON object per line, with request lines, and keeps client secrets, cart sessions, payment ids, review tokens, order page tokens and cookies out', async () => {
    const sessionId = newSessionId();
    const paymentId = 'pi_PaymentIdKept0ut0fLogs42';
    const out = await loggedStore(async (base) => {
      await fetch(`${base}/checkout?payment_intent=pi_Abc123_secret_TopSecretValue42`, {
        headers: { cookie: 'admin_session=SessionCookieValue99' },
      });
      await fetch(`${base}/api/cart/${sessionId}`);
      await fetch(`${base}/api/cart/session/${sessionId}`, { method: 'DELETE' });
      await fetch(`${base}/api/cart/ci_0000000000000000000000`, { method: 'DELETE', headers: { 'x-session-id': sessionId } });
      await fetch(`${base}/api/checkout/${paymentId}`);
      await fetch(`${base}/api/orders/confirmation/${paymentId}?ref=mail`);
      await fetch(`${base}/checkout?payment_intent=${paymentId}&redirect_status=succeeded`);
      await fetch(`${base}/order-confirmation?payment_intent=${encodeURIComponent(paymentId)}`);
      // A review link from the shipped e-mail: its token opens a buyer's review form.
      await fetch(`${base}/product/5?utm_source=email&review=eyJSignedReviewClaims.SignatureValue77&x=1`);
      // An order page's link, and its API: the token opens a shopper's order.
      await fetch(`${base}/orders/eyJPageClaims.OrderPageSignature55`);
      await fetch(`${base}/api/order-status/eyJApiClaims.OrderApiSignature66/returns/101/label`);
    });
    const entries = entriesOf(out);
    for (const e of entries) {
      expect(typeof e.level).toBe('number');
      expect(typeof e.time).toBe('number');
    }
    // The store runs on the Node the tests run on (process.execPath): Node 24, as vitest.config.ts asserts.
    expect(entries.find((e) => e.msg.startsWith('Store running at'))?.node).toBe(process.version);
    const urls = entries.flatMap((e) => (e.req ? [e.req.url] : []));
    expect(urls).toContain('/checkout?payment_intent=pi_[redacted]');
    expect(urls).toContain('/api/cart/session-[redacted]');
    expect(urls).toContain('/api/checkout/pi_[redacted]');
    expect(urls).toContain('/api/orders/confirmation/pi_[redacted]?ref=mail');
    expect(urls).toContain('/checkout?payment_intent=pi_[redacted]&redirect_status=succeeded');
    expect(urls).toContain('/product/5?utm_source=email&review=[redacted]&x=1');
    expect(urls).toContain('/orders/[redacted]');
    expect(urls).toContain('/api/order-status/[redacted]/returns/101/label');
    for (const secret of [
      'TopSecretValue42',
      'SessionCookieValue99',
      'PaymentIdKept0ut0fLogs42',
      sessionId.slice(8),
      'SignatureValue77',
      'OrderPageSignature55',
      'OrderApiSignature66',
    ]) {
      expect(out).not.toContain(secret);
    }
  }, 90_000);

  it('writes one line per request while the store runs, within about a second, and what is left when it stops', async () => {
    let whileRunning = '';
    const out = await loggedStore(async (base, written) => {
      for (let i = 0; i < 5; i++) expect((await fetch(`${base}/api/products?page=${i}`)).status).toBe(200);
      const deadline = Date.now() + 5_000;
      while (Date.now() < deadline && !written().includes('/api/products?page=4')) await new Promise((r) => setTimeout(r, 50));
      whileRunning = written();
      await fetch(`${base}/api/products?last=1`);
    });
    const lines = (text: string) =>
      entriesOf(text).filter((e) => e.msg === 'request completed' && e.req?.url.startsWith('/api/products?'));
    expect(lines(whileRunning).map((e) => e.req?.url)).toEqual([0, 1, 2, 3, 4].map((i) => `/api/products?page=${i}`));
    expect(lines(out).map((e) => e.req?.url)).toEqual([
      ...[0, 1, 2, 3, 4].map((i) => `/api/products?page=${i}`),
      '/api/products?last=1',
    ]);
  });

  it('gives each request its documented fields, as JSON whatever the URL holds, with or without a Host header', async () => {
    const out = await loggedStore(async (base) => {
      expect((await fetch(`${base}/api/products?tag=%22quoted%22`)).status).toBe(200);
      // The list again, now answered from memory before routing (plugins/early-answers.ts).
      expect((await fetch(`${base}/api/products`)).status).toBe(200);
      expect((await fetch(`${base}/api/products`)).status).toBe(200);
      // HTTP/1.0 lets a client leave the Host header out; a quote and a backslash are sent as they are.
      const answer = await new Promise<string>((resolve, reject) => {
        const socket = net.connect(Number(new URL(base).port), '127.0.0.1', () =>
          socket.write('GET /api/products?raw="a\\b" HTTP/1.0\r\n\r\n'),
        );
        let text = '';
        socket.on('data', (chunk) => {
          text += chunk.toString();
        });
        socket.on('end', () => resolve(text));
        socket.on('error', reject);
      });
      expect(answer.startsWith('HTTP/1.1 200')).toBe(true);
      expect((await fetch(`${base}/no-such-page`)).status).toBe(404);
    });
    const completed = entriesOf(out).filter((e) => e.msg === 'request completed');
    const byUrl = (url: string) => completed.find((e) => e.req?.url === url) as Record<string, unknown> | undefined;
    const quoted = byUrl('/api/products?tag=%22quoted%22');
    expect(quoted).toEqual({
      level: 30,
      time: expect.any(Number),
      pid: expect.any(Number),
      hostname: os.hostname(),
      reqId: expect.stringMatching(/^req-/),
      req: {
        method: 'GET',
        url: '/api/products?tag=%22quoted%22',
        host: expect.stringMatching(/^127\.0\.0\.1:\d+$/),
        remoteAddress: '127.0.0.1',
      },
      res: { statusCode: 200 },
      responseTime: expect.any(Number),
      msg: 'request completed',
    });
    expect(Math.abs((quoted?.time as number) - Date.now())).toBeLessThan(60_000);
    const plain = completed.filter((e) => e.req?.url === '/api/products');
    expect(plain).toHaveLength(2);
    for (const line of plain) {
      const req = { ...(quoted?.req as object), url: '/api/products' };
      expect(line).toEqual({
        ...quoted,
        time: expect.any(Number),
        reqId: expect.stringMatching(/^req-/),
        req,
        responseTime: expect.any(Number),
      });
    }
    const ids = completed.map((e) => (e as { reqId?: string }).reqId);
    expect(new Set(ids).size).toBe(ids.length);
    const raw = byUrl('/api/products?raw="a\\b"');
    expect(raw?.req).toEqual({ method: 'GET', url: '/api/products?raw="a\\b"', host: '', remoteAddress: '127.0.0.1' });
    expect(byUrl('/no-such-page')?.res).toEqual({ statusCode: 404 });
  });

  it("keeps the customers' e-mail addresses and names the owner searches for out", async () => {
    const publicUrl = 'http://store.test';
    const out = await loggedStore(
      async (base) => {
        const signIn = await fetch(`${base}/api/admin/login`, {
          ...json({ username: 'owner', password: 'correct-horse-battery' }),
          headers: { 'content-type': 'application/json', origin: publicUrl },
        });
        expect(signIn.status).toBe(200);
        const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
        for (const url of [
          '/api/orders?q=Zebulon.Private%40example.com',
          '/api/orders?status=paid&q=Zebulon%20Quartermain',
          '/api/admin/customers?q=zebulon.private%40example.com&limit=50',
          '/api/admin/customers?q=Quartermain',
          '/api/admin/customers/export.csv?q=Zebulon+Quartermain',
          '/api/admin/customers/orders?email=zebulon.private%40example.com',
          '/api/admin/reviews?q=Zebulon',
        ]) {
          expect((await fetch(`${base}${url}`, { headers: { cookie, origin: publicUrl } })).status, url).toBe(200);
        }
      },
      undefined,
      { ADMIN_USERNAME: 'owner', ADMIN_PASSWORD: 'correct-horse-battery', PUBLIC_URL: publicUrl },
    );
    const urls = entriesOf(out).flatMap((e) => (e.req ? [e.req.url] : []));
    expect(urls).toContain('/api/orders?q=[redacted]');
    expect(urls).toContain('/api/orders?status=paid&q=[redacted]');
    expect(urls).toContain('/api/admin/customers?q=[redacted]&limit=50');
    expect(urls).toContain('/api/admin/customers/orders?email=[redacted]');
    expect(urls).toContain('/api/admin/reviews?q=[redacted]');
    for (const detail of ['zebulon', 'quartermain', 'private%40', 'private@']) {
      expect(out.toLowerCase()).not.toContain(detail);
    }
  }, 90_000);

  it('logs a failed database write with its SQL and constraint, never the customer’s details', async () => {
    const out = await loggedStore(
      async (base) => {
        const sessionId = newSessionId();
        expect((await fetch(`${base}/api/cart`, json({ sessionId, productId: 5, quantity: 1 }))).status).toBe(201);
        const started = await fetch(`${base}/api/checkout`, json({ sessionId }));
        const secret = decodeURIComponent(/payment_intent=([^&]+)/.exec((await started.json()).checkoutUrl)?.[1] ?? '');
        const saved = await fetch(
          `${base}/api/orders/shipping`,
          json({
            paymentIntentId: secret.split('_secret_')[0],
            ageConfirmed: true,
            email: 'Leaky.Customer@example.com',
            firstName: 'Dana',
            lastName: 'Lee',
            address: '77 Confidential Street',
            city: 'Columbus',
            state: 'OH',
            zip: '43004',
          }),
        );
        expect(saved.status).toBe(500);
      },
      // A database that refuses this street: the write fails as a real one can (a constraint, a full disk).
      async (database) => {
        await database.db.execute(
          sql.raw(
            `alter table orders add constraint orders_no_confidential check (shipping_address is null or shipping_address not like '%Confidential%')`,
          ),
        );
      },
    );
    const failure = entriesOf(out).find((e) => e.msg === 'request failed');
    expect(failure?.level).toBe(50);
    // What helps: the kind of error, the statement without its values, the PostgreSQL code and constraint.
    const logged = JSON.stringify(failure?.err);
    expect(logged).toMatch(/update \\"orders\\" set/);
    expect(logged).toContain('23514');
    expect(logged).toContain('orders_no_confidential');
    for (const detail of ['leaky.customer', 'Leaky.Customer', 'Confidential Street', 'Dana', '43004']) {
      expect(out).not.toContain(detail);
    }
  }, 120_000);
});
