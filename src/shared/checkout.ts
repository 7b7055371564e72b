import type { OrderStatus } from './admin.ts';
import { z } from 'zod';
import { SessionIdSchema } from './cart.ts';
import type { ShippingChoices } from './consent.ts';
import type { ProductPicture } from './catalog.ts';
import { PAYMENT_ID } from './payment-ids.ts';
import { requiredLine, singleLine } from './validation.ts';

export { CLIENT_SECRET, PAYMENT_ID, paymentIdOfSecret } from './payment-ids.ts';

export const PaymentIntentIdSchema = z
  .string({ error: 'paymentIntentId is required' })
  .regex(PAYMENT_ID, 'paymentIntentId is not a valid payment id');

/** A route's `:paymentIntentId`: the key to one checkout (docs/decisions/0009). */
export const PaymentParamsSchema = z.object({ paymentIntentId: PaymentIntentIdSchema });

export const StartCheckoutBodySchema = z.strictObject({
  sessionId: SessionIdSchema,
  /** The first-party analytics session starting the checkout (the beacon's random id): the paid order converts it. */
  analyticsSessionId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,64}$/, 'analyticsSessionId is not a valid id')
    .optional(),
});

/** docs/product.md §5 step 1: email, first and last name, address, city, state and ZIP required; phone optional; US only. */
export const ShippingFieldsSchema = z.object({
  email: requiredLine(254).pipe(z.email('Enter a valid email address')),
  firstName: requiredLine(100),
  lastName: requiredLine(100),
  phone: singleLine(30)
    .regex(/^[0-9+().\s-]*$/, 'Enter a valid phone number')
    .optional()
    .default(''),
  address: requiredLine(200),
  city: requiredLine(100),
  state: requiredLine(50),
  zip: requiredLine(10, 'Enter a 5-digit ZIP code').pipe(z.string().regex(/^\d{5}(-\d{4})?$/, 'Enter a 5-digit ZIP code')),
  country: singleLine(60)
    .optional()
    .default('US')
    .refine((c) => c.toUpperCase() === 'US', 'We ship to the United States only')
    .transform(() => 'US' as const),
});
export type ShippingFields = z.infer<typeof ShippingFieldsSchema>;

export {
  ageAgainMessage,
  ageConfirmationText,
  ageRequiredMessage,
  MARKETING_CONSENT_TEXT,
  REORDER_REMINDER_TEXT,
} from './consent.ts';

/** The shipping step's boxes: all unticked unless the shopper ticks them. */
export const ShippingChoicesSchema = z.object({
  /** Required (true) while the store asks an age; the server checks it against the setting. */
  ageConfirmed: z.boolean({ error: 'ageConfirmed must be true or false' }).optional().default(false),
  marketingConsent: z.boolean({ error: 'marketingConsent must be true or false' }).optional().default(false),
  reorderReminder: z.boolean({ error: 'reorderReminder must be true or false' }).optional().default(false),
  subscriptionConsent: z.boolean({ error: 'subscriptionConsent must be true or false' }).optional().default(false),
}) satisfies z.ZodType<ShippingChoices>;
export type { ShippingChoices } from './consent.ts';

export const ShippingBodySchema = ShippingFieldsSchema.extend({
  ...ShippingChoicesSchema.shape,
  paymentIntentId: PaymentIntentIdSchema,
  sessionId: SessionIdSchema.optional(),
}).strict();

export const CompleteOrderBodySchema = z.strictObject({
  paymentIntentId: PaymentIntentIdSchema,
  sessionId: SessionIdSchema.optional(),
});

/** The test provider's confirm: the payment id or the whole client secret, and a card number. */
export const TestConfirmBodySchema = z.strictObject({
  paymentIntentId: z
    .string()
    .max(200)
    .regex(/^pi_[A-Za-z0-9_]{8,140}$/, 'paymentIntentId is not a valid payment id'),
  cardNumber: singleLine(30, 'cardNumber is too long'),
  expiry: singleLine(10).optional(),
  cvc: singleLine(4).optional(),
});

/**
 * POST /api/checkout/:paymentIntentId/confirm (Stripe): the ConfirmationToken Stripe.js made from
 * the Payment Element; none when confirming again after the shopper's bank asked for authentication.
 */
export const ConfirmPaymentBodySchema = z
  .strictObject({
    confirmationToken: z
      .string({ error: 'confirmationToken must be a ConfirmationToken id' })
      .max(200, 'confirmationToken is too long')
      .regex(/^ctoken_[A-Za-z0-9_]{8,190}$/, 'confirmationToken must be a ConfirmationToken id')
      .optional(),
  })
  .nullish();

/** Stripe's confirm, as the checkout's server-side confirmation answers it. */
export interface ConfirmPaymentResult {
  /** requires_action: the shopper's bank asks for authentication (Stripe.js handleNextAction), then confirm again. */
  status: 'succeeded' | 'processing' | 'requires_action' | 'requires_payment_method';
  message?: string;
}

export interface CheckoutStarted {
  checkoutUrl: string;
}

/** What the checkout page shows: the order's real items and total. No address until the buyer gives it. */
export interface CheckoutOrder {
  orderId: number;
  paymentIntentId: string;
  status: OrderStatus;
  /** `image`: the product's picture now (its upload, or the drawn art for the line), not a copy made at purchase. */
  items: {
    productId: number;
    name: string;
    unitPrice: string;
    quantity: number;
    lineTotal: string;
    image: ProductPicture;
    /** Subscribe and save: how often it comes and its discount (already off unitPrice); null for one-time. */
    subscription: { intervalWeeks: number; discountPercent: number } | null;
  }[];
  subtotal: string;
  /** The discount code applied and what it takes off the subtotal (a decimal string); null without one. */
  discount: { code: string; amount: string } | null;
  shipping: string;
  /** Sales tax on the lines and shipping (0.00 without a tax provider, or before the shipping step). */
  tax: string;
  total: string;
  currency: 'usd';
  provider: 'test' | 'stripe';
  hasShipping: boolean;
  /** It holds a limited-quantity product: it ships by ground within the US only (docs/decisions/0046). */
  groundOnly: boolean;
  /**
   * The order summary's shipping line, written by the server: "Ships by ground within the US (3-5
   * business days)" when ground only, else "Shipping (Standard, 3-5 business days)".
   */
  shippingLine: string;
  /** Whether the items are held for this checkout, and until when (renewed while the page is open). */
  hold: CheckoutHold;
  /** When this checkout closes if unpaid (ISO time). */
  expiresAt: string;
  /**
   * The subscription its lines start (docs/decisions/0052): the terms the shipping step shows with
   * its consent box and whether the box was ticked at the last save; null when nothing subscribes.
   */
  subscription: CheckoutSubscription | null;
}

export interface CheckoutSubscription {
  intervalWeeks: number;
  /** The one discount of its lines; null when they differ. */
  discountPercent: number | null;
  /** Each renewal's items at today's prices, before shipping and tax. */
  amount: string;
  terms: string;
  consentLabel: string;
  consented: boolean;
}

export interface CheckoutHold {
  held: boolean;
  until: string | null;
}

export interface TestConfirmResult {
  status: 'succeeded' | 'requires_payment_method';
  message?: string;
}
