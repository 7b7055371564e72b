import EasyPost from '@easypost/api';
import Fastify from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createEasyPostProvider, ouncesOf } from '#server/domains/fulfilment/easypost-provider.ts';
import { type LabelProvider, LabelProviderError, type ShipmentRequest } from '#server/domains/fulfilment/label-provider.ts';
import { FAKE_EASYPOST, type FakeEasyPost, fakeRateCents, startFakeEasyPost } from '../support/fake-easypost.ts';
import { pdfText } from '../support/pdf.ts';

/**
 * The EasyPost label provider through the real `@easypost/api` SDK against a local fake of
 * EasyPost's API (tests/support/fake-easypost.ts): quotes, labels, refunds, failures, and the
 * signed tracking webhooks.
 */
let fake: FakeEasyPost;
let provider: LabelProvider;

beforeAll(async () => {
  fake = await startFakeEasyPost();
  provider = createEasyPostProvider({
    apiKey: FAKE_EASYPOST.apiKey,
    apiUrl: fake.url,
    webhookSecret: FAKE_EASYPOST.webhookSecret,
  });
});
afterAll(async () => {
  await fake?.close();
});
beforeEach(() => {
  fake.requests.length = 0;
});

const STORE = {
  name: 'Ironwake Salts',
  street: '417 Montgomery Street',
  city: 'San Francisco',
  state: 'CA',
  zip: '94104',
  country: 'US',
};
const SHOPPER = {
  name: 'Dana Whitfield',
  street: '179 N Harbor Dr',
  city: 'Redondo Beach',
  state: 'CA',
  zip: '90277',
  country: 'US',
  phone: '8573875756',
};

function request(patch: Partial<ShipmentRequest> = {}): ShipmentRequest {
  return {
    orderId: 1042,
    orderLabel: 'AB12CD34',
    reference: 'order-1042',
    shipFrom: STORE,
    shipTo: SHOPPER,
    weightGrams: 454,
    isReturn: false,
    ...patch,
  };
}

async function failure(promise: Promise<unknown>): Promise<LabelProviderError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(LabelProviderError);
  return err as LabelProviderError;
}

/** The error a synchronous call throws, checked to be the provider's. */
function thrown(fn: () => unknown): LabelProviderError {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(LabelProviderError);
    return err as LabelProviderError;
  }
  throw new Error('expected a LabelProviderError, nothing was thrown');
}

/** The JSON body of the last request the fake received for a path. */
const lastBody = (path: string) => fake.requests.filter((r) => r.path === path).at(-1)?.body as unknown;

async function boughtLabel(patch: Partial<ShipmentRequest> = {}, pick = 0) {
  const quote = await provider.quote(request(patch));
  const rate = quote.rates[pick]!;
  const label = await provider.buy(request(patch), { shipmentId: quote.shipmentId, rateId: rate.id });
  return { quote, rate, label };
}

