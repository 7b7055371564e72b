import type EasyPost from '@easypost/api';
import { z } from 'zod';
import { LabelProviderError, type TrackingDetail, type TrackingStatus, type TrackingUpdate } from './label-provider.ts';

/**
 * EasyPost's tracking webhooks: an Event signed with the webhook's secret in `X-Hmac-Signature`,
 * checked by the SDK's own `Utils.validateWebhook`: the HMAC-SHA256 of the raw body, keyed with the
 * NFKD form of the secret, compared in constant time (it hashes a whole-number `"weight": 5` as
 * `5.0`, the way EasyPost writes weights). The signature carries no timestamp, so a replayed event
 * verifies: it changes nothing because the store keeps each scan once and moves a parcel's state
 * only with a newer scan (tracking.ts), not because it keeps event ids.
 */

const STATUSES: readonly TrackingStatus[] = [
  'unknown',
  'pre_transit',
  'in_transit',
  'out_for_delivery',
  'delivered',
  'available_for_pickup',
  'return_to_sender',
  'failure',
  'cancelled',
  'error',
];

const LocationSchema = z.object({ city: z.string().nullish(), state: z.string().nullish(), zip: z.string().nullish() }).nullish();

const TrackerSchema = z.object({
  object: z.literal('Tracker'),
  tracking_code: z.string().min(1),
  status: z.string().nullish(),
  est_delivery_date: z.string().nullish(),
  public_url: z.string().nullish(),
  tracking_details: z
    .array(
      z.object({
        datetime: z.string(),
        status: z.string().nullish(),
        message: z.string().nullish(),
        tracking_location: LocationSchema,
      }),
    )
    .nullish(),
});

const EventSchema = z.object({ id: z.string().min(1), description: z.string(), result: z.unknown() });

const TRACKER_EVENTS = new Set(['tracker.created', 'tracker.updated']);

/** Statuses a newer EasyPost may add are 'unknown' to the store rather than an error. */
export const trackingStatus = (s: string | null | undefined): TrackingStatus =>
  STATUSES.find((known) => known === s) ?? 'unknown';

/** "2025-05-12T00:00:00Z" → "2025-05-12"; null when EasyPost gives no date. */
export function isoDate(text: string | null | undefined): string | null {
  const m = /^(\d{4}-\d{2}-\d{2})/.exec(text ?? '');
  return m?.[1] ?? null;
}

/** "HOUSTON, TX 77063", "TX 77063", or null when the carrier named no place. */
function place(loc: z.infer<typeof LocationSchema>): string | null {
  const region = [loc?.state, loc?.zip].filter(Boolean).join(' ');
  return [loc?.city, region].filter(Boolean).join(', ') || null;
}

const isJson = (rawBody: Buffer): boolean => {
  try {
    JSON.parse(rawBody.toString('utf8'));
    return true;
  } catch {
    return false;
  }
};

/** The event EasyPost signed, parsed, or the store's refusal. The SDK reads the header as `X-Hmac-Signature` or `x-hmac-signature` (Node's spelling). */
function verifiedEvent(
  rawBody: Buffer,
  headers: Record<string, string | string[] | undefined>,
  secret: string,
  sdk: InstanceType<typeof EasyPost>,
): unknown {
  try {
    return sdk.Utils.validateWebhook(rawBody, headers, secret);
  } catch {
    // The SDK answers a signed body that is not JSON as a signature that does not match; the
    // store says which it is. Nothing of the body is used unless the signature matched.
    throw new LabelProviderError('refused', isJson(rawBody) ? 'Webhook signature does not match' : 'Webhook body is not JSON');
  }
}

/** A verified webhook body: the tracking update it carries, or null for an event about anything else. */
export function parseEasyPostWebhook(
  rawBody: Buffer,
  headers: Record<string, string | string[] | undefined>,
  secret: string,
  sdk: InstanceType<typeof EasyPost>,
): TrackingUpdate | null {
  const event = EventSchema.safeParse(verifiedEvent(rawBody, headers, secret, sdk));
  if (!event.success) throw new LabelProviderError('refused', 'Webhook body is not an EasyPost event');
  const { id, description, result } = event.data;
  const isTracker = (result as { object?: unknown } | null)?.object === 'Tracker';
  if (!TRACKER_EVENTS.has(description) || !isTracker) return null;

  const tracker = TrackerSchema.safeParse(result);
  if (!tracker.success) throw new LabelProviderError('refused', `Tracker event ${id} lacks the tracker's code or scans`);
  const t = tracker.data;
  const details: TrackingDetail[] = (t.tracking_details ?? [])
    .map((d) => ({ time: Date.parse(d.datetime), d }))
    // A scan without a readable time cannot be placed in the parcel's history.
    .filter(({ time }) => Number.isFinite(time))
    .sort((a, b) => a.time - b.time)
    .map(({ time, d }) => ({
      at: new Date(time).toISOString(),
      status: trackingStatus(d.status),
      message: d.message ?? '',
      location: place(d.tracking_location),
    }));
  return {
    eventId: id,
    trackingCode: t.tracking_code,
    status: trackingStatus(t.status),
    estimatedDeliveryDate: isoDate(t.est_delivery_date),
    publicUrl: t.public_url ?? null,
    details,
  };
}
