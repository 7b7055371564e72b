import { z } from 'zod';
import { isoTime } from './response-schemas.ts';
import {
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_EVENT_TYPES,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEndpointWithSecret,
} from './webhooks.ts';

/** Webhooks' answers to the owner (docs/decisions/0023, 0058). */

const endpointFields = {
  id: z.number().int(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  enabled: z.boolean(),
  createdAt: isoTime,
};

export const WebhookEndpointSchema = z
  .object(endpointFields)
  .meta({ id: 'WebhookEndpoint' }) satisfies z.ZodType<WebhookEndpoint>;

export const WebhookEndpointListSchema = z.array(WebhookEndpointSchema).meta({ id: 'WebhookEndpointList' });

export const WebhookEndpointWithSecretSchema = z
  .object({
    ...endpointFields,
    secret: z.string().describe('whsec_ and the base64 of the signing key (Standard Webhooks); shown in this answer only'),
  })
  .meta({ id: 'WebhookEndpointWithSecret' }) satisfies z.ZodType<WebhookEndpointWithSecret>;

export const WebhookDeliverySchema = z
  .object({
    id: z.number().int(),
    eventId: z.string().describe('The webhook-id header of every attempt'),
    eventType: z.string(),
    status: z.enum(WEBHOOK_DELIVERY_STATUSES),
    attempts: z.number().int(),
    lastStatusCode: z.number().int().nullable(),
    lastError: z.string().nullable(),
    lastResponse: z.string().nullable().describe("The start of the receiver's last answer (at most 200 characters)"),
    lastAttemptAt: isoTime.nullable(),
    nextAttemptAt: isoTime.nullable(),
    deliveredAt: isoTime.nullable(),
    createdAt: isoTime,
  })
  .meta({ id: 'WebhookDelivery' }) satisfies z.ZodType<WebhookDelivery>;

export const WebhookDeliveryListSchema = z.array(WebhookDeliverySchema).meta({ id: 'WebhookDeliveryList' });
