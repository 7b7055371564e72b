import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdminOrder } from '#shared/admin.ts';
import type { ShippingQuote } from '#shared/fulfilment.ts';
import type { OrderStatusView } from '#shared/order-status.ts';
import { ownerStore, type signedIn } from '../support/admin.ts';
import { askReturn, deliveredDaysAgo, mailsAbout, orderPage, paidOrder } from '../support/after-sale.ts';
import type { TestApp } from '../support/app.ts';
import { count, setInventory } from '../support/checkout.ts';
import { eventually } from '../support/eventually.ts';
import { FAKE_EASYPOST, type FakeEasyPost, fakeRateCents, startFakeEasyPost } from '../support/fake-easypost.ts';
import { pdfText } from '../support/pdf.ts';

/**
 * Real postage and tracking through EasyPost (issue "After the purchase", items 2 and 3): the store
 * configured with LABEL_PROVIDER=easypost against a local fake of EasyPost's API, through the real
 * SDK; tracking webhooks signed as EasyPost signs them. On PGlite and on PostgreSQL.
 */
let fake: FakeEasyPost;
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  fake = await startFakeEasyPost();
  ({ t, admin } = await ownerStore({
    LABEL_PROVIDER: 'easypost',
    EASYPOST_API_KEY: FAKE_EASYPOST.apiKey,
    EASYPOST_API_URL: fake.url,
    EASYPOST_WEBHOOK_SECRET: FAKE_EASYPOST.webhookSecret,
  }));
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
beforeEach(async () => {
  await setInventory(t.app, 5, 200);
  await setInventory(t.app, 6, 100);
});

const webhook = (event: object | string, secret?: string) => {
  const { body, headers } = fake.signedWebhook(event, secret);
  return t.app.inject({ method: 'POST', url: '/api/webhooks/easypost', headers, payload: body });
};

/** A paid order with a label bought at the cheapest rate. */
async function labelled() {
  const { order, token } = await paidOrder(t.app);
  const quote = (await admin.call('POST', `/api/orders/${order.id}/rates`)).json() as ShippingQuote;
  const res = await admin.call('POST', `/api/orders/${order.id}/create-label`, {
    quoteId: quote.quoteId,
    rateId: quote.rates[0]?.id,
  });
  expect(res.statusCode, res.body).toBe(200);
  return { order: res.json().order as AdminOrder, token };
}

/** A scan's time: the carrier scans a parcel a while after its label is made (its clock reads whole seconds). */
let minutes = 0;
const later = () => {
  minutes += 1;
  return new Date(Date.now() + minutes * 60_000);
};

/** The order's history but its e-mails' deliveries, which the outbox records whenever it sends them. */
const eventsOf = (orderId: number) => count(t.app, 'order_events', `order_id = ${orderId} and type <> 'email_sent'`);

/** Sets the seeded products' shipping class (limited-quantity as seeded, or standard). */
const shippingClass = (cls: 'standard' | 'limited-quantity') =>
  t.app.database.db.execute(sql`update products set shipping_class = ${cls} where id in (5, 6)`);

