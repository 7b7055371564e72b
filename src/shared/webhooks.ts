import { z } from 'zod';
import { idParam } from './validation.ts';

/** Webhooks out (docs/decisions/0058): the events an endpoint can take, and the owner's requests. */

export const WEBHOOK_EVENT_TYPES = [
  'order.paid',
  'order.shipped',
  'order.delivered',
  'order.refunded',
  'order.cancelled',
  'return.requested',
  'return.received',
  'product.low_stock',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** What the dashboard calls each event. */
export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  'order.paid': 'Order paid',
  'order.shipped': 'Order shipped',
  'order.delivered': 'Order delivered',
  'order.refunded': 'Order refunded (in full or in part)',
  'order.cancelled': 'Order cancelled',
  'return.requested': 'Return requested',
  'return.received': 'Return received',
  'product.low_stock': 'Product low on stock',
};

export const WEBHOOK_URL_MAX = 2000;
/** Endpoints a store may have. */
export const WEBHOOK_ENDPOINTS_MAX = 20;

const EVENTS_MESSAGE = `events must be a list of one or more of ${WEBHOOK_EVENT_TYPES.join(', ')}`;

const url = z
  .string({ error: 'url must be a text' })
  .trim()
  .min(1, 'Enter the endpoint’s URL')
  .max(WEBHOOK_URL_MAX, `The URL is too long (at most ${WEBHOOK_URL_MAX} characters)`);

const events = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, { error: EVENTS_MESSAGE }), { error: EVENTS_MESSAGE })
  .min(1, 'Choose at least one event')
  .max(WEBHOOK_EVENT_TYPES.length, EVENTS_MESSAGE)
  .transform((list) => WEBHOOK_EVENT_TYPES.filter((e) => list.includes(e)));

/** POST /api/admin/webhooks. */
export const WebhookCreateBodySchema = z.strictObject({ url, events });
export type WebhookCreateBody = z.input<typeof WebhookCreateBodySchema>;

/** PUT /api/admin/webhooks/:id: what is sent changes, the rest stays. */
export const WebhookUpdateBodySchema = z
  .strictObject({
    url: url.optional(),
    events: events.optional(),
    enabled: z.boolean({ error: 'enabled must be true or false' }).optional(),
  })
  .refine((b) => b.url !== undefined || b.events !== undefined || b.enabled !== undefined, {
    message: 'Send url, events or enabled',
  });
export type WebhookUpdateBody = z.input<typeof WebhookUpdateBodySchema>;

export const WEBHOOK_DELIVERIES_PAGE_DEFAULT = 20;
export const WEBHOOK_DELIVERIES_PAGE_MAX = 100;

/** GET /api/admin/webhooks/:id/deliveries: newest first, a page at a time (the next page in the Link header). */
export const WebhookDeliveriesQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a whole number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(WEBHOOK_DELIVERIES_PAGE_MAX, `limit must be at most ${WEBHOOK_DELIVERIES_PAGE_MAX}`)
    .default(WEBHOOK_DELIVERIES_PAGE_DEFAULT),
  cursor: idParam.optional(),
});
export type WebhookDeliveriesQuery = z.output<typeof WebhookDeliveriesQuerySchema>;

export const WebhookDeliveryParamsSchema = z.object({ id: idParam, deliveryId: idParam });

export interface WebhookEndpoint {
  id: number;
  url: string;
  events: WebhookEventType[];
  enabled: boolean;
  createdAt: string;
}

/** The endpoint as created, or with a new secret: the only answers that carry it. */
export interface WebhookEndpointWithSecret extends WebhookEndpoint {
  secret: string;
}

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'sending', 'delivered', 'failed'] as const;

export interface WebhookDelivery {
  id: number;
  /** The `webhook-id` of its every attempt. */
  eventId: string;
  eventType: string;
  status: (typeof WEBHOOK_DELIVERY_STATUSES)[number];
  attempts: number;
  lastStatusCode: number | null;
  lastError: string | null;
  /** At most the first 200 characters of the receiver's last answer. */
  lastResponse: string | null;
  lastAttemptAt: string | null;
  /** When it is tried next; null once delivered or failed. */
  nextAttemptAt: string | null;
  deliveredAt: string | null;
  createdAt: string;
}
