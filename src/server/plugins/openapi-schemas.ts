import { z } from 'zod';
import { type AdminMe, LABEL_PROVIDERS, ORDER_STATUSES, type OrdersSummary } from '#shared/admin.ts';
import type { Customer } from '#shared/customers.ts';
import { REFUND_STATUSES, type OrderRefunds, type Refund } from '#shared/refunds.ts';
import { ORDER_EVENT_TYPES, type OrderEvent } from '#shared/order-events.ts';
import { CartItemSchema, CartSchema } from '#shared/cart.ts';
import { ProductListSchema, ProductPictureSchema, PublicProductSchema } from '#shared/catalog.ts';
import type { OrderLinksSent } from '#shared/order-status.ts';
import type { CheckoutOrder, CheckoutStarted, ConfirmPaymentResult, TestConfirmResult } from '#shared/checkout.ts';
import { ErrorBodySchema } from '#shared/errors.ts';
import { STOCK_MOVEMENT_REASONS, type StockMovement } from '#shared/stock-movements.ts';
import type { RestoreResult, UnsubscribeView } from '#shared/recovery.ts';
import type { CodeSent, CodeVerdict, ReviewStats } from '#shared/review-types.ts';
import { ERROR_STATUS } from '../errors.ts';

/**
 * The answers' schemas in the API description, as components. The shared zod schemas where the
 * client parses with them; elsewhere a schema typed by the shared interface, so the compiler
 * catches a field that changes on one side only. tests/integration/openapi.test.ts checks real
 * answers against them.
 */
const money = z
  .string()
  .regex(/^\d+\.\d{2}$/)
  .describe('USD, a decimal string such as "18.99"');
const isoTime = z.string().describe('ISO 8601 time');
const labelProvider = z
  .enum(LABEL_PROVIDERS)
  .describe(
    'Who sells the labels: `easypost` prices rates to choose from (POST /api/orders/{id}/rates); `builtin` makes one label at a fixed cost',
  );

const Checkout: z.ZodType<CheckoutOrder> = z.object({
  orderId: z.number().int(),
  paymentIntentId: z.string(),
  status: z.enum(ORDER_STATUSES),
  items: z.array(
    z.object({
      productId: z.number().int(),
      name: z.string(),
      unitPrice: money,
      quantity: z.number().int(),
      lineTotal: money,
      image: ProductPictureSchema,
    }),
  ),
  subtotal: money,
  discount: z
    .object({ code: z.string(), amount: money })
    .nullable()
    .describe('The discount code applied and what it takes off the subtotal'),
  shipping: money,
  total: money,
  currency: z.literal('usd'),
  provider: z.enum(['test', 'stripe']),
  hasShipping: z.boolean(),
  hold: z.object({ held: z.boolean(), until: isoTime.nullable() }),
  expiresAt: isoTime,
});

const OrderEventDoc: z.ZodType<OrderEvent> = z.object({
  id: z.number().int(),
  at: isoTime,
  type: z.enum(ORDER_EVENT_TYPES),
  message: z.string().describe('What happened, in a sentence for the owner'),
  actor: z.string().describe("'shopper', 'store', 'payment provider', or the admin's username"),
});

const RefundDoc: z.ZodType<Refund> = z.object({
  id: z.number().int(),
  orderId: z.number().int(),
  amount: money,
  reason: z.string().nullable(),
  status: z
    .enum(REFUND_STATUSES)
    .describe('pending: the payment provider has not answered yet; succeeded: accepted; failed: no money moved'),
  items: z.array(z.object({ productId: z.number().int(), name: z.string(), quantity: z.number().int(), restock: z.boolean() })),
  actor: z.string(),
  createdAt: isoTime,
  failureReason: z.string().nullable(),
});

