import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminProduct } from '#shared/admin.ts';
import type { CheckoutOrder } from '#shared/checkout.ts';
import {
  MILITARY_ADDRESS_MESSAGE,
  MILITARY_FIELD_MESSAGE,
  REMOTE_ADDRESS_MESSAGE,
  REMOTE_FIELD_MESSAGE,
} from '#shared/ground-only.ts';
import type { StoreSettings } from '#shared/settings.ts';
import { ownerStore, type signedIn } from '../support/admin.ts';
import type { TestApp } from '../support/app.ts';
import { secretOf, setInventory, shopper } from '../support/checkout.ts';
import { pdfText } from '../support/pdf.ts';

/**
 * Ground-only shipping of limited-quantity goods (issue "Sell it lawfully", item 1;
 * docs/decisions/0046), with the built-in label provider: the shipping step refuses military post
 * offices, and Alaska, Hawaii and the territories unless the store allows them; the label and the
 * packing slip carry the limited-quantity mark; the owner sets the class per product.
 */
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  ({ t, admin } = await ownerStore());
  await setInventory(t.app, 5, 500);
  await setInventory(t.app, 6, 500);
});
afterAll(async () => {
  await t?.close();
});

const shippingClass = (cls: 'standard' | 'limited-quantity', ids = [5, 6]) =>
  t.app.database.db.execute(sql`update products set shipping_class = ${cls} where id in ${sql.raw(`(${ids.join(',')})`)}`);

/** A started checkout of two single bottles, not yet shipped. */
async function started(productId = 5) {
  const s = shopper(t.app);
  await s.add(productId, 2);
  const { secret, paymentIntentId } = secretOf((await s.checkout()).json().checkoutUrl);
  return { s, secret, paymentIntentId };
}

