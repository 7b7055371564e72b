import { createHmac, randomBytes, randomInt } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PDFDocument, StandardFonts } from 'pdf-lib';

/**
 * A local fake of the part of EasyPost's API v2 that the store's provider calls through the real
 * `@easypost/api` SDK, shaped like EasyPost's documented responses: Shipments (create with rates,
 * retrieve, buy, refund), the label file the buy points to, a public tracking page, and signed
 * `tracker.updated` webhooks.
 *
 * Rules, as EasyPost applies them: the API key comes as HTTP Basic user name with no password; an
 * address needs street1, city, state, zip and country, and ZIP 00000 is one it cannot verify; the
 * parcel needs a positive weight (ounces); USPS carries up to 70 lb (1120 oz) and UPS up to 150 lb
 * (2400 oz), heavier parcels get no rate and a carrier message instead; a shipment is bought once
 * and refunded once. A return (`is_return`) keeps the addresses as sent and travels from
 * `to_address` back to `from_address`. The `hazmat` option takes the values EasyPost documents
 * (its Options object); a hazmat shipment is still quoted every service, but buying an air one
 * (USPS Priority) is refused, as the carriers refuse dangerous goods by air.
 */

export const FAKE_EASYPOST = {
  apiKey: 'EZTK0fake0store0123456789abcdef0123',
  // The ligature "ﬁ" is "fi" in NFKD, the form EasyPost keys its signatures with.
  webhookSecret: 'whsec-fake-easypost-ﬁle-secret',
};

export interface FakeRate {
  id: string;
  object: 'Rate';
  mode: 'test';
  created_at: string;
  updated_at: string;
  carrier: string;
  service: string;
  rate: string;
  currency: 'USD';
  retail_rate: string;
  list_rate: string;
  delivery_days: number;
  est_delivery_days: number;
  delivery_date: string | null;
  delivery_date_guaranteed: boolean;
  shipment_id: string;
  carrier_account_id: string;
}

export interface FakeTrackingDetail {
  object: 'TrackingDetail';
  message: string;
  description: string;
  status: string;
  status_detail: string;
  datetime: string;
  source: string;
  tracking_location: {
    object: 'TrackingLocation';
    city: string | null;
    state: string | null;
    country: string | null;
    zip: string | null;
  };
}

export interface FakeTracker {
  id: string;
  object: 'Tracker';
  mode: 'test';
  tracking_code: string;
  status: string;
  status_detail: string;
  created_at: string;
  updated_at: string;
  signed_by: string | null;
  weight: number | null;
  est_delivery_date: string | null;
  shipment_id: string;
  carrier: string;
  tracking_details: FakeTrackingDetail[];
  fees: never[];
  carrier_detail: null;
  public_url: string;
  is_return: boolean;
}

type Json = Record<string, unknown>;

export interface FakeShipment {
  id: string;
  object: 'Shipment';
  mode: 'test';
  created_at: string;
  updated_at: string;
  is_return: boolean;
  reference: string | null;
  status: string;
  messages: { carrier: string; carrier_account_id: string; type: 'rate_error'; message: string }[];
  options: Json;
  to_address: Json;
  from_address: Json;
  return_address: Json;
  buyer_address: Json;
  parcel: Json & { weight: number };
  rates: FakeRate[];
  selected_rate: FakeRate | null;
  postage_label: Json | null;
  tracking_code: string | null;
  tracker: FakeTracker | null;
  refund_status: 'submitted' | 'refunded' | 'rejected' | null;
  fees: Json[];
}

export interface FakeEasyPostRequest {
  method: string;
  path: string;
  body: unknown;
}

export interface FakeEvent {
  id: string;
  object: 'Event';
  mode: 'test';
  description: string;
  previous_attributes: Json;
  created_at: string;
  updated_at: string;
  pending_urls: string[];
  completed_urls: string[];
  user_id: string;
  status: string;
  result: unknown;
}

export interface FakeEasyPost {
  url: string;
  /** Every request received, API and label files alike, oldest first (tests may empty it). */
  requests: FakeEasyPostRequest[];
  /** The next `count` requests (those whose path starts with `pathPrefix`, if given) answer `status`. */
  failNext(count: number, status?: number, pathPrefix?: string): void;
  /** The next `count` requests wait `ms` before they are answered. */
  stall(ms: number, count?: number): void;
  /** A copy of every shipment created so far. */
  shipments(): FakeShipment[];
  /** A scan of a bought parcel: adds it to its tracker and returns the `tracker.updated` Event EasyPost would send. */
  trackerEvent(
    trackingCode: string,
    status: string,
    detail: { message: string; location?: { city: string; state: string; zip: string }; at?: Date },
  ): FakeEvent;
  /** An event's body and headers as EasyPost posts them to a webhook (a string body is sent as it is). */
  signedWebhook(event: object | string, secret?: string): { body: string; headers: Record<string, string> };
  close(): Promise<void>;
}