describe('postage through EasyPost', () => {
  it('quotes a standard parcel, buys the rate the owner chose and keeps its label, tracking code, page and price', async () => {
    await shippingClass('standard');
    try {
      await standardParcel((await paidOrder(t.app)).order);
    } finally {
      await shippingClass('limited-quantity');
    }
  });

  async function standardParcel(order: AdminOrder) {
    fake.requests.length = 0;
    const res = await admin.call('POST', `/api/orders/${order.id}/rates`);
    expect(res.statusCode, res.body).toBe(200);
    const quote = res.json() as ShippingQuote;
    // 100 g of box, 2 bottles of 80 g, a 3-pack of 240 g: 500 g, 17.7 oz.
    const ounces = 17.7;
    expect(quote.provider).toBe('easypost');
    expect(quote.rates.map((r) => [r.carrier, r.service, r.cost])).toEqual([
      ['USPS', 'GroundAdvantage', (fakeRateCents('GroundAdvantage', ounces) / 100).toFixed(2)],
      ['USPS', 'Priority', (fakeRateCents('Priority', ounces) / 100).toFixed(2)],
      ['UPS', 'Ground', (fakeRateCents('Ground', ounces) / 100).toFixed(2)],
    ]);
    const sent = fake.requests.find((r) => r.method === 'POST' && r.path === '/v2/shipments')?.body as {
      shipment: { parcel: { weight: number }; reference: string; from_address: { street1: string }; to_address: { zip: string } };
    };
    expect(sent.shipment.parcel.weight).toBe(ounces);
    expect(sent.shipment.reference).toBe(`order-${order.id}`);
    expect(sent.shipment.from_address.street1).toBe('1200 Industrial Parkway');
    expect(sent.shipment.to_address.zip).toBe('43004');

    const priority = quote.rates[1]!;
    const bought = await admin.call('POST', `/api/orders/${order.id}/create-label`, {
      quoteId: quote.quoteId,
      rateId: priority.id,
    });
    expect(bought.statusCode, bought.body).toBe(200);
    const labelled = bought.json().order as AdminOrder;
    expect(labelled).toMatchObject({ shippingCarrier: 'USPS', shippingService: 'Priority', shippingCost: priority.cost });
    expect(labelled.trackingNumber).toMatch(/^\d{10,}$/);
    expect(labelled.trackingUrl).toBe(`${fake.url}/track/${labelled.trackingNumber}`);
    const pdf = await admin.call('GET', `/api/orders/${order.id}/label`);
    expect(await pdfText(pdf.rawPayload)).toContain(labelled.trackingNumber ?? '?');
    const history = (await admin.call('GET', `/api/orders/${order.id}/timeline`)).json() as { type: string; message: string }[];
    expect(history.find((e) => e.type === 'label_created')?.message).toBe(
      `Label created: USPS Priority, tracking ${labelled.trackingNumber}, $${priority.cost}`,
    );
    // A second label for the same order is not bought: asking again prints the same one.
    const again = await admin.call('POST', `/api/orders/${order.id}/create-label`, {
      quoteId: quote.quoteId,
      rateId: priority.id,
    });
    expect(again.json().order.trackingNumber).toBe(labelled.trackingNumber);
    expect((await admin.call('POST', `/api/orders/${order.id}/rates`)).statusCode).toBe(409);
    expect(fake.shipments().filter((s) => s.reference === `order-${order.id}` && s.tracking_code)).toHaveLength(1);
  }

  it('quotes a limited-quantity parcel by ground only, declared with the hazmat option, and buys ground', async () => {
    const { order } = await paidOrder(t.app);
    fake.requests.length = 0;
    const quote = (await admin.call('POST', `/api/orders/${order.id}/rates`)).json() as ShippingQuote;
    expect(quote.rates.map((r) => `${r.carrier} ${r.service}`)).toEqual(['USPS GroundAdvantage', 'UPS Ground']);
    const sent = fake.requests.find((r) => r.method === 'POST' && r.path === '/v2/shipments')?.body as {
      shipment: { options: Record<string, unknown> };
    };
    expect(sent.shipment.options.hazmat).toBe('LIMITED_QUANTITY');
    const ups = quote.rates.find((r) => r.carrier === 'UPS')!;
    const bought = await admin.call('POST', `/api/orders/${order.id}/create-label`, { quoteId: quote.quoteId, rateId: ups.id });
    expect(bought.statusCode, bought.body).toBe(200);
    expect(bought.json().order).toMatchObject({ shippingCarrier: 'UPS', shippingService: 'Ground' });
    // The delivery estimate is the ground service's own (the fake dates UPS Ground three days out).
    const tracking = await t.app.services.fulfilment.outboundTracking(order.id);
    expect(tracking?.estimatedDelivery).toBe(new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10));
  });

  it('refuses to buy an air rate for a limited-quantity parcel, even one its quote held, buying nothing', async () => {
    // A quote made while the products were standard holds USPS Priority; they are limited-quantity again at the buy.
    const { order } = await paidOrder(t.app);
    await shippingClass('standard');
    const quote = await admin.call('POST', `/api/orders/${order.id}/rates`).finally(() => shippingClass('limited-quantity'));
    const priority = (quote.json() as ShippingQuote).rates.find((r) => r.service === 'Priority')!;
    expect(priority).toBeDefined();
    fake.requests.length = 0;
    const res = await admin.call('POST', `/api/orders/${order.id}/create-label`, {
      quoteId: quote.json().quoteId,
      rateId: priority.id,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('ground only: USPS Priority is not a ground service');
    expect(fake.requests.filter((r) => r.path.endsWith('/buy'))).toHaveLength(0);
    expect((await t.app.services.orders.adminOrder(order.id)).trackingNumber).toBeNull();
  });

  it('refuses a rate or a quote that is not the order’s, and bad bodies, buying nothing', async () => {
    const a = await paidOrder(t.app);
    const b = await paidOrder(t.app);
    const qa = (await admin.call('POST', `/api/orders/${a.order.id}/rates`)).json() as ShippingQuote;
    const qb = (await admin.call('POST', `/api/orders/${b.order.id}/rates`)).json() as ShippingQuote;
    const cases: [unknown, number][] = [
      [{ quoteId: qa.quoteId, rateId: qb.rates[0]!.id }, 400],
      [{ quoteId: qb.quoteId, rateId: qb.rates[0]!.id }, 400],
      [{ quoteId: qa.quoteId }, 400],
      [{ quoteId: 'x', rateId: 'rate_1' }, 400],
      [{ quoteId: qa.quoteId, rateId: '../../etc' }, 400],
      [{ quoteId: qa.quoteId, rateId: qa.rates[0]!.id, extra: 1 }, 400],
    ];
    for (const [body, status] of cases) {
      const res = await admin.call('POST', `/api/orders/${a.order.id}/create-label`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().message).toEqual(expect.any(String));
    }
    expect((await t.app.services.orders.adminOrder(a.order.id)).trackingNumber).toBeNull();
    expect(fake.shipments().filter((s) => s.tracking_code && s.reference === `order-${a.order.id}`)).toHaveLength(0);
  });

  it('says so when EasyPost refuses the address or does not answer, and buys again from new rates', async () => {
    const { order: bad } = await paidOrder(t.app, undefined, { zip: '00000' });
    const refused = await admin.call('POST', `/api/orders/${bad.id}/rates`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/address/i);

    const { order } = await paidOrder(t.app);
    const quote = (await admin.call('POST', `/api/orders/${order.id}/rates`)).json() as ShippingQuote;
    fake.failNext(1, 503, '/v2/shipments/');
    const down = await admin.call('POST', `/api/orders/${order.id}/create-label`, {
      quoteId: quote.quoteId,
      rateId: quote.rates[0]!.id,
    });
    expect(down.statusCode).toBe(503);
    expect(down.json().message).toMatch(/Ask for the rates again/);
    expect((await t.app.services.orders.adminOrder(order.id)).trackingNumber).toBeNull();
    // The one-click label (no rate chosen) buys the cheapest of a new quote.
    const retried = await admin.call('POST', `/api/orders/${order.id}/create-label`);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json().order).toMatchObject({ shippingService: 'GroundAdvantage' });
  });
});

