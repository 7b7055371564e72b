import { z } from 'zod';
import { SessionIdSchema } from './cart.ts';
import { REQUIRED } from './messages.ts';
import { PAYMENT_ID } from './payment-ids.ts';

export { CLIENT_SECRET, PAYMENT_ID, paymentIdOfSecret } from './payment-ids.ts';

export const PaymentIntentIdSchema = z
  .string({ error: 'paymentIntentId is required' })
  .regex(PAYMENT_ID, 'paymentIntentId is not a valid payment id');

export const StartCheckoutBodySchema = z.strictObject({
  sessionId: SessionIdSchema,
  /** The first-party analytics session starting the checkout (the beacon's random id): the paid order converts it. */
  analyticsSessionId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,64}$/, 'analyticsSessionId is not a valid id')
    .optional(),
});

const required = (max: number) =>
  z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(max, `Must be at most ${max} characters`);

/** SPEC §5 step 1: email, first and last name, address, city, state and ZIP required; phone optional; US only. */
export const ShippingFieldsSchema = z.object({
  email: z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(254).pipe(z.email('Enter a valid email address')),
  firstName: required(100),
  lastName: required(100),
  phone: z
    .string()
    .trim()
    .max(30, 'Must be at most 30 characters')
    .regex(/^[0-9+().\s-]*$/, 'Enter a valid phone number')
    .optional()
    .default(''),
  address: required(200),
  city: required(100),
  state: required(50),
  zip: z
    .string({ error: REQUIRED })
    .trim()
    .min(1, REQUIRED)
    .pipe(z.string().regex(/^\d{5}(-\d{4})?$/, 'Enter a 5-digit ZIP code')),
  country: z
    .string()
    .trim()
    .optional()
    .default('US')
    .refine((c) => c.toUpperCase() === 'US', 'We ship to the United States only')
    .transform(() => 'US' as const),
});
export type ShippingFields = z.infer<typeof ShippingFieldsSchema>;

export const ShippingBodySchema = ShippingFieldsSchema.extend({
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
  cardNumber: z.string({ error: 'cardNumber is required' }).max(30, 'cardNumber is too long'),
  expiry: z.string().max(10).optional(),
  cvc: z.string().max(4).optional(),
});

export interface CheckoutStarted {
  checkoutUrl: string;
}

/** What the checkout page shows: the order's real items and total. No address until the buyer gives it. */
export interface CheckoutOrder {
  orderId: number;
  paymentIntentId: string;
  status: 'pending' | 'paid' | 'shipped' | 'delivered';
  items: { productId: number; name: string; unitPrice: string; quantity: number; lineTotal: string }[];
  subtotal: string;
  shipping: string;
  total: string;
  currency: 'usd';
  provider: 'test' | 'stripe';
  hasShipping: boolean;
  /** Whether the items are held for this checkout, and until when (renewed while the page is open). */
  hold: CheckoutHold;
  /** When this checkout closes if unpaid (ISO time). */
  expiresAt: string;
}

export interface CheckoutHold {
  held: boolean;
  until: string | null;
}

export interface TestConfirmResult {
  status: 'succeeded' | 'requires_payment_method';
  message?: string;
}