describe('quote', () => {
  it('creates a shipment in ounces with the label options and answers its rates cheapest first, in cents', async () => {
    const quote = await provider.quote(request());
    expect(quote.shipmentId).toMatch(/^shp_/);
    // 454 g = 16.014 oz, rounded up to the tenth.
    expect(ouncesOf(454)).toBe(16.1);
    expect(ouncesOf(453.59237)).toBe(16);
    const sent = lastBody('/v2/shipments') as { shipment: Record<string, Record<string, unknown>> };
    expect(sent.shipment.parcel).toEqual({ weight: 16.1 });
    expect(sent.shipment.reference).toBe('order-1042');
    expect(sent.shipment.is_return).toBeUndefined();
    expect(sent.shipment.options).toEqual({ label_format: 'PDF', label_size: '4x6' });
    expect(sent.shipment.to_address).toMatchObject({
      name: SHOPPER.name,
      street1: SHOPPER.street,
      zip: '90277',
      phone: SHOPPER.phone,
    });
    expect(sent.shipment.from_address).toMatchObject({ name: STORE.name, street1: STORE.street, zip: '94104' });

    expect(quote.rates.map((r) => `${r.carrier} ${r.service}`)).toEqual(['USPS GroundAdvantage', 'USPS Priority', 'UPS Ground']);
    const costs = quote.rates.map((r) => r.costCents);
    expect(costs).toEqual([...costs].sort((a, b) => a - b));
    expect(quote.rates[0]).toMatchObject({ costCents: fakeRateCents('GroundAdvantage', 16.1), deliveryDays: 4 });
    expect(quote.rates[0]?.costCents).toBe(744);
    expect(quote.rates[2]).toMatchObject({ costCents: fakeRateCents('Ground', 16.1), deliveryDays: 3 });
  });

  it('orders by price, not by carrier: a heavy parcel goes UPS Ground before USPS Priority', async () => {
    const quote = await provider.quote(request({ weightGrams: 2835 }));
    expect(quote.rates.map((r) => r.service)).toEqual(['GroundAdvantage', 'Ground', 'Priority']);
  });

  it('declares a limited-quantity parcel with the hazmat option and offers its ground rates only', async () => {
    const quote = await provider.quote(request({ limitedQuantity: true }));
    const sent = lastBody('/v2/shipments') as { shipment: Record<string, Record<string, unknown>> };
    expect(sent.shipment.options).toEqual({ label_format: 'PDF', label_size: '4x6', hazmat: 'LIMITED_QUANTITY' });
    expect(quote.rates.map((r) => `${r.carrier} ${r.service}`)).toEqual(['USPS GroundAdvantage', 'UPS Ground']);
    const label = await provider.buy(request({ limitedQuantity: true }), {
      shipmentId: quote.shipmentId,
      rateId: quote.rates[0]!.id,
    });
    expect(label).toMatchObject({ carrier: 'USPS', service: 'GroundAdvantage' });
  });

  it('the fake refuses to sell an air rate for a hazmat shipment, as the carriers do', async () => {
    const client = new EasyPost(FAKE_EASYPOST.apiKey, { baseUrl: `${fake.url}/v2/` });
    const shipment = await client.Shipment.create({
      to_address: { street1: SHOPPER.street, city: SHOPPER.city, state: SHOPPER.state, zip: SHOPPER.zip, country: 'US' },
      from_address: { street1: STORE.street, city: STORE.city, state: STORE.state, zip: STORE.zip, country: 'US' },
      parcel: { weight: 10 },
      options: { hazmat: 'LIMITED_QUANTITY' },
    });
    const priority = shipment.rates.find((r) => r.service === 'Priority');
    await expect(client.Shipment.buy(shipment.id, priority?.id ?? '')).rejects.toMatchObject({ statusCode: 422 });
    expect(fake.shipments().find((x) => x.id === shipment.id)?.tracking_code).toBeNull();
    // An air rate bought through the provider is refused in EasyPost's words, and nothing is bought.
    await expect(provider.buy(request(), { shipmentId: shipment.id, rateId: priority?.id ?? '' })).rejects.toMatchObject({
      kind: 'refused',
      message: expect.stringContaining('ground only'),
    });
    await expect(
      client.Shipment.create({
        to_address: { street1: SHOPPER.street, city: SHOPPER.city, state: SHOPPER.state, zip: SHOPPER.zip, country: 'US' },
        from_address: { street1: STORE.street, city: STORE.city, state: STORE.state, zip: STORE.zip, country: 'US' },
        parcel: { weight: 10 },
        options: { hazmat: 'FLAMMABLE' as 'ORMD' },
      }),
    ).rejects.toMatchObject({ statusCode: 422 });
  });

  it('quotes a return with the outbound addresses and is_return, as EasyPost swaps them itself', async () => {
    const quote = await provider.quote(request({ isReturn: true, reference: 'return-7' }));
    const sent = lastBody('/v2/shipments') as { shipment: Record<string, Record<string, unknown>> };
    expect(sent.shipment.is_return).toBe(true);
    expect(sent.shipment.reference).toBe('return-7');
    expect(sent.shipment.to_address?.street1).toBe(SHOPPER.street);
    expect(sent.shipment.from_address?.street1).toBe(STORE.street);
    const kept = fake.shipments().find((s) => s.id === quote.shipmentId);
    expect(kept).toMatchObject({ is_return: true, reference: 'return-7' });
  });

  it('refuses an address EasyPost cannot verify, in EasyPost’s words', async () => {
    const err = await failure(provider.quote(request({ shipTo: { ...SHOPPER, zip: '00000' } })));
    expect(err.kind).toBe('refused');
    expect(err.message).toBe('Unable to verify address. (address: Address not found)');
  });

  it('refuses an address without a street, naming the field', async () => {
    const err = await failure(provider.quote(request({ shipTo: { ...SHOPPER, street: '' } })));
    expect(err.kind).toBe('refused');
    expect(err.message).toContain('Missing required parameter.');
    expect(err.message).toContain('to_address.street1: cannot be blank');
  });

  it('refuses a parcel no carrier takes, with the carriers’ messages', async () => {
    const err = await failure(provider.quote(request({ weightGrams: 80_000 })));
    expect(err.kind).toBe('refused');
    expect(err.message).toMatch(/^No carrier offered a rate for this parcel\. The carriers said: /);
    expect(err.message).toContain('UPS: Ground: the parcel');
    expect(err.message).toContain('USPS: ');
  });

  it('refuses a wrong API key without repeating it', async () => {
    const wrongKey = 'EZTK0wrong0key0000000000000000000';
    const wrong = createEasyPostProvider({ apiKey: wrongKey, apiUrl: fake.url, webhookSecret: 'x' });
    const err = await failure(wrong.quote(request()));
    expect(err.kind).toBe('refused');
    expect(err.message).toBe('The API key provided is invalid.');
    expect(err.message).not.toContain(wrongKey);
    expect(fake.requests.at(-1)).toMatchObject({ method: 'POST', path: '/v2/shipments' });
  });
});

