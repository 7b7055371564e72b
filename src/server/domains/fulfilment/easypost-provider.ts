import EasyPost from '@easypost/api';
import { parseCents } from '#shared/money.ts';
import { isoDate, parseEasyPostWebhook } from './easypost-webhooks.ts';
import { NO_GROUND_RATE, ratesFor } from './ground-only.ts';
import { type Address, type Label, type LabelProvider, LabelProviderError, type Rate } from './label-provider.ts';

/**
 * EasyPost through its own SDK (docs/decisions/0036): a Shipment per parcel quotes the carriers'
 * rates, buying one yields a 4×6 PDF label and a Tracker, and tracking arrives as signed webhooks
 * (easypost-webhooks.ts), checked by the SDK. One client serves both; the SDK is loaded only in a
 * store whose provider is EasyPost (app.ts imports this module then), since the webhook check is
 * synchronous.
 */

export interface EasyPostSettings {
  apiKey: string;
  /** Another API origin (a local fake); EasyPost's own when undefined. */
  apiUrl?: string | undefined;
  webhookSecret: string;
  /** How long one call to EasyPost, or one label download, may take. */
  timeoutMs?: number | undefined;
}

/** The parts of EasyPost's JSON the store reads; the SDK's own types call non-null what EasyPost sends as null. */
interface EpRate {
  id: string;
  carrier: string;
  service: string;
  rate: string;
  delivery_days?: number | null;
  est_delivery_days?: number | null;
  delivery_date?: string | null;
}
interface EpShipment {
  id: string;
  rates?: EpRate[] | null;
  messages?: { carrier?: string | null; message?: string | null }[] | null;
  selected_rate?: EpRate | null;
  tracking_code?: string | null;
  postage_label?: { label_url?: string | null; label_pdf_url?: string | null } | null;
  tracker?: { public_url?: string | null; est_delivery_date?: string | null } | null;
  refund_status?: string | null;
}

const UNAVAILABLE = 'EasyPost did not answer; try again in a moment';
const GRAMS_PER_OUNCE = 28.349523125;

/** EasyPost weighs in ounces; rounded up to the tenth it accepts, so the parcel is never under-declared. */
export function ouncesOf(grams: number): number {
  // toFixed first: 453.59237 g is 16 oz exactly, not 16.000000000000004 rounded up to 16.1.
  return Math.ceil(Number(((grams * 10) / GRAMS_PER_OUNCE).toFixed(6))) / 10;
}

const toEasyPostAddress = (a: Address) => ({
  name: a.name,
  street1: a.street,
  city: a.city,
  state: a.state,
  zip: a.zip,
  country: a.country,
  ...(a.phone ? { phone: a.phone } : {}),
});

/** EasyPost's error (message and field errors) in one sentence, never the API key. */
function refusal(err: { message?: unknown; errors?: unknown }, apiKey: string): LabelProviderError {
  const main = typeof err.message === 'string' && err.message ? err.message : 'EasyPost refused the request';
  const fields = (Array.isArray(err.errors) ? err.errors : [])
    .map((e: unknown) => {
      if (typeof e === 'string') return e;
      const { field, message } = (e ?? {}) as { field?: unknown; message?: unknown };
      if (typeof message !== 'string') return '';
      return typeof field === 'string' && field ? `${field}: ${message}` : message;
    })
    .filter((m) => m && !main.includes(m));
  const text = fields.length ? `${main} (${fields.join('; ')})` : main;
  return new LabelProviderError('refused', apiKey ? text.replaceAll(apiKey, '[API key]') : text);
}

/**
 * Any failure as the store's error: EasyPost's 4xx answers are refusals in its own words; timeouts,
 * lost connections, 5xx, 408 and 429 mean "try again". The original error is not kept as the cause:
 * the HTTP library's error holds the request, Authorization header included.
 */
function asProviderError(err: unknown, apiKey: string): LabelProviderError {
  if (err instanceof LabelProviderError) return err;
  const status = (err as { statusCode?: unknown } | null)?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500 && status !== 408 && status !== 429) {
    return refusal(err as { message?: unknown; errors?: unknown }, apiKey);
  }
  return new LabelProviderError('unavailable', UNAVAILABLE);
}

/** EasyPost prices as "8.20"; anything else is refused rather than guessed at. */
function centsOf(price: string): number {
  try {
    return parseCents(price);
  } catch {
    throw new LabelProviderError('refused', `EasyPost quoted a price the store cannot read: ${price}`);
  }
}

const toRate = (r: EpRate): Rate => ({
  id: r.id,
  carrier: r.carrier,
  service: r.service,
  costCents: centsOf(r.rate),
  deliveryDays: r.delivery_days ?? r.est_delivery_days ?? null,
});

