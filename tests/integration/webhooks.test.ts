import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { WebhookDelivery, WebhookEndpoint, WebhookEndpointWithSecret } from '#shared/webhooks.ts';
import { ORIGIN, ownerStore, type signedIn } from '../support/admin.ts';
import { askReturn, deliveredDaysAgo, paidOrder } from '../support/after-sale.ts';
import type { TestApp } from '../support/app.ts';
import { count, setInventory } from '../support/checkout.ts';
import { eventually } from '../support/eventually.ts';
import { verify, webhookReceiver } from '../support/webhook-receiver.ts';

/**
 * Webhooks out (issue 32, item 4; docs/decisions/0058): a receiver on loopback (allowed here by
 * WEBHOOKS_ALLOW_PRIVATE_URLS=true) gets each event the store's real triggers emit, signed as the
 * Standard Webhooks library verifies, within seconds and without a sweep; a failure is retried with
 * the same webhook-id, as is a resend. On PGlite and on PostgreSQL.
 */
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let rx: Awaited<ReturnType<typeof webhookReceiver>>;

beforeAll(async () => {
  rx = await webhookReceiver();
  ({ t, admin } = await ownerStore({ WEBHOOKS_ALLOW_PRIVATE_URLS: 'true' }));
});
afterAll(async () => {
  await t?.close();
  await rx?.close();
});
beforeEach(async () => {
  await t.app.database.db.execute(sql`delete from webhook_endpoints`);
  await t.app.database.db.execute(sql`delete from webhook_events`);
  rx.reset();
  await setInventory(t.app, 5, 300);
  await setInventory(t.app, 6, 300);
});

