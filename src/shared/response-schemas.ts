import { z } from 'zod';

/**
 * Pieces the API's answers share (docs/decisions/0023). Each domain's answers are in its
 * `*-response-schemas.ts`, typed by the shared interfaces (`satisfies z.ZodType<…>`) so a field
 * changed on one side only fails the compiler; Fastify validates every answer against them.
 * Server-only: the pages parse none of these, so they stay out of the browser's bundles.
 */

/** Dollars as a decimal string, as every amount leaves the store. */
export const moneyText = z
  .string()
  .regex(/^\d+\.\d{2}$/)
  .describe('USD, a decimal string such as "18.99"');

export const isoTime = z.string().describe('ISO 8601 time');

/** A UTC day, YYYY-MM-DD. */
export const utcDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const SuccessSchema = z.object({ success: z.literal(true) }).meta({ id: 'Success' });

/** A provider's event received (Stripe, EasyPost): whether it changed something or was ignored. */
export const WebhookReceivedSchema = z.object({ received: z.literal(true) }).meta({ id: 'WebhookReceived' });