const hex = (bytes = 16) => randomBytes(bytes).toString('hex');
const digits = (n: number) => Array.from({ length: n }, () => randomInt(10)).join('');
const now = () => new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
const dayAfter = (days: number) => `${new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)}T00:00:00Z`;
const price = (cents: number) => (cents / 100).toFixed(2);

/** The three services priced from the weight, as a fixed table so tests can check the cents. */
const SERVICES = [
  { carrier: 'UPS', service: 'Ground', baseCents: 1075, perOunceCents: 9, days: 3, maxOunces: 2400, dated: true },
  { carrier: 'USPS', service: 'Priority', baseCents: 905, perOunceCents: 18, days: 2, maxOunces: 1120, dated: false },
  { carrier: 'USPS', service: 'GroundAdvantage', baseCents: 540, perOunceCents: 12, days: 4, maxOunces: 1120, dated: false },
];
const ACCOUNTS: Record<string, string> = {
  USPS: 'ca_9685a1198a75477885a3cdca37559bac',
  UPS: 'ca_2f3c6d0f1b1e4a1c9d5e7f8a9b0c1d2e',
};

/** The fake's cents for a service at a weight (what its rate strings say). */
export function fakeRateCents(service: string, ounces: number): number {
  const s = SERVICES.find((x) => x.service === service);
  if (!s) throw new Error(`no service ${service}`);
  return s.baseCents + s.perOunceCents * Math.ceil(ounces);
}

const apiError = (status: number, code: string, message: string, errors: unknown[] = []) => ({
  status,
  body: { error: { code, message, errors } },
});
const notFound = () => apiError(404, 'NOT_FOUND', 'The requested resource could not be found.');

const ADDRESS_FIELDS = ['street1', 'city', 'state', 'zip', 'country'] as const;

/** EasyPost's `options.hazmat` values (its Options object, and the SDK's type). */
const HAZMAT_VALUES = [
  'PRIMARY_CONTAINED',
  'PRIMARY_PACKED',
  'PRIMARY',
  'SECONDARY_CONTAINED',
  'SECONDARY_PACKED',
  'SECONDARY',
  'ORMD',
  'LIMITED_QUANTITY',
  'LITHIUM',
];
/** The fake's services that travel by ground; the others fly. */
const GROUND = new Set(['UPS Ground', 'USPS GroundAdvantage']);

function addressOf(input: unknown): Json {
  const a = (input ?? {}) as Json;
  const text = (k: string) => (typeof a[k] === 'string' ? (a[k] as string) : null);
  return {
    id: `adr_${hex()}`,
    object: 'Address',
    mode: 'test',
    created_at: now(),
    updated_at: now(),
    name: text('name'),
    company: text('company'),
    street1: text('street1'),
    street2: text('street2'),
    city: text('city'),
    state: text('state'),
    zip: text('zip'),
    country: text('country'),
    phone: text('phone'),
    email: text('email'),
    residential: null,
    verifications: {},
  };
}

function missingFields(shipment: Json): { field: string; message: string }[] {
  const out: { field: string; message: string }[] = [];
  for (const side of ['to_address', 'from_address']) {
    const a = (shipment[side] ?? {}) as Json;
    for (const f of ADDRESS_FIELDS) {
      if (typeof a[f] !== 'string' || !(a[f] as string).trim()) out.push({ field: `${side}.${f}`, message: 'cannot be blank' });
    }
  }
  return out;
}

async function labelPdf(s: FakeShipment): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([288, 432]);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const ascii = (t: unknown) => String(t ?? '').replace(/[^\x20-\x7e]/g, '?');
  // A return travels from the shopper (to_address) back to the store (from_address).
  const [sender, recipient] = s.is_return ? [s.to_address, s.from_address] : [s.from_address, s.to_address];
  const lines = (a: Json) => [a.name, a.street1, `${ascii(a.city)}, ${ascii(a.state)} ${ascii(a.zip)}`].map(ascii);
  let y = 400;
  const write = (text: string, size: number, f = font) => {
    page.drawText(text, { x: 14, y, size, font: f });
    y -= size * 1.4;
  };
  write(`${s.selected_rate?.carrier} ${s.selected_rate?.service}`, 16, bold);
  write('FROM', 7, bold);
  for (const l of lines(sender)) write(l, 8);
  write('SHIP TO', 8, bold);
  for (const l of lines(recipient)) write(l, 12, bold);
  write(`TRACKING # ${s.tracking_code}`, 11, bold);
  if (s.is_return) write('RETURN', 11, bold);
  return Buffer.from(await doc.save());
}

