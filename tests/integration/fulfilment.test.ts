import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, signedIn } from '../support/admin.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { count, secretOf, setInventory, shopper } from '../support/checkout.ts';
import { eventually } from '../support/eventually.ts';
import { type IppPrinter, startIppPrinter } from '../support/ipp-printer.ts';
import { pdfText } from '../support/pdf.ts';

let printer: IppPrinter;
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  printer = await startIppPrinter();
  t = await createTestApp({
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    PRINTER_URL: printer.url,
    SHIP_FROM_NAME: 'Ironwake Warehouse',
    SHIP_FROM_STREET: '77 Forge Street',
    SHIP_FROM_CITY: 'Akron',
    SHIP_FROM_STATE: 'OH',
    SHIP_FROM_ZIP: '44308',
    LABEL_COST_USD: '4.25',
    RATE_LIMIT_CHECKOUT_PER_MINUTE: '1000',
    RATE_LIMIT_SHIPPING_PER_MINUTE: '1000',
  });
  admin = await signedIn(t.app);
  await setInventory(t.app, 5, 500);
});
afterAll(async () => {
  await t?.close();
  await printer?.close();
});

/** An order through checkout; paid unless told otherwise. */
async function order({ pay = true, ship = true } = {}): Promise<number> {
  const s = shopper(t.app);
  await s.add(5, 2);
  const { secret, paymentIntentId } = secretOf((await s.checkout()).json().checkoutUrl);
  if (ship) await s.ship(paymentIntentId, { firstName: 'Zoë', lastName: 'Ünal', address: '12 Iron Way' });
  if (pay) await s.pay(secret);
  const { rows } = (await t.app.database.db.execute(
    (
      await import('drizzle-orm')
    ).sql`select id from orders where payment_intent_id = ${paymentIntentId}`,
  )) as unknown as { rows: { id: number }[] };
  return Number(rows[0]?.id);
}