describe('buy', () => {
  it('buys the chosen rate and returns its PDF label with the tracking code and page', async () => {
    const { quote, rate, label } = await boughtLabel();
    expect(lastBody(`/v2/shipments/${quote.shipmentId}/buy`) as object).toEqual({ rate: { id: rate.id } });
    const stored = fake.shipments().find((s) => s.id === quote.shipmentId)!;
    expect(label).toMatchObject({
      shipmentId: quote.shipmentId,
      trackingNumber: stored.tracking_code,
      carrier: 'USPS',
      service: 'GroundAdvantage',
      costCents: rate.costCents,
      trackingUrl: `${fake.url}/track/${stored.tracking_code}`,
      // USPS gives no delivery date with the rate: the tracker's estimate is used.
      estimatedDeliveryDate: stored.tracker?.est_delivery_date?.slice(0, 10),
    });
    expect(label.trackingNumber).toMatch(/^9400\d{18}$/);
    expect(label.pdf.subarray(0, 4).toString('latin1')).toBe('%PDF');
    const text = await pdfText(label.pdf);
    expect(text).toContain(label.trackingNumber);
    expect(text).toContain(SHOPPER.street);
    expect(fake.requests.some((r) => r.method === 'GET' && r.path.startsWith('/files/postage_label/'))).toBe(true);
  });

  it('takes the delivery date of a rate that has one', async () => {
    const { label, quote } = await boughtLabel({}, 2);
    expect(label.carrier).toBe('UPS');
    const rate = fake.shipments().find((s) => s.id === quote.shipmentId)?.selected_rate;
    expect(label.estimatedDeliveryDate).toBe(rate?.delivery_date?.slice(0, 10));
    expect(label.estimatedDeliveryDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('prints a return label addressed to the store', async () => {
    const { label } = await boughtLabel({ isReturn: true });
    const text = await pdfText(label.pdf);
    expect(text.indexOf(STORE.street)).toBeGreaterThan(text.indexOf('SHIP TO'));
    expect(text.indexOf(SHOPPER.street)).toBeLessThan(text.indexOf('SHIP TO'));
  });

  it('refuses to buy the same shipment twice', async () => {
    const { quote, rate } = await boughtLabel();
    const err = await failure(provider.buy(request(), { shipmentId: quote.shipmentId, rateId: rate.id }));
    expect(err.kind).toBe('refused');
    expect(err.message).toBe('Postage already exists for this shipment.');
  });

  it('refuses a rate that is not the shipment’s, and an unknown shipment', async () => {
    const quote = await provider.quote(request());
    const bad = await failure(provider.buy(request(), { shipmentId: quote.shipmentId, rateId: 'rate_nope' }));
    expect(bad.kind).toBe('refused');
    expect(bad.message).toContain('rate.id: rate_nope is not a rate of');
    const gone = await failure(provider.buy(request(), { shipmentId: 'shp_missing', rateId: quote.rates[0]!.id }));
    expect(gone).toMatchObject({ kind: 'refused', message: 'The requested resource could not be found.' });
  });

  it('asks for the postage back when the label file cannot be downloaded', async () => {
    const quote = await provider.quote(request());
    fake.failNext(1, 503, '/files/');
    const err = await failure(provider.buy(request(), { shipmentId: quote.shipmentId, rateId: quote.rates[0]!.id }));
    expect(err.kind).toBe('unavailable');
    expect(fake.requests.at(-1)).toMatchObject({ method: 'POST', path: `/v2/shipments/${quote.shipmentId}/refund` });
    expect(fake.shipments().find((s) => s.id === quote.shipmentId)?.refund_status).toBe('submitted');
  });
});

describe('void', () => {
  it('asks EasyPost to refund the shipment', async () => {
    const { quote, label } = await boughtLabel();
    await provider.void({ shipmentId: quote.shipmentId, trackingNumber: label.trackingNumber });
    expect(fake.requests.at(-1)).toMatchObject({ method: 'POST', path: `/v2/shipments/${quote.shipmentId}/refund` });
    expect(fake.shipments().find((s) => s.id === quote.shipmentId)?.refund_status).toBe('submitted');
  });

  it('refuses to refund a shipment never bought', async () => {
    const quote = await provider.quote(request());
    const err = await failure(provider.void({ shipmentId: quote.shipmentId, trackingNumber: null }));
    expect(err).toMatchObject({ kind: 'refused', message: 'Unable to refund a shipment that has not been purchased.' });
  });
});

describe('EasyPost unavailable', () => {
  it('turns a 503 into "unavailable", and the next call works again', async () => {
    fake.failNext(1, 503);
    const err = await failure(provider.quote(request()));
    expect(err).toMatchObject({ kind: 'unavailable', message: 'EasyPost did not answer; try again in a moment' });
    expect((await provider.quote(request())).rates).toHaveLength(3);
  });

  it('gives up on a stalled answer after the timeout', async () => {
    const quick = createEasyPostProvider({ ...FAKE_EASYPOST, apiUrl: fake.url, timeoutMs: 300 });
    fake.stall(3_000);
    const started = Date.now();
    const err = await failure(quick.quote(request()));
    expect(err.kind).toBe('unavailable');
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('turns a refused connection into "unavailable"', async () => {
    const closed = await startFakeEasyPost();
    const url = closed.url;
    await closed.close();
    const nowhere = createEasyPostProvider({ ...FAKE_EASYPOST, apiUrl: url, timeoutMs: 2_000 });
    const err = await failure(nowhere.quote(request()));
    expect(err).toMatchObject({ kind: 'unavailable', message: 'EasyPost did not answer; try again in a moment' });
  });
});

describe('parseWebhook', () => {
  const parse = (body: string, headers: Record<string, string | string[] | undefined>) =>
    provider.parseWebhook!(Buffer.from(body, 'utf8'), headers);

  it('reads a signed tracker.updated event: status, estimate, page and scans oldest first', async () => {
    const { label } = await boughtLabel();
    const code = label.trackingNumber!;
    fake.trackerEvent(code, 'in_transit', {
      message: 'Arrived at USPS Regional Facility',
      location: { city: 'HOUSTON', state: 'TX', zip: '77063' },
      at: new Date(Date.now() + 60_000),
    });
    // A scan the carrier reports late, dated before the one above.
    const event = fake.trackerEvent(code, 'in_transit', {
      message: 'Accepted at USPS Origin Facility',
      at: new Date(Date.now() + 30_000),
    });
    const { body, headers } = fake.signedWebhook(event);

    const update = parse(body, headers);
    expect(update).toMatchObject({
      eventId: event.id,
      trackingCode: code,
      status: 'in_transit',
      publicUrl: label.trackingUrl,
      estimatedDeliveryDate: label.estimatedDeliveryDate,
    });
    expect(update?.details.map((d) => d.message)).toEqual([
      'Pre-Shipment Info Sent to USPS',
      'Accepted at USPS Origin Facility',
      'Arrived at USPS Regional Facility',
    ]);
    expect(update?.details[2]).toMatchObject({ status: 'in_transit', location: 'HOUSTON, TX 77063' });
    expect(update?.details[1]?.location).toBeNull();
    expect(update?.details.every((d) => !Number.isNaN(Date.parse(d.at)))).toBe(true);
  });

  it('signs as EasyPost does: the SDK’s own check accepts the fake’s signature', async () => {
    const { label } = await boughtLabel();
    const event = fake.trackerEvent(label.trackingNumber!, 'delivered', { message: 'Delivered' });
    const { body, headers } = fake.signedWebhook(event);
    const client = new EasyPost(FAKE_EASYPOST.apiKey);
    expect(client.Utils.validateWebhook(Buffer.from(body), headers, FAKE_EASYPOST.webhookSecret)).toMatchObject({ id: event.id });
    expect(parse(body, headers)?.status).toBe('delivered');
  });

  it('arrives through an HTTP server with lower-cased headers', async () => {
    const { label } = await boughtLabel();
    const event = fake.trackerEvent(label.trackingNumber!, 'out_for_delivery', { message: 'Out for Delivery' });
    const app = Fastify();
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, raw, done) => done(null, raw));
    app.post('/webhooks/easypost', async (req) => provider.parseWebhook!(req.body as Buffer, req.headers));
    try {
      const { body, headers } = fake.signedWebhook(event);
      const res = await app.inject({ method: 'POST', url: '/webhooks/easypost', payload: body, headers });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ eventId: event.id, status: 'out_for_delivery' });
    } finally {
      await app.close();
    }
  });

  it('refuses a tampered body, a missing signature and a wrong secret', async () => {
    const { label } = await boughtLabel();
    const event = fake.trackerEvent(label.trackingNumber!, 'delivered', { message: 'Delivered' });
    const { body, headers } = fake.signedWebhook(event);
    const tampered = body.replace('"delivered"', '"return_to_sender"');
    expect(tampered).not.toBe(body);
    for (const attempt of [
      () => parse(tampered, headers),
      () => parse(body, { 'content-type': 'application/json' }),
      () => parse(body, fake.signedWebhook(event, 'another-secret').headers),
      () => parse(body, { 'x-hmac-signature': 'hmac-sha256-hex=00' }),
    ]) {
      expect(thrown(attempt)).toMatchObject({ kind: 'refused', message: 'Webhook signature does not match' });
    }
  });

  it('answers null for an event that is not about tracking', () => {
    const event = {
      id: 'evt_0a1b2c3d4e5f',
      object: 'Event',
      mode: 'test',
      description: 'refund.successful',
      result: { id: 'rfnd_92d852c508204fc3a34e62977eaa6c50', object: 'Refund', status: 'refunded' },
    };
    const { body, headers } = fake.signedWebhook(event);
    expect(parse(body, headers)).toBeNull();
  });

  it('maps a status it does not know to "unknown"', async () => {
    const { label } = await boughtLabel();
    const event = fake.trackerEvent(label.trackingNumber!, 'held_by_customs_forever', { message: 'Held' });
    const { body, headers } = fake.signedWebhook(event);
    const update = parse(body, headers);
    expect(update?.status).toBe('unknown');
    expect(update?.details.at(-1)?.status).toBe('unknown');
  });

  it('refuses a signed body that is not JSON', () => {
    const { body, headers } = fake.signedWebhook('tracker.updated, but not JSON');
    expect(thrown(() => parse(body, headers))).toMatchObject({ kind: 'refused', message: 'Webhook body is not JSON' });
  });
});