describe('tracking webhooks', () => {
  it('move the order to shipped at the first scan and to delivered at the delivery, each e-mailed once', async () => {
    const { order, token } = await labelled();
    const code = order.trackingNumber ?? '';
    const scan = fake.trackerEvent(code, 'in_transit', {
      message: 'Arrived at USPS Regional Facility',
      location: { city: 'COLUMBUS', state: 'OH', zip: '43215' },
      at: later(),
    });
    const res = await webhook(scan);
    expect(res.statusCode, res.body).toBe(200);
    expect((await t.app.services.orders.adminOrder(order.id)).status).toBe('shipped');
    expect(await eventually(async () => mailsAbout(t.app, order.id).some((m) => m.subject.includes('has shipped')))).toBe(true);
    const shipped = mailsAbout(t.app, order.id).find((m) => m.subject.includes('has shipped'));
    expect(shipped?.text).toContain(`Track your parcel: ${fake.url}/track/${code}`);
    // The carrier reports the delivery: the review links wait for the delivered e-mail.
    expect(shipped?.text).not.toContain('Review ');

    // EasyPost sends an event again (a retry, a replay): nothing new.
    const events = await eventsOf(order.id);
    expect((await webhook(scan)).statusCode).toBe(200);
    expect(await eventsOf(order.id)).toBe(events);

    const view = (await orderPage(t.app, token)).json() as OrderStatusView;
    expect(view.history[0]?.text).toBe('In transit: Arrived at USPS Regional Facility (COLUMBUS, OH 43215)');
    expect(view.tracking).toMatchObject({ number: code, url: `${fake.url}/track/${code}`, status: 'in_transit' });

    const deliveredAt = later();
    const delivered = fake.trackerEvent(code, 'delivered', {
      message: 'Delivered, In/At Mailbox',
      location: { city: 'COLUMBUS', state: 'OH', zip: '43004' },
      at: deliveredAt,
    });
    expect((await webhook(delivered)).statusCode).toBe(200);
    expect((await webhook(delivered)).statusCode).toBe(200);
    const now = await t.app.services.orders.adminOrder(order.id);
    expect(now.status).toBe('delivered');
    expect(await eventually(async () => mailsAbout(t.app, order.id).some((m) => m.subject.includes('was delivered')))).toBe(true);
    await new Promise((r) => setTimeout(r, 200));
    const mails = mailsAbout(t.app, order.id);
    expect(mails.filter((m) => m.subject.includes('has shipped'))).toHaveLength(1);
    expect(mails.filter((m) => m.subject.includes('was delivered'))).toHaveLength(1);
    expect(mails.find((m) => m.subject.includes('was delivered'))?.text).toMatch(
      /Review Single Bottle: http:\/\/store\.test\/product\/5\?review=/,
    );
    const after = (await orderPage(t.app, token)).json() as OrderStatusView;
    expect(after.delivery).toEqual({ kind: 'delivered', on: deliveredAt.toISOString().slice(0, 10) });
    expect(after.history.filter((h) => h.text.startsWith('Delivered: '))).toHaveLength(1);
  });

  it('refuses a body without EasyPost’s signature or with another one, and ignores parcels it does not know', async () => {
    const { order } = await labelled();
    const scan = fake.trackerEvent(order.trackingNumber ?? '', 'in_transit', { message: 'Accepted at USPS Origin Facility' });
    const { body } = fake.signedWebhook(scan);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/easypost',
      headers: { 'content-type': 'application/json' },
      payload: body,
    });
    expect(unsigned.statusCode).toBe(400);
    expect(unsigned.json().message).toBe('Webhook signature does not match');
    expect((await webhook(scan, 'another-secret')).statusCode).toBe(400);
    const tampered = fake.signedWebhook(scan);
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/easypost',
      headers: tampered.headers,
      payload: tampered.body.replace('Accepted', 'Rejected'),
    });
    expect(changed.statusCode).toBe(400);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/webhooks/easypost',
          headers: { 'content-type': 'application/json' },
          payload: '',
        })
      ).statusCode,
    ).toBe(400);
    expect((await webhook('not json')).statusCode).toBe(400);
    expect((await t.app.services.orders.adminOrder(order.id)).status).toBe('paid');

    const strangerEvent = { ...scan, result: { ...(scan.result as object), tracking_code: 'EZ9999999999' } };
    expect((await webhook(strangerEvent)).statusCode).toBe(200);
    expect((await webhook({ ...scan, description: 'batch.updated', result: { object: 'Batch' } })).statusCode).toBe(200);
    expect((await t.app.services.orders.adminOrder(order.id)).status).toBe('paid');
  });

  it('records scans of a cancelled order without moving it', async () => {
    const { order } = await labelled();
    const cancelled = await admin.call('POST', `/api/orders/${order.id}/cancel`, { reason: 'Customer asked' });
    expect(cancelled.json().status).toBe('cancelled');
    const scan = fake.trackerEvent(order.trackingNumber ?? '', 'in_transit', { message: 'In Transit to Next Facility' });
    expect((await webhook(scan)).statusCode).toBe(200);
    expect((await t.app.services.orders.adminOrder(order.id)).status).toBe('cancelled');
    const history = (await admin.call('GET', `/api/orders/${order.id}/timeline`)).json() as {
      type: string;
      actor: string;
      message: string;
    }[];
    const scans = history.filter((e) => e.type === 'tracking');
    expect(scans.at(-1)?.message).toMatch(/In transit: In Transit to Next Facility$/);
    expect(new Set(scans.map((e) => e.actor))).toEqual(new Set(['carrier']));
  });
});