describe('shipping labels', () => {
  it('makes a 4×6 label with both addresses, the order, the service and the tracking number, and prints it', async () => {
    const id = await order();
    const jobsBefore = printer.jobs().length;
    const res = await admin.call('POST', `/api/orders/${id}/create-label`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.printed).toBe(true);
    expect(body.order).toMatchObject({
      shippingCarrier: 'USPS',
      shippingService: 'Ground Advantage',
      shippingCost: '4.25',
      labelUrl: `/api/orders/${id}/label`,
    });
    const tracking = body.order.trackingNumber as string;
    expect(tracking).toMatch(/^IW\d{18}$/);

    const pdf = await admin.call('GET', `/api/orders/${id}/label`);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(pdf.rawPayload);
    for (const part of [
      'Ironwake Warehouse',
      '77 Forge Street',
      'Akron, OH 44308',
      'ZOE UNAL',
      '12 IRON WAY',
      'COLUMBUS, OH 43004',
      'USPS',
      'Ground Advantage',
      `#${id}`,
    ]) {
      expect(text).toContain(part);
    }
    expect(text.replace(/\s/g, '')).toContain(tracking);

    // The printer received the same PDF as a job.
    const jobs = printer.jobs();
    expect(jobs.length).toBe(jobsBefore + 1);
    expect(jobs.at(-1)?.subarray(0, 5).toString()).toBe('%PDF-');
    expect(jobs.at(-1)?.equals(pdf.rawPayload)).toBe(true);
  });

  it('makes one label per order: asking again prints the same one, until the owner voids it', async () => {
    const id = await order();
    const first = (await admin.call('POST', `/api/orders/${id}/create-label`)).json().order.trackingNumber;
    const again = await Promise.all([1, 2, 3].map(() => admin.call('POST', `/api/orders/${id}/create-label`)));
    expect(again.map((r) => r.json().order.trackingNumber)).toEqual([first, first, first]);

    const voided = await admin.call('DELETE', `/api/orders/${id}/label`);
    expect(voided.json()).toMatchObject({ trackingNumber: null, labelUrl: null });
    expect((await admin.call('GET', `/api/orders/${id}/label`)).statusCode).toBe(404);
    const fresh = (await admin.call('POST', `/api/orders/${id}/create-label`)).json().order.trackingNumber;
    expect(fresh).not.toBe(first);
    expect((await admin.call('DELETE', `/api/orders/${id}/label`)).statusCode).toBe(200);
    expect((await admin.call('DELETE', `/api/orders/${id}/label`)).statusCode).toBe(409);

    // The order's history names each label made, printed and voided, once each, with the admin.
    const history = (
      (await admin.call('GET', `/api/orders/${id}/timeline`)).json() as { type: string; message: string; actor: string }[]
    )
      .filter((e) => e.type.startsWith('label_'))
      .map((e) => `${e.type} ${e.message.replace(/job \d+/, 'job N')} (${e.actor})`);
    const made = (tracking: string) =>
      `label_created Label created: USPS Ground Advantage, tracking ${tracking}, $4.25 (${ADMIN.username})`;
    expect(history.filter((line) => line.startsWith('label_created'))).toEqual([made(first), made(fresh)]);
    expect(history.filter((line) => line.startsWith('label_voided'))).toEqual([
      `label_voided Label voided (tracking ${first}) (${ADMIN.username})`,
      `label_voided Label voided (tracking ${fresh}) (${ADMIN.username})`,
    ]);
    expect(history.filter((line) => line.startsWith('label_printed'))).toHaveLength(5);
  });

  it('answers 409 for an order whose label file is lost, buying nothing, until the owner voids that label', async () => {
    const id = await order();
    const first = (await admin.call('POST', `/api/orders/${id}/create-label`)).json().order.trackingNumber as string;
    await t.app.database.db.execute(sql`delete from stored_files where folder = 'labels' and name = ${`${id}-${first}.pdf`}`);
    const quotes = await count(t.app, 'shipments', `order_id = ${id}`);
    const res = await admin.call('POST', `/api/orders/${id}/create-label`);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe('This order has a label, but its PDF is missing: void the label to make a new one');
    expect(await count(t.app, 'shipments', `order_id = ${id}`)).toBe(quotes);
    expect((await admin.call('DELETE', `/api/orders/${id}/label`)).statusCode).toBe(200);
    const fresh = await admin.call('POST', `/api/orders/${id}/create-label`);
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(fresh.json().order.trackingNumber).not.toBe(first);
  });

  it('refuses a label for an unpaid order or one without an address, and writes nothing', async () => {
    const unpaid = await order({ pay: false });
    const res = await admin.call('POST', `/api/orders/${unpaid}/create-label`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This order is not paid yet: no label can be made for it');

    const noAddress = await order({ ship: false, pay: false });
    await admin.call('PUT', `/api/orders/${noAddress}/status`, { status: 'paid' });
    const res2 = await admin.call('POST', `/api/orders/${noAddress}/create-label`);
    expect(res2.statusCode).toBe(409);
    expect(res2.json().message).toBe('This order has no shipping address: no label can be made for it');
    expect(await count(t.app, 'orders', `id in (${unpaid}, ${noAddress}) and tracking_number is not null`)).toBe(0);

    expect((await admin.call('POST', '/api/orders/999999/create-label')).statusCode).toBe(404);
    expect((await admin.call('POST', '/api/orders/abc/create-label')).statusCode).toBe(400);
  });

  it('labels and packing slips are for a signed-in admin only', async () => {
    const id = await order();
    await admin.call('POST', `/api/orders/${id}/create-label`);
    for (const url of [`/api/orders/${id}/label`, `/api/orders/${id}/packing-slip`]) {
      expect((await t.app.inject({ url })).statusCode).toBe(401);
      expect((await t.app.inject({ url, headers: { cookie: `admin_session=${'x'.repeat(43)}` } })).statusCode).toBe(401);
    }
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/orders/${id}/create-label`, headers: { origin: 'http://store.test' } }))
        .statusCode,
    ).toBe(401);
  });

  it('the packing slip lists the items and quantities', async () => {
    const id = await order();
    const slip = await admin.call('GET', `/api/orders/${id}/packing-slip`);
    expect(slip.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(slip.rawPayload);
    expect(text).toContain('Packing slip');
    expect(text).toMatch(/2\s+Single Bottle/);
    expect(text).toContain('Zoe Unal');
  });

  it('the test page reaches the printer', async () => {
    const before = printer.jobs().length;
    const res = await admin.call('POST', '/api/test-print');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toMatch(/^Sent to the printer \(job \d+, \w+\)\.$/);
    expect(printer.jobs().length).toBe(before + 1);
    expect(await pdfText(printer.jobs().at(-1) as Buffer)).toContain('Printer test page');
  });
});

describe('the shipped e-mail', () => {
  it('goes out once with the carrier and tracking number, however often the order is set shipped', async () => {
    const id = await order();
    const tracking = (await admin.call('POST', `/api/orders/${id}/create-label`)).json().order.trackingNumber;
    const before = t.app.mailer.sent.length;
    await Promise.all([1, 2, 3].map(() => admin.call('PUT', `/api/orders/${id}/status`, { status: 'shipped' })));
    await admin.call('PUT', `/api/orders/${id}/status`, { status: 'paid' });
    await admin.call('PUT', `/api/orders/${id}/status`, { status: 'shipped' });
    const shippedMails = () => t.app.mailer.sent.slice(before).filter((m) => m.subject.includes('has shipped'));
    await eventually(async () => shippedMails().length > 0); // sent in the background
    await new Promise((r) => setTimeout(r, 200));
    const shipped = shippedMails();
    expect(shipped).toHaveLength(1);
    expect(shipped[0]?.to).toBe('dana.lee@example.com');
    expect(shipped[0]?.text).toContain(`USPS Ground Advantage, tracking number ${tracking}`);
    expect(shipped[0]?.html).toContain(tracking);
  });
});

describe('without a printer', () => {
  it('says no printer is configured, and the label is still made and downloadable', async () => {
    const plain = await createTestApp({ ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password });
    try {
      const a = await signedIn(plain.app);
      const test = await a.call('POST', '/api/test-print');
      expect(test.statusCode).toBe(409);
      expect(test.json().message).toBe('No printer is configured. Set PRINTER_URL to print labels and test pages.');

      const s = shopper(plain.app);
      await s.add(5, 1);
      const { secret, paymentIntentId } = secretOf((await s.checkout()).json().checkoutUrl);
      await s.ship(paymentIntentId);
      await s.pay(secret);
      const id = ((await a.call('GET', '/api/orders')).json() as { id: number }[])[0]?.id;
      const res = await a.call('POST', `/api/orders/${id}/create-label`);
      expect(res.json()).toMatchObject({
        printed: false,
        message: 'No printer is configured (PRINTER_URL); the label can be downloaded with View Label.',
      });
      expect((await a.call('GET', `/api/orders/${id}/label`)).statusCode).toBe(200);
    } finally {
      await plain.close();
    }
  });
});
