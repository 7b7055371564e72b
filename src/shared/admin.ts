import { type AdminProductSubscription, ProductSubscriptionFields } from './subscribe.ts';
import { z } from 'zod';
import type { OrderDisputes } from './disputes.ts';
import type { ShippingClass } from './ground-only.ts';
import { ProperShippingNameSchema, ShippingClassSchema, UnNumberSchema } from './hazmat.ts';
import { REQUIRED } from './messages.ts';
import { formatCents, parseCents } from './money.ts';
import { dayText, idParam, multiLine, passwordText, requiredLine, singleLine } from './validation.ts';

/** The admin's schemas, shared by the dashboard's forms and the server's handlers (docs/product.md §5, §7). */

export const LoginBodySchema = z.strictObject({
  username: requiredLine(100, 'Username is too long'),
  password: passwordText(200, 'Password is too long'),
});
export type LoginBody = z.infer<typeof LoginBodySchema>;

/** Who sells the store's labels: the built-in one (one label at a fixed cost) or EasyPost (a carrier's rates to choose from). */
export const LABEL_PROVIDERS = ['builtin', 'easypost'] as const;
export type LabelProviderName = (typeof LABEL_PROVIDERS)[number];

export interface AdminMe {
  username: string;
  /** The order card buys postage by choosing a rate with EasyPost, and in one click with the built-in provider. */
  labelProvider: LabelProviderName;
}

/** Every status an order can have. The owner sets the first four by hand; an order becomes
 * `cancelled` only through POST /api/orders/:id/cancel and `refunded` when its refunds reach its total.
 */
