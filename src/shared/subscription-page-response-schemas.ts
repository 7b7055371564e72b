import { z } from 'zod';
import { isoTime, moneyText } from './response-schemas.ts';
import type { CardConfirmResult, CardSetupStarted, SubscriptionPageView, TestSetupResult } from './subscription-page.ts';
import { SUBSCRIPTION_STATUSES } from './subscription-states.ts';

export const SubscriptionPageViewSchema = z
  .object({
    id: z.number().int(),
    status: z.enum(SUBSCRIPTION_STATUSES),
    email: z.string().describe('Masked: the first letter and the domain'),
    items: z.array(
      z.object({
        productId: z.number().int(),
        name: z.string(),
        quantity: z.number().int(),
        unitPrice: moneyText.describe('Today’s price less the subscription discount'),
        regularPrice: moneyText,
        available: z.boolean().describe('false: no longer sold, left out of the next delivery'),
      }),
    ),
    intervalWeeks: z.number().int(),
    intervalsOffered: z.array(z.number().int()),
    discountPercent: z.number().int(),
    nextRenewalAt: isoTime,
    nextSubtotal: moneyText,
    nextShipping: moneyText,
    nextAmount: moneyText.describe('The next delivery at today’s prices with shipping, before tax'),
    askFirst: z.boolean(),
    awaitingConfirmation: z.boolean(),
    card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
    failedAttempts: z.number().int(),
    lastFailure: z.string().nullable(),
    pausedAt: isoTime.nullable(),
    cancelledAt: isoTime.nullable(),
    history: z.array(z.object({ at: isoTime, kind: z.string(), text: z.string() })),
  })
  .meta({ id: 'SubscriptionPage' }) satisfies z.ZodType<SubscriptionPageView>;

export const CardSetupStartedSchema = z
  .object({
    setupId: z.string(),
    clientSecret: z.string(),
    provider: z.enum(['test', 'stripe']),
    publishableKey: z.string().nullable().describe('Stripe’s publishable key for the card form; null with the built-in provider'),
  })
  .meta({ id: 'CardSetupStarted' }) satisfies z.ZodType<CardSetupStarted>;

export const CardConfirmResultSchema = z
  .object({ status: z.enum(['succeeded', 'requires_action', 'requires_payment_method']), message: z.string().optional() })
  .meta({ id: 'CardConfirmResult' }) satisfies z.ZodType<CardConfirmResult>;

export const TestSetupResultSchema = z
  .object({ status: z.enum(['succeeded', 'requires_payment_method']), message: z.string().optional() })
  .meta({ id: 'TestSetupResult' }) satisfies z.ZodType<TestSetupResult>;