async function register(events: string[], url = rx.url): Promise<WebhookEndpointWithSecret> {
  const res = await admin.call('POST', '/api/admin/webhooks', { url, events });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const deliveries = async (id: number, query = '') =>
  (await admin.call('GET', `/api/admin/webhooks/${id}/deliveries${query}`)).json() as WebhookDelivery[];

async function arrived(type: string, n = 1, ms = 5000) {
  expect(await eventually(async () => rx.of(type).length >= n, ms), `${type} arrived ${rx.of(type).length} times`).toBe(true);
  return rx.of(type);
}

describe('the kick after a change', () => {
  it('looks for deliveries only when the change wrote an event: one written elsewhere waits for the sweep', async () => {
    // An endpoint for low stock only; a delivery to it written as another instance would write it.
    const lowStock = await register(['product.low_stock']);
    rx.reset();
    const id = 'msg_writtenbyanotherinstance00';
    await t.app.database.db.execute(
      sql`insert into webhook_events (id, type, payload) values (${id}, 'product.low_stock', ${JSON.stringify({ type: 'product.low_stock', timestamp: new Date().toISOString(), data: {} })}::jsonb)`,
    );
    await t.app.database.db.execute(sql`insert into webhook_deliveries (event_id, endpoint_id) values (${id}, ${lowStock.id})`);
    // Paid orders nobody subscribes to: their kicks send nothing and read no delivery.
    for (let i = 0; i < 2; i++) await paidOrder(t.app);
    await new Promise((r) => setTimeout(r, 1500));
    expect(rx.received).toHaveLength(0);
    await t.app.services.webhooks.sweep();
    expect(rx.received.map((r) => r.headers['webhook-id'])).toEqual([id]);
  });
});

describe('order.paid', () => {
  it('reaches a receiver within seconds of the payment, without a sweep, signed, with what an accounting tool needs', async () => {
    const endpoint = await register(['order.paid']);
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/=]{32,}$/);
    const started = Date.now();
    const { order } = await paidOrder(t.app);
    const [hook] = await arrived('order.paid');
    expect(Date.now() - started).toBeLessThan(5000);
    if (!hook) throw new Error('no webhook');
    expect(verify(endpoint.secret, hook)).toMatchObject({ type: 'order.paid' });
    expect(hook.headers['webhook-id']).toMatch(/^msg_[a-z2-7]{24}$/);
    expect(Math.abs(Number(hook.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(30);
    expect(hook.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(hook.headers['content-type']).toBe('application/json');
    expect(hook.json).toMatchObject({
      type: 'order.paid',
      timestamp: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      data: {
        order: {
          id: order.id,
          number: String(order.id),
          status: 'paid',
          currency: 'USD',
          email: order.email,
          total: '86.88',
          refunded: '0.00',
          items: [
            { sku: '5', productId: 5, quantity: 2, unitPrice: '18.99' },
            { sku: '6', productId: 6, quantity: 1, unitPrice: '44.99' },
          ],
        },
      },
    });
    expect(hook.json.data.order.subtotal).toMatch(/^\d+\.\d{2}$/);
    expect(hook.json.data.order.tax).toMatch(/^\d+\.\d{2}$/);
    expect(hook.json.data.order.shipping).toMatch(/^\d+\.\d{2}$/);
    expect(hook.body).not.toMatch(/4242|card_?number|cvc/i);
    expect(await eventually(async () => (await deliveries(endpoint.id))[0]?.status === 'delivered')).toBe(true);
    const [row] = await deliveries(endpoint.id);
    expect(row).toMatchObject({
      eventType: 'order.paid',
      status: 'delivered',
      attempts: 1,
      lastStatusCode: 200,
      nextAttemptAt: null,
    });
  });

  it('is retried after a 500 with the same webhook-id, and a resend keeps it too', async () => {
    const endpoint = await register(['order.paid']);
    rx.answer(500);
    await paidOrder(t.app);
    const [first, second] = await arrived('order.paid', 2, 15_000);
    expect(second?.headers['webhook-id']).toBe(first?.headers['webhook-id']);
    if (!second) throw new Error('no second attempt');
    verify(endpoint.secret, second);
    expect(await eventually(async () => (await deliveries(endpoint.id))[0]?.status === 'delivered')).toBe(true);
    const [row] = await deliveries(endpoint.id);
    expect(row).toMatchObject({ status: 'delivered', attempts: 2, lastStatusCode: 200 });

    const resent = await admin.call('POST', `/api/admin/webhooks/${endpoint.id}/deliveries/${row?.id}/resend`);
    expect(resent.statusCode, resent.body).toBe(202);
    const all = await arrived('order.paid', 3);
    expect(all[2]?.headers['webhook-id']).toBe(first?.headers['webhook-id']);
    expect(all[2]?.json).toEqual(first?.json);
  });

  it('keeps a short excerpt of a failing answer and the next attempt for the owner', async () => {
    const endpoint = await register(['order.paid']);
    rx.answer(503, 503);
    await paidOrder(t.app);
    await arrived('order.paid');
    expect(
      await eventually(async () => (await deliveries(endpoint.id))[0]?.lastStatusCode === 503),
      'the failure is recorded',
    ).toBe(true);
    const [row] = await deliveries(endpoint.id);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastResponse: 'failed with 503', lastError: 'answered 503' });
    expect(new Date(row?.nextAttemptAt ?? 0).getTime()).toBeGreaterThan(Date.now());
  });
});

describe('a receiver that answers 410 Gone', () => {
  it('has its endpoint disabled and the delivery failed, not retried', async () => {
    const endpoint = await register(['order.paid']);
    rx.answer(410);
    await paidOrder(t.app);
    await arrived('order.paid');
    expect(await eventually(async () => (await deliveries(endpoint.id))[0]?.status === 'failed')).toBe(true);
    expect((await deliveries(endpoint.id))[0]).toMatchObject({ attempts: 1, lastStatusCode: 410, nextAttemptAt: null });
    expect((await admin.call('GET', '/api/admin/webhooks')).json()[0]).toMatchObject({ id: endpoint.id, enabled: false });
    await t.app.services.webhooks.sweep();
    expect(rx.of('order.paid')).toHaveLength(1);
  });
});

describe('every event from its real trigger', () => {
  it('order.shipped, order.delivered, order.refunded (partial, with its amount) and order.cancelled', async () => {
    const endpoint = await register(['order.shipped', 'order.delivered', 'order.refunded', 'order.cancelled']);
    const { order } = await paidOrder(t.app);
    expect((await admin.call('PUT', `/api/orders/${order.id}/status`, { status: 'shipped' })).statusCode).toBe(200);
    const [shipped] = await arrived('order.shipped');
    expect(shipped?.json.data.order).toMatchObject({ id: order.id, status: 'shipped', shippedAt: expect.any(String) });
    expect((await admin.call('PUT', `/api/orders/${order.id}/status`, { status: 'delivered' })).statusCode).toBe(200);
    const [delivered] = await arrived('order.delivered');
    expect(delivered?.json.data.order).toMatchObject({ id: order.id, status: 'delivered' });

    const refund = await admin.call('POST', `/api/orders/${order.id}/refunds`, { amount: '10.00', reason: 'Scuffed box' });
    expect(refund.statusCode, refund.body).toBe(201);
    const [refunded] = await arrived('order.refunded');
    expect(refunded?.json.data).toMatchObject({
      order: { id: order.id, total: '86.88', refunded: '10.00' },
      refund: { amount: '10.00', reason: 'Scuffed box', full: false, cancelsOrder: false },
    });

    const other = await paidOrder(t.app);
    const cancel = await admin.call('POST', `/api/orders/${other.order.id}/cancel`, { reason: 'Customer changed their mind' });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const [cancelled] = await arrived('order.cancelled');
    expect(cancelled?.json.data).toMatchObject({
      order: { id: other.order.id, status: 'cancelled', refunded: '86.88' },
      reason: 'Customer changed their mind',
    });
    const refunds = await arrived('order.refunded', 2);
    expect(refunds[1]?.json.data.refund).toMatchObject({ amount: '86.88', full: true, cancelsOrder: true });
    for (const r of rx.received) verify(endpoint.secret, r);
    expect(rx.of('order.paid')).toHaveLength(0);
  });

  it('return.requested and return.received', async () => {
    await register(['return.requested', 'return.received']);
    const { order, token } = await paidOrder(t.app);
    await deliveredDaysAgo(t.app, order.id, 2);
    const asked = await askReturn(t.app, token, { items: [{ productId: 6, quantity: 1 }], reason: 'Too strong for me' });
    expect(asked.statusCode, asked.body).toBe(201);
    const [requested] = await arrived('return.requested');
    const returnId = requested?.json.data.return.id as number;
    expect(requested?.json.data.return).toMatchObject({
      rma: `RMA-${returnId}`,
      status: 'requested',
      orderId: order.id,
      reason: 'Too strong for me',
      items: [{ sku: '6', quantity: 1, unitPrice: '44.99' }],
    });
    expect((await admin.call('POST', `/api/admin/returns/${returnId}/approve`)).statusCode).toBe(200);
    const received = await admin.call('POST', `/api/admin/returns/${returnId}/receive`, { restock: true });
    expect(received.statusCode, received.body).toBe(200);
    const [got] = await arrived('return.received');
    expect(got?.json.data.return).toMatchObject({
      id: returnId,
      status: 'received',
      restocked: true,
      refund: { amount: expect.stringMatching(/^\d+\.\d{2}$/) },
    });
  });

  it('product.low_stock when a checkout takes a product below its threshold, once per crossing', async () => {
    await register(['product.low_stock']);
    await setInventory(t.app, 5, 12);
    await paidOrder(t.app, [[5, 3]]);
    const [low] = await arrived('product.low_stock');
    expect(low?.json.data).toEqual({ product: { id: 5, sku: '5', name: expect.any(String), inventory: 9, threshold: 10 } });
    await paidOrder(t.app, [[5, 1]]);
    await new Promise((r) => setTimeout(r, 1500));
    expect(rx.of('product.low_stock')).toHaveLength(1);
  });

  it('an endpoint gets only the events it takes; a disabled one gets none, and nothing is written without a subscriber', async () => {
    const shippedOnly = await register(['order.shipped']);
    const { order } = await paidOrder(t.app);
    await admin.call('PUT', `/api/orders/${order.id}/status`, { status: 'shipped' });
    await arrived('order.shipped');
    await new Promise((r) => setTimeout(r, 1500));
    expect(rx.received.map((r) => r.json.type)).toEqual(['order.shipped']);
    expect(await deliveries(shippedOnly.id)).toHaveLength(1);

    const off = await admin.call('PUT', `/api/admin/webhooks/${shippedOnly.id}`, { enabled: false });
    expect(off.json()).toMatchObject({ enabled: false, events: ['order.shipped'] });
    const events = await count(t.app, 'webhook_events');
    const next = await paidOrder(t.app);
    await admin.call('PUT', `/api/orders/${next.order.id}/status`, { status: 'shipped' });
    await new Promise((r) => setTimeout(r, 1500));
    expect(rx.received).toHaveLength(1);
    expect(await count(t.app, 'webhook_events')).toBe(events);
  });
});

describe('the endpoints', () => {
  it('lists them without their secrets, rotates a secret, and deletes one with its deliveries', async () => {
    const made = await register(['order.paid', 'order.shipped']);
    const list = await admin.call('GET', '/api/admin/webhooks');
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(made.secret);
    expect(list.body).not.toContain('whsec_');
    expect(list.json()).toEqual([
      { id: made.id, url: rx.url, events: ['order.paid', 'order.shipped'], enabled: true, createdAt: expect.any(String) },
    ] satisfies WebhookEndpoint[]);
    const stored = await t.app.database.db.execute(sql`select secret_sealed from webhook_endpoints`);
    expect(JSON.stringify(stored)).not.toContain(made.secret.slice(6));

    const rotated = await admin.call('POST', `/api/admin/webhooks/${made.id}/secret`);
    expect(rotated.statusCode).toBe(200);
    const secret = rotated.json().secret as string;
    expect(secret).not.toBe(made.secret);
    await paidOrder(t.app);
    const [hook] = await arrived('order.paid');
    if (!hook) throw new Error('no webhook');
    expect(() => verify(made.secret, hook)).toThrow();
    verify(secret, hook);

    expect((await admin.call('DELETE', `/api/admin/webhooks/${made.id}`)).statusCode).toBe(204);
    expect((await admin.call('GET', '/api/admin/webhooks')).json()).toEqual([]);
    expect(await count(t.app, 'webhook_deliveries')).toBe(0);
  });

  it('pages the deliveries, newest first, with the next page in the Link header', async () => {
    const endpoint = await register(['order.paid', 'order.shipped', 'order.delivered']);
    const { order } = await paidOrder(t.app);
    await admin.call('PUT', `/api/orders/${order.id}/status`, { status: 'shipped' });
    await admin.call('PUT', `/api/orders/${order.id}/status`, { status: 'delivered' });
    await arrived('order.delivered');
    const first = await admin.call('GET', `/api/admin/webhooks/${endpoint.id}/deliveries?limit=2`);
    expect(first.json().map((d: WebhookDelivery) => d.eventType)).toEqual(['order.delivered', 'order.shipped']);
    const link = /<([^>]+)>; rel="next"/.exec(String(first.headers.link))?.[1];
    expect(link).toMatch(/limit=2&cursor=\d+$/);
    const rest = await admin.call('GET', link ?? '');
    expect(rest.json().map((d: WebhookDelivery) => d.eventType)).toEqual(['order.paid']);
    expect(rest.headers.link).toBeUndefined();
  });

  it('answers bad input with a 4xx and a message, and writes nothing', async () => {
    const made = await register(['order.paid']);
    const bad: [string, string, unknown][] = [
      ['POST', '/api/admin/webhooks', {}],
      ['POST', '/api/admin/webhooks', { url: rx.url }],
      ['POST', '/api/admin/webhooks', { url: rx.url, events: [] }],
      ['POST', '/api/admin/webhooks', { url: rx.url, events: 'order.paid' }],
      ['POST', '/api/admin/webhooks', { url: rx.url, events: ['order.paid', 'order.exploded'] }],
      ['POST', '/api/admin/webhooks', { url: rx.url, events: [null] }],
      ['POST', '/api/admin/webhooks', { url: '', events: ['order.paid'] }],
      ['POST', '/api/admin/webhooks', { url: 42, events: ['order.paid'] }],
      ['POST', '/api/admin/webhooks', { url: `${rx.url}?${'a'.repeat(2000)}`, events: ['order.paid'] }],
      ['POST', '/api/admin/webhooks', { url: 'ftp://example.com/in', events: ['order.paid'] }],
      ['POST', '/api/admin/webhooks', { url: 'javascript:alert(1)', events: ['order.paid'] }],
      ['POST', '/api/admin/webhooks', { url: 'not a url', events: ['order.paid'] }],
      ['POST', '/api/admin/webhooks', { url: 'http://u:p@127.0.0.1/x', events: ['order.paid'] }],
      ['POST', '/api/admin/webhooks', { url: rx.url, events: ['order.paid'], secret: 'whsec_mine' }],
      ['PUT', `/api/admin/webhooks/${made.id}`, {}],
      ['PUT', `/api/admin/webhooks/${made.id}`, { enabled: 'yes' }],
      ['PUT', `/api/admin/webhooks/${made.id}`, { events: ['nope'] }],
      ['PUT', `/api/admin/webhooks/${made.id}`, { url: 'gopher://x' }],
      ['PUT', '/api/admin/webhooks/abc', { enabled: false }],
      ['PUT', '/api/admin/webhooks/0', { enabled: false }],
      ['DELETE', '/api/admin/webhooks/-1', undefined],
      ['GET', `/api/admin/webhooks/${made.id}/deliveries?limit=0`, undefined],
      ['GET', `/api/admin/webhooks/${made.id}/deliveries?limit=1000`, undefined],
      ['GET', `/api/admin/webhooks/${made.id}/deliveries?limit=abc`, undefined],
      ['GET', `/api/admin/webhooks/${made.id}/deliveries?cursor=x`, undefined],
      ['POST', `/api/admin/webhooks/${made.id}/deliveries/abc/resend`, undefined],
    ];
    for (const [method, url, body] of bad) {
      const res = await admin.call(method as 'POST', url, body);
      expect(res.statusCode, `${method} ${url} ${JSON.stringify(body)?.slice(0, 80)}: ${res.body}`).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
    const missing: [string, string, unknown][] = [
      ['PUT', '/api/admin/webhooks/99999', { enabled: false }],
      ['DELETE', '/api/admin/webhooks/99999', undefined],
      ['POST', '/api/admin/webhooks/99999/secret', undefined],
      ['GET', '/api/admin/webhooks/99999/deliveries', undefined],
      ['POST', `/api/admin/webhooks/${made.id}/deliveries/99999/resend`, undefined],
      ['POST', '/api/admin/webhooks/99999/deliveries/1/resend', undefined],
    ];
    for (const [method, url, body] of missing) {
      const res = await admin.call(method as 'POST', url, body);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(404);
      expect(res.json().message).toEqual(expect.any(String));
    }
    expect((await admin.call('GET', '/api/admin/webhooks')).json()).toEqual([
      expect.objectContaining({ id: made.id, url: rx.url, events: ['order.paid'], enabled: true }),
    ]);
  });

  it('refuses a 21st endpoint, a stranger, and another origin', async () => {
    for (let i = 0; i < 20; i++) await register(['order.paid'], `${rx.url}/${i}`);
    const over = await admin.call('POST', '/api/admin/webhooks', { url: rx.url, events: ['order.paid'] });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe('A store can have at most 20 webhook endpoints');
    expect(await count(t.app, 'webhook_endpoints')).toBe(20);
    const stranger = await t.app.inject({
      method: 'POST',
      url: '/api/admin/webhooks',
      headers: { origin: ORIGIN },
      payload: { url: rx.url, events: ['order.paid'] },
    });
    expect(stranger.statusCode).toBe(401);
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/webhooks' });
    expect(list.statusCode).toBe(401);
    const cross = await admin.call('DELETE', '/api/admin/webhooks/1', undefined, { origin: 'https://evil.example' });
    expect(cross.statusCode).toBe(403);
  });
});