export const ORDER_STATUSES = ['pending', 'paid', 'shipped', 'delivered', 'cancelled', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** What PUT /api/orders/:id/status takes: money moves only through refunds and cancellation. */
export const SETTABLE_ORDER_STATUSES = ['pending', 'paid', 'shipped', 'delivered'] as const;
export type SettableOrderStatus = (typeof SETTABLE_ORDER_STATUSES)[number];
export const OrderStatusBodySchema = z.strictObject({
  status: z.enum(SETTABLE_ORDER_STATUSES, {
    error: `status must be one of ${SETTABLE_ORDER_STATUSES.join(', ')} (cancel or refund an order with its own actions)`,
  }),
});
export const IdParamsSchema = z.object({ id: idParam });
/** POST /api/orders/:id/notes: the owner's note on an order, kept in its history. */
export const ORDER_NOTE_MAX = 2000;
export const OrderNoteBodySchema = z.strictObject({
  text: multiLine(ORDER_NOTE_MAX, `A note must be at most ${ORDER_NOTE_MAX} characters`).min(1, REQUIRED),
});
export type OrderNoteBody = z.infer<typeof OrderNoteBodySchema>;

/** Lists that set aside what needs the owner's eye: payment problems, checkouts closed unpaid, disputed payments. */
export const ORDER_FILTERS = ['payment-problem', 'expired', 'disputes'] as const;
export type OrderFilter = (typeof ORDER_FILTERS)[number];
export const ORDERS_PAGE_DEFAULT = 50;
export const ORDERS_PAGE_MAX = 200;

/**
 * GET /api/orders: newest first, a page at a time (the next page's address in the `Link` header).
 * Without a status or filter, every paid order and every payment problem; `q` searches first and
 * last name, e-mail, payment id and order number, in any case.
 */
export const OrdersQuerySchema = z.object({
  status: z.enum(ORDER_STATUSES, { error: `status must be one of ${ORDER_STATUSES.join(', ')}` }).optional(),
  filter: z.enum(ORDER_FILTERS, { error: `filter must be one of ${ORDER_FILTERS.join(', ')}` }).optional(),
  q: singleLine(200, 'The search is too long (at most 200 characters)').optional(),
  limit: z.coerce
    .number({ error: 'limit must be a whole number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(ORDERS_PAGE_MAX, `limit must be at most ${ORDERS_PAGE_MAX}`)
    .default(ORDERS_PAGE_DEFAULT),
  cursor: idParam.optional(),
});
export type OrdersQuery = z.output<typeof OrdersQuerySchema>;

/** The Reviews tab's filters: waiting for approval, or published. */
export const REVIEW_STATUSES = ['pending', 'approved'] as const;
export const REVIEWS_PAGE_DEFAULT = 50;
export const REVIEWS_PAGE_MAX = 200;

/** GET /api/admin/reviews: newest first, a page at a time; `q` matches any part of the title, name,
 * e-mail or text in any case; `cursor` is the last review of the previous page (the Link header gives it).
 */
export const AdminReviewsQuerySchema = z.object({
  status: z.enum(REVIEW_STATUSES, { error: `status must be one of ${REVIEW_STATUSES.join(', ')}` }).optional(),
  q: singleLine(200, 'The search is too long (at most 200 characters)').optional(),
  limit: z.coerce
    .number({ error: 'limit must be a whole number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(REVIEWS_PAGE_MAX, `limit must be at most ${REVIEWS_PAGE_MAX}`)
    .default(REVIEWS_PAGE_DEFAULT),
  cursor: idParam.optional(),
});
export type AdminReviewsQuery = z.output<typeof AdminReviewsQuerySchema>;

/** GET /api/orders/export.csv: the orders of a period (`from` and `to` inclusive, UTC days, by the
 * day each order was placed), oldest first; without a status, every paid order and payment problem. */
export const OrdersExportQuerySchema = z
  .object({
    from: dayText('from').optional(),
    to: dayText('to').optional(),
    status: z.enum(ORDER_STATUSES, { error: `status must be one of ${ORDER_STATUSES.join(', ')}` }).optional(),
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, { message: 'from must not be after to', path: ['from'] });
export type OrdersExportQuery = z.output<typeof OrdersExportQuerySchema>;

/** GET /api/orders/summary: the dashboard's cards and each list's count, computed in the database. */
export interface OrdersSummary {
  /** Every paid order and every payment problem (the All Orders list). */
  totalOrders: number;
  /** Paid, shipped or delivered with real money. */
  paidOrders: number;
  /** What they brought in net of refunds, a decimal string: grossRevenue less refunds. */
  totalRevenue: string;
  /** Their totals as paid. */
  grossRevenue: string;
  /** What was refunded of them. */
  refunds: string;
  /** The sales tax they collected less what refunds gave back: in none of the revenue figures. */
  taxCollected: string;
  /** Paid with test payments: no money taken, counted apart. */
  testOrders: { count: number; total: string };
  /** Each status list's count, as `GET /api/orders?status=` lists it. */
  byStatus: Record<OrderStatus, number>;
  /** Each filter's count, as `GET /api/orders?filter=` lists it. */
  byFilter: Record<OrderFilter, number>;
}

/** An order as the dashboard shows it (docs/product.md §3 "Order"). */
export interface AdminOrder {
  id: number;
  stripePaymentIntentId: string | null;
  status: OrderStatus;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  phone: string | null;
  shippingAddress: string | null;
  shippingCity: string | null;
  shippingState: string | null;
  shippingZip: string | null;
  shippingCountry: string | null;
  total: string;
  /** The discount code the shopper applied and what it took off the subtotal; null without one. */
  discount: { code: string; amount: string } | null;
  /** What the shopper paid for shipping, a decimal string (0.00 when it shipped free). */
  shippingCharged: string;
  /** The sales tax the shopper paid (part of the total), a decimal string. */
  tax: string;
  /** How it was paid, as the payment provider reports it (card, apple_pay, google_pay, link, …); null before payment. */
  paymentMethodKind: string | null;
  /** What was refunded so far (refunds the provider accepted or is still answering), a decimal string. */
  refundedTotal: string;
  createdAt: string;
  paidAt: string | null;
  cancelledAt: string | null;
  /** 'test' when no real money moved: marked in the dashboard and left out of revenue. */
  paymentMode: 'test' | 'live';
  /** A subscription's renewal: the subscription it renews (docs/decisions/0053); null for any other order. */
  renewalOf: number | null;
  items: { productId: number; name: string; quantity: number; unitPrice: string }[];
  /** Set when a payment did not match the order (not paid): the owner must look at it. */
  paymentIssue: string | null;
  trackingNumber: string | null;
  shippingCarrier: string | null;
  shippingService: string | null;
  shippingCost: string | null;
  labelUrl: string | null;
  /** The carrier's tracking page for the label's parcel; null when it cannot be followed online. */
  trackingUrl: string | null;
  /** Its payment's disputes and whether they refuse labels (docs/decisions/0059); null without any. */
  dispute: OrderDisputes | null;
}

/** Non-numeric entries become 0 (docs/product.md §5). */
const wholeNumber = (negative: string) =>
  z.preprocess(
    (v) => {
      if (typeof v === 'number') return v;
      if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
      return 0;
    },
    z.number().int('Must be a whole number').min(0, negative).max(1_000_000, 'Must be at most 1000000'),
  );

/** A product's shipping weight when the form leaves it out: one bottle with its packing. */
export const PRODUCT_WEIGHT_DEFAULT_GRAMS = 80;
export const PRODUCT_WEIGHT_MAX_GRAMS = 30_000;
const WEIGHT_RANGE = `Weight must be between 1 and ${PRODUCT_WEIGHT_MAX_GRAMS} grams`;

/** One unit's shipping weight in grams. A non-numeric entry becomes 0, as the other numeric fields
 * do, and is then refused by the range; left out, it is optional (the service applies the default). */
const weightGrams = z.preprocess((v) => {
  if (v === undefined || typeof v === 'number') return v;
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  return 0;
}, z
  .number()
  .int('Weight must be a whole number of grams')
  .min(1, WEIGHT_RANGE)
  .max(PRODUCT_WEIGHT_MAX_GRAMS, WEIGHT_RANGE)
  .optional());

const PRICE = /^\d{1,6}(\.\d{1,2})?$/;
/**
 * The dearest product the form takes: far above anything this store sells, and low enough that a
 * cart line at its most (CART_QUANTITY_MAX) stays under what one card payment can be ($999,999.99).
 */
export const MAX_PRICE_CENTS = 999_999;

/** The product form (docs/product.md §2 "Product form", §5): the same schema validates in the dialog and on the server. */
export const ProductFormSchema = z.strictObject({
  name: requiredLine(120, 'Product name must be at most 120 characters').min(3, 'Product name must be at least 3 characters'),
  description: multiLine(5000, 'Description must be at most 5000 characters')
    .min(1, REQUIRED)
    .min(10, 'Description must be at least 10 characters'),
  price: requiredLine(12, 'Price must be a valid number (e.g., 19.99)')
    .regex(PRICE, 'Price must be a valid number (e.g., 19.99)')
    .refine((v) => !PRICE.test(v) || parseCents(v) <= MAX_PRICE_CENTS, `Price must be at most ${formatCents(MAX_PRICE_CENTS)}`),
  imageUrl: requiredLine(2000, 'Must be a valid URL').refine(isImageUrl, 'Must be a valid URL'),
  isActive: z.boolean().default(true),
  inventory: wholeNumber('Inventory cannot be negative'),
  displayOrder: wholeNumber('Display order cannot be negative'),
  /**
   * Optional, so that a form from before the field still saves: a new product then weighs
   * PRODUCT_WEIGHT_DEFAULT_GRAMS and a changed one keeps its weight.
   */
  weightGrams,
  /**
   * Optional like the weight (docs/decisions/0046): left out, a new product is `standard` and a
   * changed one keeps its class, UN number and proper shipping name.
   */
  shippingClass: ShippingClassSchema.optional(),
  unNumber: UnNumberSchema.optional(),
  properShippingName: ProperShippingNameSchema.optional(),
  ...ProductSubscriptionFields,
});
export type ProductForm = z.input<typeof ProductFormSchema>;
export type ProductFormValues = z.output<typeof ProductFormSchema>;

/** An http(s) URL, or a path on this store (uploaded images and the drawn product images). */
function isImageUrl(v: string): boolean {
  if (v.startsWith('/')) return /^\/[A-Za-z0-9/_.?=&-]*$/.test(v) && !v.startsWith('//');
  try {
    const u = new URL(v);
    return u.protocol === 'https:' || u.protocol === 'http:';
  } catch {
    return false;
  }
}

export const InventoryChangeBodySchema = z.strictObject({
  change: z
    .number({ error: 'change must be a whole number' })
    .int('change must be a whole number')
    .refine((n) => n !== 0, 'change must not be 0')
    .refine((n) => Math.abs(n) <= 100_000, 'change is too large'),
});
export const SetInventoryBodySchema = z.strictObject({
  inventory: z
    .number({ error: 'inventory must be a whole number of 0 or more' })
    .int('inventory must be a whole number of 0 or more')
    .min(0, 'inventory must be a whole number of 0 or more')
    .max(1_000_000, 'inventory must be at most 1000000'),
});
export const DisplayOrderBodySchema = z.strictObject({
  displayOrder: z
    .number({ error: 'displayOrder must be a whole number of 0 or more' })
    .int('displayOrder must be a whole number of 0 or more')
    .min(0, 'Display order cannot be negative')
    .max(1_000_000, 'displayOrder must be at most 1000000'),
});

/** A product as the dashboard shows it (docs/product.md §3 "Product"). */
export interface AdminProduct extends AdminProductSubscription {
  id: number;
  name: string;
  description: string;
  price: string;
  compareAtPrice: string | null;
  imageUrl: string;
  isActive: boolean;
  inventory: number;
  displayOrder: number;
  /** One unit's shipping weight with its packing, in grams: the parcel's postage is priced from it. */
  weightGrams: number;
  /** `limited-quantity`: ground only (docs/decisions/0046). */
  shippingClass: ShippingClass;
  /** From the safety data sheet, as the owner entered them; null when not given. */
  unNumber: string | null;
  properShippingName: string | null;
  createdAt: string;
}

/** docs/product.md §4 stock bands. */
export function stockBand(inventory: number): 'low' | 'medium' | 'good' {
  if (inventory <= 10) return 'low';
  if (inventory <= 50) return 'medium';
  return 'good';
}