export function createEasyPostProvider(opts: EasyPostSettings): LabelProvider {
  const timeoutMs = opts.timeoutMs ?? 20_000;
  const client = new EasyPost(opts.apiKey, {
    ...(opts.apiUrl ? { baseUrl: `${opts.apiUrl.replace(/\/+$/, '')}/v2/` } : {}),
    timeout: timeoutMs,
    // The SDK (8.9) keeps `timeout` but never applies it; superagent's own limit does.
    requestMiddleware: (request: { timeout(t: { response: number; deadline: number }): unknown }) =>
      request.timeout({ response: timeoutMs, deadline: timeoutMs }),
  });

  async function call<T>(work: (ep: InstanceType<typeof EasyPost>) => Promise<unknown>): Promise<T> {
    try {
      return (await work(client)) as T;
    } catch (err) {
      throw asProviderError(err, opts.apiKey);
    }
  }

  /** The label file, which EasyPost serves from its file store without the API key. */
  async function download(url: string | null | undefined): Promise<Buffer> {
    if (!url) throw new LabelProviderError('unavailable', 'EasyPost sent no label file; try again in a moment');
    let res: Response;
    try {
      res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    } catch {
      throw new LabelProviderError('unavailable', UNAVAILABLE);
    }
    if (!res.ok) throw new LabelProviderError('unavailable', `EasyPost's label file did not download (HTTP ${res.status})`);
    const pdf = Buffer.from(await res.arrayBuffer());
    if (pdf.subarray(0, 4).toString('latin1') !== '%PDF') {
      throw new LabelProviderError('refused', 'EasyPost sent a label that is not a PDF');
    }
    return pdf;
  }

  return {
    name: 'easypost',
    tracks: true,

    async quote(req) {
      // A return keeps the outbound addresses, and EasyPost swaps them (its Returns guide).
      const shipment = await call<EpShipment>((ep) =>
        ep.Shipment.create({
          to_address: toEasyPostAddress(req.shipTo),
          from_address: toEasyPostAddress(req.shipFrom),
          parcel: { weight: ouncesOf(req.weightGrams) },
          ...(req.isReturn ? { is_return: true } : {}),
          reference: req.reference,
          // EasyPost's `hazmat` option declares the limited quantity to the carrier (docs/decisions/0046).
          options: { label_format: 'PDF', label_size: '4x6', ...(req.limitedQuantity ? { hazmat: 'LIMITED_QUANTITY' } : {}) },
        }),
      );
      const offered = (shipment.rates ?? []).map(toRate).sort((a, b) => a.costCents - b.costCents);
      const rates = ratesFor(Boolean(req.limitedQuantity), offered);
      if (offered.length > 0 && rates.length === 0) throw new LabelProviderError('refused', `${NO_GROUND_RATE}.`);
      if (rates.length === 0) {
        const said = (shipment.messages ?? []).map((m) => [m.carrier, m.message].filter(Boolean).join(': ')).filter(Boolean);
        const why = said.length ? ` The carriers said: ${said.join('; ')}.` : '';
        throw new LabelProviderError('refused', `No carrier offered a rate for this parcel.${why}`);
      }
      return { shipmentId: shipment.id, rates };
    },

    async buy(_req, chosen): Promise<Label> {
      const bought = await call<EpShipment>((ep) => ep.Shipment.buy(chosen.shipmentId, chosen.rateId));
      const rate = bought.selected_rate;
      if (!rate) throw new LabelProviderError('unavailable', `EasyPost bought no rate for shipment ${bought.id}`);
      let pdf: Buffer;
      try {
        pdf = await download(bought.postage_label?.label_pdf_url ?? bought.postage_label?.label_url);
      } catch (err) {
        // The postage is paid but the store has no label to print: ask for the money back, so a
        // failed buy costs nothing and the next attempt starts from a fresh quote.
        await call((ep) => ep.Shipment.refund(bought.id)).catch(() => undefined);
        throw err;
      }
      return {
        shipmentId: bought.id,
        trackingNumber: bought.tracking_code ?? null,
        carrier: rate.carrier,
        service: rate.service,
        costCents: centsOf(rate.rate),
        pdf,
        trackingUrl: bought.tracker?.public_url ?? null,
        estimatedDeliveryDate: isoDate(rate.delivery_date) ?? isoDate(bought.tracker?.est_delivery_date),
      };
    },

    async void(label) {
      const refunded = await call<EpShipment>((ep) => ep.Shipment.refund(label.shipmentId));
      if (refunded.refund_status === 'rejected') {
        throw new LabelProviderError('refused', `The carrier will not refund the postage of shipment ${label.shipmentId}`);
      }
    },

    parseWebhook(rawBody, headers) {
      return parseEasyPostWebhook(rawBody, headers, opts.webhookSecret, client);
    },
  };
}