const view = async (paymentIntentId: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/checkout/${paymentIntentId}` })).json() as CheckoutOrder;

async function saveSettings(patch: Partial<StoreSettings>) {
  const { updatedAt: _u, updatedBy: _b, ...now } = (await admin.call('GET', '/api/admin/settings')).json() as StoreSettings;
  const res = await admin.call('PUT', '/api/admin/settings', { ...now, ...patch });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as StoreSettings;
}

describe('the shipping step of a ground-only order', () => {
  it('says the checkout ships by ground, and the product page data says the product does', async () => {
    const { paymentIntentId } = await started();
    expect(await view(paymentIntentId)).toMatchObject({
      groundOnly: true,
      shippingLine: 'Ships by ground within the US (3-5 business days)',
    });
    const products = (await t.app.inject({ method: 'GET', url: '/api/products' })).json() as { shippingClass: string }[];
    expect(products.map((p) => p.shippingClass)).toEqual(['limited-quantity', 'limited-quantity']);
  });

  it('refuses APO, FPO and DPO addresses however they are written, saving nothing', async () => {
    const military = [
      { state: 'AE', city: 'APO', zip: '09012' },
      { state: 'ae', city: 'Apo', zip: '09012' },
      { state: 'AP', city: 'FPO', zip: '96349' },
      { state: 'AA', city: 'DPO', zip: '34025' },
      { state: 'Armed Forces Europe', city: 'APO', zip: '09012' },
      { state: 'armed forces pacific', city: 'Unit 45002 Box 1', zip: '96337' },
      { state: 'A.E.', city: 'Somewhere', zip: '43004' },
      // The state and city of a real town, but the military ZIP and the city APO.
      { state: 'OH', city: 'apo', zip: '43004' },
      { state: 'NY', city: 'New York', zip: '09012' },
    ];
    for (const fields of military) {
      const { s, paymentIntentId } = await started();
      const res = await s.ship(paymentIntentId, fields);
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(res.json()).toMatchObject({ message: MILITARY_ADDRESS_MESSAGE, fieldErrors: { state: [MILITARY_FIELD_MESSAGE] } });
      expect((await view(paymentIntentId)).hasShipping).toBe(false);
    }
    expect(MILITARY_ADDRESS_MESSAGE).toContain('ground only');
  });

  it('refuses Alaska, Hawaii and the territories until the owner allows them, then takes them; military never', async () => {
    const remote = [
      { state: 'AK', city: 'Anchorage', zip: '99501' },
      { state: 'Hawaii', city: 'Honolulu', zip: '96813' },
      { state: 'PR', city: 'San Juan', zip: '00901' },
      { state: 'Guam', city: 'Hagatna', zip: '96910' },
      { state: 'U.S. Virgin Islands', city: 'Charlotte Amalie', zip: '00802' },
    ];
    for (const fields of remote) {
      const { s, paymentIntentId } = await started();
      const res = await s.ship(paymentIntentId, fields);
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(res.json()).toMatchObject({ message: REMOTE_ADDRESS_MESSAGE, fieldErrors: { state: [REMOTE_FIELD_MESSAGE] } });
    }
    expect((await saveSettings({ hazmatToRemoteStates: true })).hazmatToRemoteStates).toBe(true);
    try {
      for (const fields of remote) {
        const { s, paymentIntentId } = await started();
        const res = await s.ship(paymentIntentId, fields);
        expect(res.statusCode, JSON.stringify(fields)).toBe(200);
        expect(res.json().hasShipping).toBe(true);
      }
      const { s, paymentIntentId } = await started();
      expect((await s.ship(paymentIntentId, { state: 'AP', city: 'FPO', zip: '96349' })).statusCode).toBe(400);
    } finally {
      await saveSettings({ hazmatToRemoteStates: false });
    }
  });

  it('takes an ordinary address, and a standard product to a military one', async () => {
    const a = await started();
    expect((await a.s.ship(a.paymentIntentId)).statusCode).toBe(200);
    await shippingClass('standard');
    try {
      const b = await started();
      const res = await b.s.ship(b.paymentIntentId, { state: 'AE', city: 'APO', zip: '09012' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ groundOnly: false, shippingLine: 'Shipping (Standard, 3-5 business days)' });
    } finally {
      await shippingClass('limited-quantity');
    }
  });
});

describe('the label and the packing slip', () => {
  async function paidOrder(): Promise<number> {
    const { s, secret, paymentIntentId } = await started();
    expect((await s.ship(paymentIntentId)).statusCode).toBe(200);
    expect((await s.pay(secret)).json().status).toBe('succeeded');
    const order = await t.app.services.orders.byPaymentId(paymentIntentId);
    return Number(order?.id);
  }

  it('carry the limited-quantity mark, and the slip the UN number the owner entered', async () => {
    await t.app.database.db.execute(
      sql`update products set un_number = 'UN1993', proper_shipping_name = 'Flammable liquid, n.o.s.' where id = 5`,
    );
    const id = await paidOrder();
    const label = await admin.call('POST', `/api/orders/${id}/create-label`);
    expect(label.statusCode, label.body).toBe(200);
    expect(label.json().order).toMatchObject({ shippingService: 'Ground Advantage' });
    const pdf = await admin.call('GET', `/api/orders/${id}/label`);
    expect(await pdfText(pdf.rawPayload)).toMatch(/LIMITED QUANTITY[\s\S]*GROUND ONLY/);
    const slip = await pdfText((await admin.call('GET', `/api/orders/${id}/packing-slip`)).rawPayload);
    expect(slip).toContain('LIMITED QUANTITY - ship by ground only');
    expect(slip).toContain('UN1993 Flammable liquid, n.o.s.');
    await t.app.database.db.execute(sql`update products set un_number = null, proper_shipping_name = null where id = 5`);
  });

  it('carry no mark for a standard parcel', async () => {
    await shippingClass('standard');
    try {
      const id = await paidOrder();
      expect((await admin.call('POST', `/api/orders/${id}/create-label`)).statusCode).toBe(200);
      expect(await pdfText((await admin.call('GET', `/api/orders/${id}/label`)).rawPayload)).not.toContain('LIMITED QUANTITY');
      expect(await pdfText((await admin.call('GET', `/api/orders/${id}/packing-slip`)).rawPayload)).not.toContain(
        'LIMITED QUANTITY',
      );
    } finally {
      await shippingClass('limited-quantity');
    }
  });
});

describe('the owner’s shipping class per product', () => {
  const base = {
    name: 'Chalk Block',
    description: 'A block of gym chalk for a dry grip.',
    price: '6.50',
    imageUrl: '/api/product-images/single',
    inventory: 10,
    displayOrder: 9,
  };

  it('is standard when a client leaves it out, and kept as it is by an edit that leaves it out', async () => {
    const created = await admin.call('POST', '/api/admin/products', base);
    expect(created.statusCode, created.body).toBe(201);
    const product = created.json() as AdminProduct;
    expect(product).toMatchObject({ shippingClass: 'standard', unNumber: null, properShippingName: null });
    const set = await admin.call('PUT', `/api/admin/products/${product.id}`, {
      ...base,
      shippingClass: 'limited-quantity',
      unNumber: ' un 2672 ',
      properShippingName: 'Ammonia solution',
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({
      shippingClass: 'limited-quantity',
      unNumber: 'UN2672',
      properShippingName: 'Ammonia solution',
    });
    const kept = await admin.call('PUT', `/api/admin/products/${product.id}`, { ...base, name: 'Chalk Block XL' });
    expect(kept.json()).toMatchObject({ name: 'Chalk Block XL', shippingClass: 'limited-quantity', unNumber: 'UN2672' });
    const cleared = await admin.call('PUT', `/api/admin/products/${product.id}`, {
      ...base,
      unNumber: '',
      properShippingName: '',
    });
    expect(cleared.json()).toMatchObject({ shippingClass: 'limited-quantity', unNumber: null, properShippingName: null });
    await admin.call('DELETE', `/api/admin/products/${product.id}`);
  });

  it('refuses a bad class, UN number or name with a 400 that says so, writing nothing', async () => {
    const before = ((await admin.call('GET', '/api/admin/products')).json() as AdminProduct[]).length;
    const bad: [Record<string, unknown>, string][] = [
      [{ shippingClass: 'air' }, 'Shipping class must be standard or limited-quantity'],
      [{ shippingClass: 1 }, 'Shipping class must be standard or limited-quantity'],
      [{ unNumber: 'UN12' }, 'Enter a UN number like UN1993'],
      [{ unNumber: 'NA1993' }, 'Enter a UN number like UN1993'],
      [{ unNumber: 'UN1993; drop table products' }, 'Enter a UN number like UN1993'],
      [{ unNumber: 1993 }, 'Must be text'],
      [{ properShippingName: 'x'.repeat(201) }, 'at most 200 characters'],
      [{ properShippingName: 'Ammonia\u202esolution' }, 'text-direction'],
    ];
    for (const [patch, message] of bad) {
      const res = await admin.call('POST', '/api/admin/products', { ...base, ...patch });
      expect(res.statusCode, JSON.stringify(patch)).toBe(400);
      expect(JSON.stringify(res.json()), JSON.stringify(patch)).toContain(message);
    }
    expect(((await admin.call('GET', '/api/admin/products')).json() as AdminProduct[]).length).toBe(before);
  });

  it('of the seeded smelling salts is limited-quantity, with no UN number until the owner enters it', async () => {
    const products = (await admin.call('GET', '/api/admin/products')).json() as AdminProduct[];
    for (const id of [5, 6]) {
      expect(products.find((p) => p.id === id)).toMatchObject({ shippingClass: 'limited-quantity', unNumber: null });
    }
  });
});

describe('the Alaska, Hawaii and territories setting', () => {
  it('is off by default, kept when a client leaves it out, and refuses what is not true or false', async () => {
    const now = (await admin.call('GET', '/api/admin/settings')).json() as StoreSettings;
    expect(now.hazmatToRemoteStates).toBe(false);
    await saveSettings({ hazmatToRemoteStates: true });
    const { updatedAt: _u, updatedBy: _b, hazmatToRemoteStates: _h, ...rest } = now;
    const res = await admin.call('PUT', '/api/admin/settings', rest);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().hazmatToRemoteStates).toBe(true);
    const bad = await admin.call('PUT', '/api/admin/settings', { ...rest, hazmatToRemoteStates: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('hazmatToRemoteStates must be true or false');
    await saveSettings({ hazmatToRemoteStates: false });
  });
});

describe('a label for a limited-quantity order to a military address', () => {
  it('is refused with the reason: an order placed while its product was standard', async () => {
    await shippingClass('standard');
    const { s, secret, paymentIntentId } = await started();
    try {
      expect((await s.ship(paymentIntentId, { state: 'AE', city: 'APO', zip: '09012' })).statusCode).toBe(200);
      expect((await s.pay(secret)).json().status).toBe('succeeded');
    } finally {
      await shippingClass('limited-quantity');
    }
    const id = Number((await t.app.services.orders.byPaymentId(paymentIntentId))?.id);
    for (const [method, url] of [
      ['POST', `/api/orders/${id}/rates`],
      ['POST', `/api/orders/${id}/create-label`],
    ] as const) {
      const res = await admin.call(method, url);
      expect(res.statusCode, url).toBe(409);
      expect(res.json().message).toContain('no carrier can take it there');
    }
    expect((await t.app.services.orders.adminOrder(id)).trackingNumber).toBeNull();
  });
});