export async function startFakeEasyPost(): Promise<FakeEasyPost> {
  const shipments = new Map<string, FakeShipment>();
  const trackers = new Map<string, FakeTracker>();
  const labels = new Map<string, FakeShipment>();
  const requests: FakeEasyPostRequest[] = [];
  const failures: { status: number; pathPrefix: string }[] = [];
  const stalls: number[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const expectedAuth = `Basic ${Buffer.from(`${FAKE_EASYPOST.apiKey}:`).toString('base64')}`;
  let url = '';

  function createShipment(body: Json) {
    const input = body.shipment as Json | undefined;
    if (!input || typeof input !== 'object') {
      return apiError(422, 'PARAMETER.REQUIRED', 'Missing required parameter.', [
        { field: 'shipment', message: 'cannot be blank' },
      ]);
    }
    const missing = missingFields(input);
    if (missing.length) return apiError(422, 'PARAMETER.REQUIRED', 'Missing required parameter.', missing);
    const weight = Number((input.parcel as Json | undefined)?.weight);
    if (!(weight > 0)) {
      return apiError(422, 'PARCEL.PARAMETERS.INVALID', 'Invalid parcel parameters.', [
        { field: 'parcel.weight', message: 'must be greater than 0' },
      ]);
    }
    for (const side of ['to_address', 'from_address']) {
      if ((input[side] as Json).zip === '00000') {
        return apiError(422, 'ADDRESS.VERIFY.FAILURE', 'Unable to verify address.', [
          { code: 'E.ADDRESS.NOT_FOUND', field: 'address', message: 'Address not found', suggestion: null },
        ]);
      }
    }
    const hazmat = (input.options as Json | undefined)?.hazmat;
    if (hazmat !== undefined && hazmat !== null && !HAZMAT_VALUES.includes(String(hazmat))) {
      return apiError(422, 'SHIPMENT.INVALID_PARAMS', 'Invalid hazmat option.', [
        { field: 'options.hazmat', message: `must be one of ${HAZMAT_VALUES.join(', ')}` },
      ]);
    }
    const id = `shp_${hex()}`;
    const to = addressOf(input.to_address);
    const from = addressOf(input.from_address);
    const rates: FakeRate[] = [];
    const messages: FakeShipment['messages'] = [];
    for (const s of SERVICES) {
      if (weight > s.maxOunces) {
        const message = `${s.service}: the parcel's weight exceeds the carrier's maximum of ${s.maxOunces} oz.`;
        if (!messages.some((m) => m.carrier === s.carrier)) {
          messages.push({ carrier: s.carrier, carrier_account_id: ACCOUNTS[s.carrier] ?? '', type: 'rate_error', message });
        }
        continue;
      }
      const cents = fakeRateCents(s.service, weight);
      rates.push({
        id: `rate_${hex()}`,
        object: 'Rate',
        mode: 'test',
        created_at: now(),
        updated_at: now(),
        carrier: s.carrier,
        service: s.service,
        rate: price(cents),
        currency: 'USD',
        retail_rate: price(Math.round(cents * 1.3)),
        list_rate: price(cents),
        delivery_days: s.days,
        est_delivery_days: s.days,
        delivery_date: s.dated ? dayAfter(s.days) : null,
        delivery_date_guaranteed: false,
        shipment_id: id,
        carrier_account_id: ACCOUNTS[s.carrier] ?? '',
      });
    }
    const shipment: FakeShipment = {
      id,
      object: 'Shipment',
      mode: 'test',
      created_at: now(),
      updated_at: now(),
      is_return: input.is_return === true,
      reference: typeof input.reference === 'string' ? input.reference : null,
      status: 'unknown',
      messages,
      options: { ...((input.options as Json | undefined) ?? {}), currency: 'USD', payment: { type: 'SENDER' }, date_advance: 0 },
      to_address: to,
      from_address: from,
      return_address: from,
      buyer_address: to,
      parcel: { id: `prcl_${hex()}`, object: 'Parcel', mode: 'test', weight, length: null, width: null, height: null },
      rates,
      selected_rate: null,
      postage_label: null,
      tracking_code: null,
      tracker: null,
      refund_status: null,
      fees: [],
    };
    shipments.set(id, shipment);
    return { status: 201, body: shipment };
  }

  function buy(s: FakeShipment, body: Json) {
    if (s.postage_label) return apiError(422, 'SHIPMENT.POSTAGE.EXISTS', 'Postage already exists for this shipment.');
    const rateId = (body.rate as Json | undefined)?.id;
    const rate = s.rates.find((r) => r.id === rateId);
    if (!rate) {
      return apiError(422, 'SHIPMENT.INVALID_PARAMS', 'The rate is not one of this shipment\u2019s rates.', [
        { field: 'rate.id', message: `${String(rateId)} is not a rate of ${s.id}` },
      ]);
    }
    if (s.options.hazmat && !GROUND.has(`${rate.carrier} ${rate.service}`)) {
      return apiError(
        422,
        'SHIPMENT.POSTAGE.FAILURE',
        `${rate.carrier} ${rate.service} does not accept hazmat ${String(s.options.hazmat)} shipments: dangerous goods travel by ground only.`,
      );
    }
    const code = rate.carrier === 'UPS' ? `1Z${hex(8).toUpperCase()}` : `9400${digits(18)}`;
    const labelId = `pl_${hex()}`;
    const file = `${url}/files/postage_label/${labelId}.pdf`;
    const tracker: FakeTracker = {
      id: `trk_${hex()}`,
      object: 'Tracker',
      mode: 'test',
      tracking_code: code,
      status: 'pre_transit',
      status_detail: 'status_update',
      created_at: now(),
      updated_at: now(),
      signed_by: null,
      weight: null,
      est_delivery_date: dayAfter(rate.delivery_days),
      shipment_id: s.id,
      carrier: rate.carrier,
      tracking_details: [
        {
          object: 'TrackingDetail',
          message: `Pre-Shipment Info Sent to ${rate.carrier}`,
          description: '',
          status: 'pre_transit',
          status_detail: 'status_update',
          datetime: now(),
          source: rate.carrier,
          tracking_location: { object: 'TrackingLocation', city: null, state: null, country: null, zip: null },
        },
      ],
      fees: [],
      carrier_detail: null,
      public_url: `${url}/track/${code}`,
      is_return: s.is_return,
    };
    Object.assign(s, {
      updated_at: now(),
      selected_rate: rate,
      tracking_code: code,
      tracker,
      postage_label: {
        object: 'PostageLabel',
        id: labelId,
        created_at: now(),
        updated_at: now(),
        date_advance: 0,
        integrated_form: 'none',
        label_date: now(),
        label_resolution: 300,
        label_size: '4x6',
        label_type: 'default',
        label_file_type: 'application/pdf',
        label_url: file,
        label_pdf_url: file,
        label_zpl_url: null,
        label_epl2_url: null,
        label_file: null,
      },
      fees: [{ object: 'Fee', type: 'PostageFee', amount: `${rate.rate}000`, charged: true, refunded: false }],
    });
    trackers.set(code, tracker);
    labels.set(labelId, s);
    return { status: 200, body: s };
  }

  function refund(s: FakeShipment) {
    if (!s.postage_label) {
      return apiError(422, 'SHIPMENT.REFUND.UNAVAILABLE', 'Unable to refund a shipment that has not been purchased.');
    }
    if (s.refund_status)
      return apiError(422, 'SHIPMENT.REFUND.FAILURE', 'A refund has already been submitted for this shipment.');
    Object.assign(s, { refund_status: 'submitted', updated_at: now() });
    return { status: 200, body: s };
  }

  function api(method: string, path: string, body: Json) {
    if (method === 'POST' && path === '/v2/shipments') return createShipment(body);
    const m = /^\/v2\/shipments\/([^/]+)(\/buy|\/refund)?$/.exec(path);
    if (!m?.[1]) return notFound();
    const s = shipments.get(m[1]);
    if (!s) return notFound();
    if (method === 'GET' && !m[2]) return { status: 200, body: s };
    if (method === 'POST' && m[2] === '/buy') return buy(s, body);
    if (method === 'POST' && m[2] === '/refund') return refund(s);
    return apiError(405, 'METHOD_NOT_ALLOWED', 'Method not allowed.');
  }

  async function answer(req: http.IncomingMessage, raw: string, path: string) {
    const failure = failures.findIndex((f) => path.startsWith(f.pathPrefix));
    if (failure >= 0) {
      const { status } = failures.splice(failure, 1)[0]!;
      const code = status === 503 ? 'SERVICE_UNAVAILABLE' : status >= 500 ? 'INTERNAL_SERVER_ERROR' : 'BAD_REQUEST';
      return { ...apiError(status, code, `The fake answered ${status} as it was told to.`), type: 'json' as const };
    }
    const file = /^\/files\/postage_label\/(pl_[0-9a-f]+)\.pdf$/.exec(path);
    if (req.method === 'GET' && file?.[1]) {
      const s = labels.get(file[1]);
      if (!s) return { ...notFound(), type: 'json' as const };
      return { status: 200, body: await labelPdf(s), type: 'pdf' as const };
    }
    const track = /^\/track\/([A-Za-z0-9]+)$/.exec(path);
    if (req.method === 'GET' && track?.[1]) {
      const t = trackers.get(track[1]);
      if (!t) return { ...notFound(), type: 'json' as const };
      return {
        status: 200,
        body: `<!doctype html><title>Tracking ${t.tracking_code}</title><p>${t.status}</p>`,
        type: 'html' as const,
      };
    }
    if (req.headers.authorization !== expectedAuth) {
      const message = req.headers.authorization ? 'The API key provided is invalid.' : 'API key required.';
      return {
        ...apiError(401, req.headers.authorization ? 'APIKEY.INVALID' : 'APIKEY.REQUIRED', message),
        type: 'json' as const,
      };
    }
    let body: Json = {};
    try {
      body = raw ? (JSON.parse(raw) as Json) : {};
    } catch {
      return { ...apiError(400, 'BAD_REQUEST', 'The request body is not JSON.'), type: 'json' as const };
    }
    return { ...api(req.method ?? '', path, body), type: 'json' as const };
  }

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => {
      raw += c.toString('utf8');
    });
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://fake').pathname;
      let parsed: unknown = null;
      try {
        parsed = raw ? JSON.parse(raw) : null;
      } catch {
        parsed = raw;
      }
      requests.push({ method: req.method ?? '', path, body: parsed });
      const delay = stalls.shift() ?? 0;
      const reply = async () => {
        const a = await answer(req, raw, path);
        if (res.destroyed) return; // the client gave up waiting
        const type = { json: 'application/json; charset=utf-8', pdf: 'application/pdf', html: 'text/html; charset=utf-8' }[
          a.type
        ];
        res.writeHead(a.status, { 'content-type': type, 'x-ep-request-uuid': hex() });
        res.end(a.type === 'json' ? JSON.stringify(a.body) : a.body);
      };
      if (!delay) return void reply();
      const timer = setTimeout(() => {
        timers.delete(timer);
        void reply();
      }, delay);
      timers.add(timer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    requests,
    failNext(count, status = 503, pathPrefix = '') {
      for (let i = 0; i < count; i++) failures.push({ status, pathPrefix });
    },
    stall(ms, count = 1) {
      for (let i = 0; i < count; i++) stalls.push(ms);
    },
    shipments: () => structuredClone([...shipments.values()]),
    trackerEvent(trackingCode, status, detail) {
      const t = trackers.get(trackingCode);
      if (!t) throw new Error(`no tracker for ${trackingCode}`);
      const previous = t.status;
      const loc = detail.location;
      t.tracking_details.push({
        object: 'TrackingDetail',
        message: detail.message,
        description: '',
        status,
        status_detail: 'status_update',
        datetime: (detail.at ?? new Date()).toISOString().replace(/\.\d{3}Z$/, 'Z'),
        source: t.carrier,
        tracking_location: {
          object: 'TrackingLocation',
          city: loc?.city ?? null,
          state: loc?.state ?? null,
          country: loc ? 'US' : null,
          zip: loc?.zip ?? null,
        },
      });
      Object.assign(t, { status, updated_at: now() });
      return {
        id: `evt_${hex()}`,
        object: 'Event',
        mode: 'test',
        description: 'tracker.updated',
        previous_attributes: { status: previous },
        created_at: now(),
        updated_at: now(),
        pending_urls: [],
        completed_urls: [],
        user_id: 'user_060ab38db3c04ffaa60f262e5781a9be',
        status: 'pending',
        result: structuredClone(t),
      };
    },
    signedWebhook(event, secret = FAKE_EASYPOST.webhookSecret) {
      const body = typeof event === 'string' ? event : JSON.stringify(event);
      const key = Buffer.from(secret.normalize('NFKD'), 'utf8');
      const signature = `hmac-sha256-hex=${createHmac('sha256', key).update(body, 'utf8').digest('hex')}`;
      return { body, headers: { 'Content-Type': 'application/json', 'X-Hmac-Signature': signature } };
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const t of timers) clearTimeout(t);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
