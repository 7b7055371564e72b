import { z } from 'zod';
import type { SubscriptionChange } from './subscription-page.ts';
import { SUBSCRIPTION_INTERVAL_MAX_WEEKS, SUBSCRIPTION_INTERVAL_MIN_WEEKS } from './subscription-states.ts';
import { singleLine } from './validation.ts';

/** What the subscription page's calls take (docs/decisions/0054); its texts and answers are in subscription-page.ts. */

/** `/api/subscriptions/:token`: the signed token; anything else answers the one 404. */
export const SubscriptionTokenParamsSchema = z.object({ token: z.string().min(1).max(600) });

const weeks = z
  .number({ error: 'intervalWeeks must be a whole number of weeks' })
  .int('intervalWeeks must be a whole number of weeks')
  .min(SUBSCRIPTION_INTERVAL_MIN_WEEKS, `intervalWeeks must be at least ${SUBSCRIPTION_INTERVAL_MIN_WEEKS}`)
  .max(SUBSCRIPTION_INTERVAL_MAX_WEEKS, `intervalWeeks must be at most ${SUBSCRIPTION_INTERVAL_MAX_WEEKS}`);

/** PUT /api/subscriptions/:token: a new interval (one the products offer), "ask me first", or both. */
export const SubscriptionChangeBodySchema = z
  .strictObject({
    intervalWeeks: weeks.optional(),
    askFirst: z.boolean({ error: 'askFirst must be true or false' }).optional(),
    nextDeliveryOn: z
      .string({ error: 'nextDeliveryOn must be a date: YYYY-MM-DD' })
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'nextDeliveryOn must be a date: YYYY-MM-DD')
      .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), {
        error: 'nextDeliveryOn is not a date of the calendar',
      })
      .optional(),
  })
  .refine(
    (b) => b.intervalWeeks !== undefined || b.askFirst !== undefined || b.nextDeliveryOn !== undefined,
    'Send intervalWeeks, askFirst or nextDeliveryOn',
  ) satisfies z.ZodType<SubscriptionChange>;

const SETUP_ID = /^seti_[A-Za-z0-9]{8,140}$/;
/** POST /api/subscriptions/:token/card/complete: the setup the card form finished. */
export const CardCompleteBodySchema = z.strictObject({
  setupId: z.string().max(200).regex(SETUP_ID, 'setupId is not a valid setup id'),
});
/** POST /api/subscriptions/:token/card/confirm (Stripe): the setup, and the card form's ConfirmationToken (none after authenticating). */
export const CardConfirmBodySchema = z.strictObject({
  setupId: z.string().max(200).regex(SETUP_ID, 'setupId is not a valid setup id'),
  confirmationToken: z
    .string()
    .max(200)
    .regex(/^ctoken_[A-Za-z0-9]{8,160}$/, 'confirmationToken is not a valid ConfirmationToken')
    .optional(),
});
/** POST /api/payments/test/setup/confirm: the built-in provider's card form for a setup (its id or whole client secret). */
export const TestSetupConfirmBodySchema = z.strictObject({
  setupId: z
    .string()
    .max(300)
    .regex(/^seti_[A-Za-z0-9]{8,140}(_secret_[A-Za-z0-9]{8,140})?$/, 'setupId is not a valid setup id'),
  cardNumber: singleLine(30, 'cardNumber is too long'),
});
