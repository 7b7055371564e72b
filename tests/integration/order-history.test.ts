import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderEvent } from '#shared/order-events.ts';
import { ADMIN, ORIGIN, signedIn } from '../support/admin.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { count, secretOf, shopper } from '../support/checkout.ts';
import { eventually } from '../support/eventually.ts';
import { startSmtpServer } from '../support/smtp.ts';

/**
 * An order's history (issue "Run the business", item 3): every event with its time and who did it,
 * and the owner's internal notes, for answering "what happened to my order".
 */
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let admin: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, SMTP_URL: smtp.url });
  admin = await signedIn(t.app);
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const timeline = async (orderId: number) => {
  const res = await admin.call('GET', `/api/orders/${orderId}/timeline`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as OrderEvent[];
};

/** A shopper who is declined once, then pays; the order's number. */
async function paidAfterADecline(): Promise<number> {
  const buyer = shopper(t.app);
  await buyer.add(5, 2);
  const { secret, paymentIntentId } = secretOf((await buyer.checkout()).json().checkoutUrl);
  await buyer.ship(paymentIntentId);
  expect((await buyer.pay(secret, '4000 0000 0000 0002')).json().status).toBe('requires_payment_method');
  expect((await buyer.pay(secret)).json().status).toBe('succeeded');
  const order = await t.app.services.orders.byPaymentId(paymentIntentId);
  if (!order) throw new Error('no order');
  // The confirmation goes out in the background; its event is the last of these steps.
  expect(await eventually(async () => (await timeline(order.id)).some((e) => e.type === 'email_sent'))).toBe(true);
  return order.id;
}

describe('GET /api/orders/:id/timeline', () => {
  it('tells the order’s story in order, each event with its time and who did it', async () => {
    const id = await paidAfterADecline();
    expect((await admin.call('PUT', `/api/orders/${id}/status`, { status: 'shipped' })).statusCode).toBe(200);
    expect(await eventually(async () => (await timeline(id)).filter((e) => e.type === 'email_sent').length === 2)).toBe(true);

    const events = await timeline(id);
    const story = events.filter((e) => e.type !== 'email_sent').map(({ type, message, actor }) => ({ type, message, actor }));
    expect(story).toEqual([
      { type: 'checkout_started', message: 'Checkout started: 2 items, $41.89', actor: 'shopper' },
      { type: 'shipping_saved', message: 'Shipping details saved: Columbus, OH', actor: 'shopper' },
      { type: 'payment_failed', message: 'Payment declined: Your card was declined.', actor: 'payment provider' },
      { type: 'paid', message: 'Paid $41.89 with a test payment (no money taken)', actor: 'payment provider' },
      { type: 'status_changed', message: 'Status changed from paid to shipped', actor: ADMIN.username },
    ]);
    const mails = events.filter((e) => e.type === 'email_sent').map((e) => e.message);
    expect(mails).toEqual(['Order confirmation e-mailed to dana.lee@example.com', 'Shipped e-mail sent to dana.lee@example.com']);
    expect(events.every((e) => e.actor !== '')).toBe(true);
    const times = events.map((e) => Date.parse(e.at));
    expect(times.every((at) => Number.isFinite(at) && Math.abs(Date.now() - at) < 60_000)).toBe(true);
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });

  it('records a status the owner sets again only once, and nothing for a refused change', async () => {
    const id = await paidAfterADecline();
    await admin.call('PUT', `/api/orders/${id}/status`, { status: 'delivered' });
    await admin.call('PUT', `/api/orders/${id}/status`, { status: 'delivered' });
    await admin.call('PUT', `/api/orders/${id}/status`, { status: 'lost' });
    const changes = (await timeline(id)).filter((e) => e.type === 'status_changed');
    expect(changes.map((e) => e.message)).toEqual(['Status changed from paid to delivered']);
  });

  it('is the owner’s alone: 401 without a session, 404 for no such order, 400 for a bad id', async () => {
    const id = await paidAfterADecline();
    const anonymous = await t.app.inject({ url: `/api/orders/${id}/timeline` });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.body).not.toContain('dana.lee');
    expect((await admin.call('GET', '/api/orders/999999/timeline')).statusCode).toBe(404);
    for (const bad of ['abc', '0', '-1', '1.5', '99999999999']) {
      const res = await admin.call('GET', `/api/orders/${bad}/timeline`);
      expect(res.statusCode, bad).toBe(400);
      expect(typeof res.json().message).toBe('string');
    }
  });
});

describe('POST /api/orders/:id/notes', () => {
  it('keeps the owner’s note in the history with their name, line breaks and all', async () => {
    const id = await paidAfterADecline();
    const res = await admin.call('POST', `/api/orders/${id}/notes`, {
      text: '  Customer called: leave at the back door.\nGate code 4512.  ',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      type: 'note',
      message: 'Customer called: leave at the back door.\nGate code 4512.',
      actor: ADMIN.username,
    });
    expect((await timeline(id)).at(-1)).toEqual(res.json());
  });

  it('refuses an empty, blank, too long, hostile or malformed note with a message, and writes nothing', async () => {
    const id = await paidAfterADecline();
    const before = await count(t.app, 'order_events');
    for (const payload of [
      {},
      { text: '' },
      { text: '   \n  ' },
      { text: 'x'.repeat(2001) },
      { text: 'bell\u0007' },
      { text: 'bidi \u202e override' },
      { text: 42 },
      { text: 'fine', extra: true },
      [],
    ]) {
      const res = await admin.call('POST', `/api/orders/${id}/notes`, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 40)).toBe(400);
      expect(typeof res.json().message).toBe('string');
    }
    for (const [type, body] of [
      ['text/plain', 'just text'],
      ['application/json', '{"text": "unfinished'],
    ]) {
      const res = await admin.call('POST', `/api/orders/${id}/notes`, body, { 'content-type': type as string });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(typeof res.json().message).toBe('string');
    }
    expect((await admin.call('POST', '/api/orders/999999/notes', { text: 'nobody' })).statusCode).toBe(404);
    expect(await count(t.app, 'order_events')).toBe(before);
  });

  it('takes no note without a session or from another site', async () => {
    const id = await paidAfterADecline();
    const before = await count(t.app, 'order_events');
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${id}/notes`,
      headers: { origin: ORIGIN },
      payload: { text: 'hello' },
    });
    expect(anonymous.statusCode).toBe(401);
    const foreign = await admin.call('POST', `/api/orders/${id}/notes`, { text: 'hello' }, { origin: 'https://evil.example' });
    expect(foreign.statusCode).toBe(403);
    expect(await count(t.app, 'order_events')).toBe(before);
  });
});