const StockMovementDoc: z.ZodType<StockMovement> = z.object({
  id: z.number().int().describe('The movement; the next page starts below the last one'),
  at: isoTime,
  delta: z.number().int().describe('Units added (positive) or taken (negative)'),
  inventoryAfter: z.number().int().describe('The stock on the shelf right after it'),
  reason: z
    .enum(STOCK_MOVEMENT_REASONS)
    .describe(
      'seed; checkout_reserve (held for a checkout, sold when it is paid); checkout_sale (taken at payment by a checkout that held nothing); reservation_release (back from a checkout not paid in time); checkout_replaced (back because its cart started a new checkout); admin_adjust, admin_set, product_created (the owner)',
    ),
  actor: z.string().describe("The admin's username, 'shopper' (a checkout) or 'store' (the store's own)"),
  orderId: z.number().int().nullable().describe('The order a checkout’s movement belongs to'),
});

const ErrorDoc = ErrorBodySchema.extend({
  message: z.string().describe('What went wrong, in words to show a person'),
  code: z
    .string()
    .optional()
    .describe(
      `What went wrong, for a program: ${Object.entries(ERROR_STATUS)
        .map(([code, status]) => `\`${code}\` (${status})`)
        .join(', ')}; or Fastify's own code (\`FST_ERR_…\`) for a request it could not read.`,
    ),
  fieldErrors: ErrorBodySchema.shape.fieldErrors.describe(
    'For invalid input: the messages of each field, by its path (`quantity`, `utm.source`); `_` for the whole body.',
  ),
});