describe('returns with EasyPost', () => {
  it('buys a prepaid return label at approval, and the parcel’s arrival shows in the Returns tab', async () => {
    const { order, token } = await labelled();
    await deliveredDaysAgo(t.app, order.id, 1);
    const asked = await askReturn(t.app, token, { items: [{ productId: 6, quantity: 1 }], reason: 'Too strong' });
    const ret = asked.json().returns[0] as { id: number; rma: string };
    const approved = await admin.call('POST', `/api/admin/returns/${ret.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    const shipment = fake.shipments().find((s) => s.reference === ret.rma);
    expect(shipment).toMatchObject({ is_return: true });
    expect(shipment?.parcel.weight).toBe(12); // 100 g of box and a 3-pack of 240 g: 11.99 oz, rounded up
    const view = (await orderPage(t.app, token)).json() as OrderStatusView;
    const label = view.returns[0]?.label;
    expect(label).toMatchObject({
      prepaid: true,
      carrier: 'USPS',
      service: 'GroundAdvantage',
      trackingNumber: shipment?.tracking_code,
    });
    const pdf = await t.app.inject({ method: 'GET', url: label?.url ?? '' });
    expect(await pdfText(pdf.rawPayload)).toContain(shipment?.tracking_code ?? '?');
    expect(
      await eventually(async () => mailsAbout(t.app, order.id).some((m) => m.subject === `Your return ${ret.rma} is approved`)),
    ).toBe(true);
    expect(mailsAbout(t.app, order.id).find((m) => m.subject === `Your return ${ret.rma} is approved`)?.text).toContain(
      'Print the prepaid USPS return label',
    );

    const back = fake.trackerEvent(shipment?.tracking_code ?? '', 'delivered', {
      message: 'Delivered to Ironwake Salts',
      at: later(),
    });
    expect((await webhook(back)).statusCode).toBe(200);
    const listed = (await admin.call('GET', '/api/admin/returns?status=approved')).json().returns as {
      id: number;
      arrivedAt: string | null;
    }[];
    expect(listed.find((r) => r.id === ret.id)?.arrivedAt).toEqual(expect.any(String));
    // The order itself stays delivered; the shopper reads their return's progress.
    expect((await t.app.services.orders.adminOrder(order.id)).status).toBe('delivered');
    const after = (await orderPage(t.app, token)).json() as OrderStatusView;
    expect(after.history[0]?.text).toBe('Your return: Delivered: Delivered to Ironwake Salts');
    expect(await count(t.app, 'shipments', `return_id = ${ret.id}`)).toBe(1);
  });
});

describe('a label bought but not kept', () => {
  /** Makes the store's own write of a bought label fail for this order (a full disk, a lost connection). */
  const failKeeping = async (orderId: number) => {
    await t.app.database.db.execute(
      sql.raw(`create function fail_keeping_label() returns trigger language plpgsql as $$
        begin
          if new.status = 'purchased' and new.order_id = ${orderId} then raise exception 'disk full'; end if;
          return new;
        end $$`),
    );
    await t.app.database.db.execute(
      sql.raw('create trigger fail_keeping_label before update on shipments for each row execute function fail_keeping_label()'),
    );
  };
  const keepAgain = async () => {
    await t.app.database.db.execute(sql.raw('drop trigger fail_keeping_label on shipments'));
    await t.app.database.db.execute(sql.raw('drop function fail_keeping_label()'));
  };

  it('asks its postage back and frees the order for a new label', async () => {
    const { order } = await paidOrder(t.app);
    const quote = (await admin.call('POST', `/api/orders/${order.id}/rates`)).json() as ShippingQuote;
    await failKeeping(order.id);
    let res: Awaited<ReturnType<typeof admin.call>>;
    try {
      res = await admin.call('POST', `/api/orders/${order.id}/create-label`, {
        quoteId: quote.quoteId,
        rateId: quote.rates[0]?.id,
      });
    } finally {
      await keepAgain();
    }
    expect(res.statusCode, res.body).toBe(503);
    expect(res.json().message).toBe('The label was bought but could not be kept; its postage is asked back. Try again.');
    const sold = fake.shipments().filter((s) => s.reference === `order-${order.id}` && s.tracking_code);
    expect(sold.map((s) => s.refund_status)).toEqual(['submitted']);
    expect(await count(t.app, 'shipments', `order_id = ${order.id} and status = 'voided'`)).toBe(1);
    expect(await count(t.app, 'shipments', `order_id = ${order.id} and status in ('buying', 'purchased')`)).toBe(0);
    expect((await t.app.services.orders.adminOrder(order.id)).trackingNumber).toBeNull();
    expect(await count(t.app, 'order_events', `order_id = ${order.id} and type = 'label_created'`)).toBe(0);

    const retried = await admin.call('POST', `/api/orders/${order.id}/create-label`);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json().order.trackingNumber).toEqual(expect.any(String));
    expect(retried.json().order.trackingNumber).not.toBe(sold[0]?.tracking_code);
  });

  it('lets a claim left by a request that died expire: after five minutes the order can have its label', async () => {
    const { order } = await paidOrder(t.app);
    const quote = (await admin.call('POST', `/api/orders/${order.id}/rates`)).json() as ShippingQuote;
    // A request claimed the quote to buy it and never came back.
    await t.app.database.db.execute(
      sql`update shipments set status = 'buying', buying_started_at = now() where id = ${quote.quoteId}`,
    );
    const busy = await admin.call('POST', `/api/orders/${order.id}/create-label`);
    expect(busy.statusCode, busy.body).toBe(409);
    expect(busy.json().message).toBe('A label is already bought or being bought for this parcel');

    await t.app.database.db.execute(
      sql`update shipments set buying_started_at = now() - interval '6 minutes' where id = ${quote.quoteId}`,
    );
    const res = await admin.call('POST', `/api/orders/${order.id}/create-label`);
    expect(res.statusCode, res.body).toBe(200);
    expect(await count(t.app, 'shipments', `id = ${quote.quoteId} and status = 'voided'`)).toBe(1);
    expect(await count(t.app, 'shipments', `order_id = ${order.id} and status = 'purchased'`)).toBe(1);
  });
});

describe('tracking webhooks out of order', () => {
  it('keep the newest word: an older event that arrives after the delivery moves nothing back', async () => {
    const { order, token } = await labelled();
    const code = order.trackingNumber ?? '';
    const inTransit = fake.trackerEvent(code, 'in_transit', { message: 'Departed USPS Regional Facility', at: later() });
    const deliveredAt = later();
    const delivered = fake.trackerEvent(code, 'delivered', { message: 'Delivered, In/At Mailbox', at: deliveredAt });
    expect((await webhook(delivered)).statusCode).toBe(200);
    // EasyPost's retry of the earlier event, late.
    expect((await webhook(inTransit)).statusCode).toBe(200);
    const view = (await orderPage(t.app, token)).json() as OrderStatusView;
    expect(view.status).toBe('delivered');
    expect(view.tracking?.status).toBe('delivered');
    expect(view.delivery).toEqual({ kind: 'delivered', on: deliveredAt.toISOString().slice(0, 10) });
    // Its scan is in the history once, in its place.
    expect(view.history.filter((h) => h.text.startsWith('In transit: Departed'))).toHaveLength(1);
  });
});

describe('a return with a prepaid label', () => {
  it('refunds its lines when received, and refuses postage the shopper never paid', async () => {
    const { order, token } = await labelled();
    await deliveredDaysAgo(t.app, order.id, 1);
    const ret = (await askReturn(t.app, token, { items: [{ productId: 6, quantity: 1 }], reason: 'Too strong' })).json()
      .returns[0] as { id: number };
    expect((await admin.call('POST', `/api/admin/returns/${ret.id}/approve`)).statusCode).toBe(200);
    const postage = await admin.call('POST', `/api/admin/returns/${ret.id}/receive`, { restock: true, postage: '4.50' });
    expect(postage.statusCode, postage.body).toBe(409);
    expect(postage.json().message).toBe(
      'This return came back with the prepaid label the store bought: there is no postage to refund',
    );
    expect(await count(t.app, 'order_refunds', `order_id = ${order.id}`)).toBe(0);
    const res = await admin.call('POST', `/api/admin/returns/${ret.id}/receive`, { restock: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'received', refunded: '44.99' });
  });

  it('says what happened when the return label cannot be bought, and buys it when approved again', async () => {
    const { order, token } = await labelled();
    await deliveredDaysAgo(t.app, order.id, 1);
    const ret = (await askReturn(t.app, token, { items: [{ productId: 5, quantity: 1 }], reason: 'Spare' })).json()
      .returns[0] as { id: number };
    fake.failNext(1, 503, '/v2/shipments');
    const failed = await admin.call('POST', `/api/admin/returns/${ret.id}/approve`);
    expect(failed.statusCode).toBe(503);
    expect(failed.json().message).toMatch(
      /^The return is approved, but its label could not be made: .+\. Approve it again to try again\.$/,
    );
    const listed = (await admin.call('GET', '/api/admin/returns?status=approved')).json().returns as {
      id: number;
      labelMissing: boolean;
    }[];
    expect(listed.find((r) => r.id === ret.id)?.labelMissing).toBe(true);
    const again = await admin.call('POST', `/api/admin/returns/${ret.id}/approve`);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ status: 'approved', labelMissing: false, label: { prepaid: true } });
  });
});
