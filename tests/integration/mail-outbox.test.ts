import net from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { sweepEveryMinute } from '#server/sweeps.ts';
import { freePort } from '../../scripts/lib/system.mjs';
import { ADMIN, signedIn } from '../support/admin.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { count, secretOf, setInventory, shopper } from '../support/checkout.ts';
import { startSmtpServer } from '../support/smtp.ts';

/**
 * E-mails survive an SMTP outage (issue "Confirmation e-mails are retried"): the store's SMTP
 * server is a port that is sometimes closed, sometimes a real SMTP server; the sweep is the one
 * main.ts runs every minute.
 */
let port: number;
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>> | undefined;
beforeAll(async () => {
  port = await freePort();
  t = await createTestApp({
    SMTP_URL: `smtp://127.0.0.1:${port}`,
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    RATE_LIMIT_CHECKOUT_PER_MINUTE: '1000',
  });
  await setInventory(t.app, 5, 500);
});
afterEach(async () => {
  await smtp?.close();
  smtp = undefined;
});
afterAll(() => t?.close());

const smtpUp = async () => {
  smtp = await startSmtpServer(port);
  return smtp;
};

/** Waiting messages become due now, as they would a minute or more later. */
const makeDue = () => t.app.database.db.execute(sql`update mail_outbox set next_attempt_at = now() where status = 'pending'`);

const quiet = (ms = 300) => new Promise((r) => setTimeout(r, ms));

/** A shopper pays for one bottle; the time the paying requests took, and the order. */
async function paidOrder(email = 'Dana.Lee@Example.com') {
  const s = shopper(t.app);
  await s.add(5, 1);
  const { secret, paymentIntentId } = secretOf((await s.checkout()).json().checkoutUrl);
  await s.ship(paymentIntentId, { email });
  const started = Date.now();
  expect((await s.pay(secret)).json().status).toBe('succeeded');
  const done = await s.complete(paymentIntentId);
  const ms = Date.now() - started;
  expect(done.statusCode).toBe(200);
  const order = (await t.app.inject({ url: `/api/orders/confirmation/${paymentIntentId}` })).json();
  return { ms, orderId: order.orderId as number, status: order.status as string, complete: () => s.complete(paymentIntentId) };
}

const confirmationsTo = (mail: NonNullable<typeof smtp>, orderId: number) =>
  mail.received.filter((m) => m.subject === `Your Ironwake order #${orderId} is confirmed`);

describe('the confirmation e-mail when SMTP is down', () => {
  it('is sent by the sweep once SMTP is back, exactly once, and the order is paid without waiting for it', async () => {
    const { ms, orderId, status, complete } = await paidOrder();
    expect(status).toBe('paid');
    expect(ms).toBeLessThan(2000);
    await quiet();
    expect(await count(t.app, 'orders', `id = ${orderId} and confirmation_email_sent_at is not null`)).toBe(0);

    const server = await smtpUp();
    // The retry waits for its backoff (a minute), then goes out.
    await sweepEveryMinute(t.app);
    expect(confirmationsTo(server, orderId)).toHaveLength(0);
    await makeDue();
    await sweepEveryMinute(t.app);
    expect(confirmationsTo(server, orderId)).toHaveLength(1);
    const mail = confirmationsTo(server, orderId)[0];
    expect(mail?.to && 'text' in mail.to ? mail.to.text : '').toBe('dana.lee@example.com');
    expect(mail?.text).toContain('1 × Single Bottle');
    expect(await count(t.app, 'orders', `id = ${orderId} and confirmation_email_sent_at is not null`)).toBe(1);

    // More sweeps, and the buyer's browser completing again: nothing more.
    for (let i = 0; i < 3; i++) {
      expect((await complete()).statusCode).toBe(200);
      await makeDue();
      await sweepEveryMinute(t.app);
    }
    await quiet();
    expect(confirmationsTo(server, orderId)).toHaveLength(1);
  });

  it('a hanging SMTP server does not hold the paying shopper', async () => {
    // Accepts connections and never says hello.
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(port, '127.0.0.1', resolve));
    try {
      const { ms, status } = await paidOrder();
      expect(status).toBe('paid');
      expect(ms).toBeLessThan(2000);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((r) => silent.close(r));
    }
  });

  it('two sweeps at once, in one instance and in two, send a due message once', async () => {
    const { orderId } = await paidOrder('concurrent@example.com');
    await quiet();
    const server = await smtpUp();
    await makeDue();
    const other = await buildApp(t.app.config, { database: t.app.database, keepDatabaseOpen: true, ssr: 'off', seed: false });
    try {
      await Promise.all([sweepEveryMinute(t.app), sweepEveryMinute(t.app), sweepEveryMinute(other), sweepEveryMinute(other)]);
    } finally {
      await other.close();
    }
    await quiet();
    expect(confirmationsTo(server, orderId)).toHaveLength(1);
  });

  it('stops after its attempts run out, marked failed, and sends nothing later', async () => {
    const { orderId } = await paidOrder('gives-up@example.com');
    await quiet();
    for (let i = 0; i < 40; i++) {
      await makeDue();
      await sweepEveryMinute(t.app);
    }
    const key = `to_address = 'gives-up@example.com'`;
    expect(await count(t.app, 'mail_outbox', `${key} and status = 'failed'`)).toBe(1);
    const attempts = async () => {
      const { rows } = (await t.app.database.db.execute(sql.raw(`select attempts from mail_outbox where ${key}`))) as unknown as {
        rows: { attempts: number }[];
      };
      return Number(rows[0]?.attempts);
    };
    const cap = await attempts();
    expect(cap).toBeGreaterThan(3);
    expect(cap).toBeLessThan(40);

    const server = await smtpUp();
    await makeDue();
    await sweepEveryMinute(t.app);
    await quiet();
    expect(confirmationsTo(server, orderId)).toHaveLength(0);
    expect(await attempts()).toBe(cap);
  });
});

describe('the shipped e-mail when SMTP is down', () => {
  it('is retried like the confirmation and sent once', async () => {
    const admin = await signedIn(t.app);
    const { orderId } = await paidOrder('shipped-later@example.com');
    const res = await admin.call('PUT', `/api/orders/${orderId}/status`, { status: 'shipped' });
    expect(res.statusCode).toBe(200);
    await quiet();
    const server = await smtpUp();
    await makeDue();
    await sweepEveryMinute(t.app);
    await makeDue();
    await sweepEveryMinute(t.app);
    const shipped = server.received.filter((m) => m.subject === `Your Ironwake order #${orderId} has shipped`);
    expect(shipped).toHaveLength(1);
    expect(await count(t.app, 'orders', `id = ${orderId} and shipped_email_sent_at is not null`)).toBe(1);
  });
});