export const RESPONSE_SCHEMAS = {
  Error: ErrorDoc,
  Product: PublicProductSchema,
  ProductList: ProductListSchema,
  CartItem: CartItemSchema,
  Cart: CartSchema,
  Checkout,
  CheckoutStarted: z.object({ checkoutUrl: z.string() }) satisfies z.ZodType<CheckoutStarted>,
  OrderCompleted: z.object({
    success: z.literal(true),
    orderId: z.number().int(),
    status: z.enum(['paid', 'shipped', 'delivered']),
  }),
  TestPaymentResult: z.object({
    status: z.enum(['succeeded', 'requires_payment_method']),
    message: z.string().optional(),
  }) satisfies z.ZodType<TestConfirmResult>,
  ConfirmPayment: z.object({
    status: z.enum(['succeeded', 'processing', 'requires_action', 'requires_payment_method']),
    message: z.string().optional(),
  }) satisfies z.ZodType<ConfirmPaymentResult>,
  WebhookReceived: z.object({ received: z.literal(true) }),
  OrderLinksSent: z.object({ sent: z.literal(true), message: z.string() }) satisfies z.ZodType<OrderLinksSent>,
  ReviewStats: z.object({ totalReviews: z.number().int(), averageRating: z.number() }) satisfies z.ZodType<ReviewStats>,
  CodeSent: z.object({ sent: z.literal(true) }) satisfies z.ZodType<CodeSent>,
  CodeVerdict: z.union([
    z.object({ canReview: z.literal(true), verificationToken: z.string() }),
    z.object({ canReview: z.literal(false) }),
  ]) satisfies z.ZodType<CodeVerdict>,
  ReviewCreated: z.object({ success: z.literal(true), id: z.number().int() }),
  SignedIn: z.object({ success: z.literal(true), username: z.string(), labelProvider }),
  AdminMe: z.object({ username: z.string(), labelProvider }) satisfies z.ZodType<AdminMe>,
  OrderEvent: OrderEventDoc,
  StockMovement: StockMovementDoc,
  StockMovements: z.array(StockMovementDoc),
  OrderTimeline: z.array(OrderEventDoc),
  OrdersSummary: z.object({
    totalOrders: z.number().int().describe('Every paid order and every payment problem'),
    paidOrders: z.number().int().describe('Paid, shipped or delivered, with real money'),
    totalRevenue: money.describe('Net of refunds: grossRevenue less refunds'),
    grossRevenue: money.describe('The paid orders’ totals'),
    refunds: money.describe('What was refunded of them'),
    testOrders: z.object({ count: z.number().int(), total: money }).describe('Paid with test payments: no money taken'),
    byStatus: z.object({
      pending: z.number().int(),
      paid: z.number().int(),
      shipped: z.number().int(),
      delivered: z.number().int(),
      cancelled: z.number().int(),
      refunded: z.number().int(),
    }),
    byFilter: z.object({ 'payment-problem': z.number().int(), expired: z.number().int() }),
  }) satisfies z.ZodType<OrdersSummary>,
  Refund: RefundDoc,
  OrderRefunds: z.object({
    refunds: z.array(RefundDoc),
    lines: z.array(
      z.object({
        productId: z.number().int(),
        name: z.string(),
        unitPrice: money,
        quantity: z.number().int(),
        refundedQuantity: z.number().int().describe('Units given back by refunds that did not fail'),
      }),
    ),
    refundedTotal: money,
    refundable: money.describe('What can still be refunded'),
  }) satisfies z.ZodType<OrderRefunds>,
  CustomerList: z.array(
    z.object({
      email: z.string().describe('Lower case: the address the orders share'),
      name: z.string().describe('The name on the latest order'),
      orders: z.number().int().describe('Paid, shipped, delivered or refunded orders, test orders included'),
      testOrders: z.number().int().describe('Of those, paid with test payments (no money taken)'),
      totalSpent: money.describe('Their totals less what was refunded of them'),
      firstOrderAt: isoTime,
      lastOrderAt: isoTime,
    }) satisfies z.ZodType<Customer>,
  ),
  Success: z.object({ success: z.literal(true) }),
  Removed: z.object({ removed: z.number().int().describe('How many items were in the cart') }),
  UploadedImage: z.object({
    imageUrl: z.string().describe('The full image, for a product’s `imageUrl`'),
    image: ProductPictureSchema.describe('Its sizes, as a product pointing at it shows them'),
  }),
  PrintDone: z.object({ success: z.literal(true), message: z.string() }),
  Health: z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) }),
  HealthDown: z.object({ status: z.literal('unavailable'), message: z.string(), code: z.literal('unavailable') }),
  RestoreResult: z.object({
    restored: z
      .array(z.object({ productId: z.number().int(), name: z.string(), quantity: z.number().int() }))
      .describe('The lines now in the cart, with the quantity each holds'),
    missing: z.array(z.string()).describe('Names of the checkout’s products no longer sold or out of stock'),
    shipping: z
      .object({
        email: z.string(),
        firstName: z.string(),
        lastName: z.string(),
        phone: z.string(),
        address: z.string(),
        city: z.string(),
        state: z.string(),
        zip: z.string(),
        country: z.string(),
      })
      .describe('The checkout’s shipping details, for its form'),
  }) satisfies z.ZodType<RestoreResult>,
  UnsubscribeView: z.object({
    email: z.string().describe('The address the link is for, lower case'),
    unsubscribed: z.boolean().describe('Whether it gets no more reminders'),
  }) satisfies z.ZodType<UnsubscribeView>,
} satisfies Record<string, z.ZodType>;

export type ResponseSchemaName = keyof typeof RESPONSE_SCHEMAS;

/** The schemas as JSON Schema 2020-12 (OpenAPI 3.1's dialect), referring to each other by component. */
export function responseComponents(): Record<string, Record<string, unknown>> {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(RESPONSE_SCHEMAS)) registry.add(schema, { id });
  const { schemas } = z.toJSONSchema(registry, {
    target: 'draft-2020-12',
    io: 'output',
    uri: (id) => `#/components/schemas/${id}`,
  });
  const components: Record<string, Record<string, unknown>> = {};
  for (const [id, schema] of Object.entries(schemas)) {
    // Both name the schema as a document of its own; inside the description they would be wrong.
    const { $schema: _dialect, $id: _id, ...rest } = schema as Record<string, unknown>;
    components[id] = rest;
  }
  return components;
}
