import { z } from 'zod';
import { SessionIdSchema } from '#shared/cart.ts';
import { PRODUCT_IMAGE_WIDTHS, UPLOAD_IMAGE_WIDTHS } from '#shared/catalog.ts';
import type { ResponseSchemaName } from './openapi-schemas.ts';

/**
 * What the routes' own schemas cannot say about each operation of the API: its domain, a summary,
 * its answer, and the headers a handler reads by itself. Keyed by Fastify's method and URL;
 * tests/integration/openapi.test.ts fails for an API route missing here, so a new route gets its
 * line when it is written. Response bodies name a schema of openapi-schemas.ts.
 */

export const TAGS = [
  { name: 'Catalog', description: 'Products and their pictures; the owner edits them and their stock.' },
  { name: 'Cart', description: 'A cart per browser, keyed by the `sessionId` the browser makes (ADR 0004).' },
  {
    name: 'Checkout',
    description:
      'From cart to paid order. The payment id (`pi_…`) is the key to its checkout (ADR 0009); stock is held while the checkout page is open (ADR 0019).',
  },
  { name: 'Payments', description: 'The built-in test provider, and the Stripe webhook (ADR 0010).' },
  { name: 'Reviews', description: 'Reviews from verified buyers, held for the owner’s approval (ADR 0012, 0021).' },
  { name: 'Content', description: 'Guides and legal pages for the storefront’s navigations (ADR 0008).' },
  { name: 'Analytics', description: 'The storefront’s first-party beacon and the owner’s figures (ADR 0014).' },
  { name: 'Admin sign-in', description: 'The owner’s session cookie (ADR 0011, 0017).' },
  { name: 'Orders', description: 'Paid orders and their status, for the owner.' },
  {
    name: 'Customers',
    description: 'The e-mail addresses of paid orders, each with its orders and what it spent, for the owner (ADR 0028).',
  },
  {
    name: 'Fulfilment',
    description: 'Postage, shipping labels, packing slips, the printer and the carrier’s tracking (ADR 0013, 0036).',
  },
  {
    name: 'Order status',
    description: 'The shopper’s order page without an account: the signed token in every order e-mail is the key (ADR 0038).',
  },
  { name: 'Returns', description: 'Returns within 30 days: asked by the shopper, decided and received by the owner (ADR 0037).' },
  {
    name: 'Checkout reminders',
    description:
      'The one reminder of a checkout left at the payment step: its signed links bring the checkout back into a cart, or stop the reminders to its address (ADR 0041).',
  },
  {
    name: 'Discounts',
    description: 'Discount codes: the owner makes them, shoppers put one on their checkout (ADR 0040).',
  },
  { name: 'Settings', description: 'The store’s settings the owner edits: shipping, contacts, reminders (ADR 0039).' },
  { name: 'Health', description: 'For load balancers and monitoring.' },
] as const;

export type Tag = (typeof TAGS)[number]['name'];

export interface OperationDoc {
  tag: Tag;
  operationId: string;
  summary: string;
  description?: string;
  ok: {
    status: 200 | 201 | 202 | 204;
    description: string;
    /** A schema of openapi-schemas.ts (JSON), or the media types of a file. */
    body?: ResponseSchemaName | { files: string[] };
  };
  /** A route with path parameters that never answers 404 (an unknown cart is an empty one). */
  alwaysFound?: true;
  /** Statuses this operation answers beyond those the document adds from the route itself. */
  errors?: (401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 503)[];
  /** Answers of this operation's own shape, instead of the shared error. */
  responses?: Record<string, { description: string; body: ResponseSchemaName }>;
  /** Headers the handler reads itself. */
  headers?: z.ZodObject;
  /** A body the route parses itself (multipart, raw bytes): an OpenAPI request body. */
  requestBody?: Record<string, unknown>;
}

/** The cart session a handler reads from `X-Session-Id` (ADR 0004). */
const sessionHeader = (required: boolean, description: string) =>
  z.object({ 'x-session-id': (required ? SessionIdSchema : SessionIdSchema.optional()).describe(description) });
const itemOwner = (required: boolean) =>
  sessionHeader(required, 'The cart’s own session id: without it, or with another one, the item is “not found”.');
const checkoutOwner = sessionHeader(
  false,
  'The cart’s session id. Optional; when sent it must be the checkout’s own, or the answer is 404.',
);

export const OPERATIONS: Record<string, OperationDoc> = {
  'GET /healthz': {
    tag: 'Health',
    operationId: 'checkHealth',
    summary: 'Check the server and its database',
    ok: { status: 200, description: 'Up, and which database it uses.', body: 'Health' },
    responses: { '503': { description: 'The database cannot be reached.', body: 'HealthDown' } },
  },

  'GET /api/products': {
    tag: 'Catalog',
    operationId: 'listProducts',
    summary: 'List the products on sale',
    ok: { status: 200, description: 'Active products in display order. Prices are decimal strings in USD.', body: 'ProductList' },
  },
  'GET /api/products/:id': {
    tag: 'Catalog',
    operationId: 'getProduct',
    summary: 'Get a product on sale',
    ok: { status: 200, description: 'The product; 404 when it is unknown or not on sale.', body: 'Product' },
  },
  'GET /api/product-images/:kind': {
    tag: 'Catalog',
    operationId: 'getProductImage',
    summary: 'Get a product picture',
    description: `\`w\` is one of ${PRODUCT_IMAGE_WIDTHS.join(', ')} (default 960); \`format\` webp (default) or png. Cached for a year.`,
    ok: { status: 200, description: 'The picture.', body: { files: ['image/webp', 'image/png'] } },
    alwaysFound: true,
  },
  'GET /api/admin/products': {
    tag: 'Catalog',
    operationId: 'listAllProducts',
    summary: 'List every product, inactive ones too',
    ok: { status: 200, description: 'Every product with its stock and display order.' },
  },
  'POST /api/admin/products': {
    tag: 'Catalog',
    operationId: 'createProduct',
    summary: 'Add a product',
    ok: { status: 201, description: 'The product as stored.' },
  },
  'PUT /api/admin/products/:id': {
    tag: 'Catalog',
    operationId: 'updateProduct',
    summary: 'Change a product',
    description: 'Orders already placed keep the name and price they were bought at.',
    ok: { status: 200, description: 'The product as stored.' },
  },
  'DELETE /api/admin/products/:id': {
    tag: 'Catalog',
    operationId: 'deleteProduct',
    summary: 'Delete a product',
    ok: { status: 200, description: 'Deleted.', body: 'Success' },
  },
  'PUT /api/admin/products/:id/inventory': {
    tag: 'Catalog',
    operationId: 'adjustInventory',
    summary: 'Add units to the stock, or take them off',
    ok: { status: 200, description: 'The product with its new stock; 409 if it would go below 0.' },
    errors: [409],
  },
  'PUT /api/admin/products/:id/set-inventory': {
    tag: 'Catalog',
    operationId: 'setInventory',
    summary: 'Set the stock to a count',
    ok: { status: 200, description: 'The product with its new stock.' },
  },
  'GET /api/admin/products/:id/stock-movements': {
    tag: 'Catalog',
    operationId: 'listStockMovements',
    summary: 'A product’s stock history',
    description:
      'Every change of the product’s stock, newest first, 50 at a time by default (`limit` up to 200): held for a checkout, sold at payment, back from a checkout, the owner’s changes, with who made it, the stock after it and the order it belongs to. When more follow, the `Link` header gives the next page (`rel="next"`).',
    ok: { status: 200, description: 'The movements, newest first.', body: 'StockMovements' },
  },
  'PUT /api/admin/products/:id/order': {
    tag: 'Catalog',
    operationId: 'setDisplayOrder',
    summary: 'Set where a product is listed',
    ok: { status: 200, description: 'The product with its new display order.' },
  },
  'POST /api/admin/upload-image': {
    tag: 'Catalog',
    operationId: 'uploadProductImage',
    summary: 'Upload a product image',
    description: `PNG, JPEG, WebP or GIF, at most 5 MB, in the form field \`image\`; stored re-encoded as WebP, whole (at most 1600 px) and at each narrower width of ${UPLOAD_IMAGE_WIDTHS.join(', ')} px, every size at an address named by its content. A file that cannot be read stores nothing.`,
    ok: {
      status: 200,
      description: 'The full image’s address, for a product’s `imageUrl`, and the sizes the storefront then shows.',
      body: 'UploadedImage',
    },
    errors: [413, 415],
    requestBody: {
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            properties: { image: { type: 'string', format: 'binary', description: 'The image file' } },
            required: ['image'],
          },
        },
      },
    },
  },

  'GET /api/cart/:sessionId': {
    tag: 'Cart',
    operationId: 'getCart',
    summary: 'Get a cart',
    ok: {
      status: 200,
      description: 'The cart’s items with their products and stock; empty for an unknown session.',
      body: 'Cart',
    },
    alwaysFound: true,
  },
  'POST /api/cart': {
    tag: 'Cart',
    operationId: 'addToCart',
    summary: 'Add a product to a cart',
    description: 'Adds to the quantity already in the cart; 409 past 99 or past the stock, with the reason.',
    ok: { status: 201, description: 'The cart item.', body: 'CartItem' },
    errors: [409],
  },
  'PUT /api/cart/:itemId': {
    tag: 'Cart',
    operationId: 'updateCartItem',
    summary: 'Change the quantity of a cart item',
    description: 'The cart’s session id comes in `X-Session-Id` or in the body’s `sessionId`.',
    ok: { status: 200, description: 'The cart item.', body: 'CartItem' },
    errors: [409],
    headers: itemOwner(false),
  },
  'DELETE /api/cart/:itemId': {
    tag: 'Cart',
    operationId: 'removeCartItem',
    summary: 'Remove an item from a cart',
    ok: { status: 204, description: 'Removed.' },
    headers: itemOwner(true),
  },
  'DELETE /api/cart/session/:sessionId': {
    tag: 'Cart',
    operationId: 'clearCart',
    summary: 'Empty a cart',
    ok: { status: 200, description: 'How many items were removed.', body: 'Removed' },
    alwaysFound: true,
  },

  'POST /api/checkout': {
    tag: 'Checkout',
    operationId: 'startCheckout',
    summary: 'Start a checkout from a cart',
    description:
      'Makes a pending order at the database’s prices and a payment, and holds the stock for a few minutes. 400 for an empty cart, 409 for an item no longer on sale or out of stock.',
    ok: { status: 201, description: 'Where the checkout page is: `/checkout?payment_intent=…`.', body: 'CheckoutStarted' },
    errors: [409, 503],
  },
  'POST /api/checkout/:paymentIntentId/hold': {
    tag: 'Checkout',
    operationId: 'renewHold',
    summary: 'Keep the checkout’s stock held',
    description:
      'The checkout page calls this every minute while it is open, and before paying. 409 once the checkout has closed.',
    ok: { status: 200, description: 'The checkout, with `hold.until`.', body: 'Checkout' },
    errors: [409],
    headers: checkoutOwner,
  },
  'POST /api/checkout/:paymentIntentId/discount': {
    tag: 'Discounts',
    operationId: 'applyDiscount',
    summary: 'Put a discount code on the checkout',
    description:
      'In place of any code it has. The order’s totals are priced again and the payment asks for the new total. 409 with the reason when the code cannot be used (unknown, not yet or no longer active, below its minimum, for other products, used up, used with this e-mail address) or the checkout has closed; 429 past the tries an address has in an hour.',
    ok: { status: 200, description: 'The checkout with its discount and new total.', body: 'Checkout' },
    errors: [404, 409, 429, 503],
    headers: checkoutOwner,
  },
  'DELETE /api/checkout/:paymentIntentId/discount': {
    tag: 'Discounts',
    operationId: 'removeDiscount',
    summary: 'Take the discount code off the checkout',
    description: 'Its use is given back and the payment asks for the total without it. 409 once the order is paid.',
    ok: { status: 200, description: 'The checkout without a discount.', body: 'Checkout' },
    errors: [404, 409, 503],
    headers: checkoutOwner,
  },
  'POST /api/checkout/:paymentIntentId/confirm': {
    tag: 'Payments',
    operationId: 'confirmPayment',
    summary: 'Pay a checkout with Stripe, confirmed by the store',
    description:
      'With the ConfirmationToken Stripe.js made from the Payment Element (`stripe.createConfirmationToken`), or with none after `stripe.handleNextAction` (the bank’s authentication, `requires_action`). The store confirms only an open checkout whose shipping step is saved, with its hold and discount code kept and the payment at its total, and sends Stripe the shopper’s e-mail and shipping address; a refusal answers `requires_payment_method` with the reason, as a decline does. `succeeded` completes the order. 404 when the store does not take payments with Stripe.',
    ok: { status: 200, description: 'The payment’s status, as Stripe’s confirm answers.', body: 'ConfirmPayment' },
    errors: [404, 429, 503],
    headers: checkoutOwner,
  },
  'GET /api/checkout/:paymentIntentId': {
    tag: 'Checkout',
    operationId: 'getCheckout',
    summary: 'Get a checkout',
    ok: { status: 200, description: 'The order’s items and totals, its hold and when it closes.', body: 'Checkout' },
    headers: checkoutOwner,
  },
  'POST /api/orders/shipping': {
    tag: 'Checkout',
    operationId: 'saveShipping',
    summary: 'Save the shipping address of a checkout',
    description: 'US addresses only. 409 once the order is paid or the checkout has closed.',
    ok: { status: 200, description: 'The checkout.', body: 'Checkout' },
    errors: [404, 409],
    headers: checkoutOwner,
  },
  'POST /api/orders/complete': {
    tag: 'Checkout',
    operationId: 'completeOrder',
    summary: 'Complete an order once its payment succeeded',
    description:
      'The server asks the payment provider; the same call again answers the same. 409 when the payment has not succeeded or needs a look by the team.',
    ok: { status: 200, description: 'The paid order.', body: 'OrderCompleted' },
    errors: [404, 409],
    headers: checkoutOwner,
  },
  'GET /api/orders/confirmation/:paymentIntentId': {
    tag: 'Checkout',
    operationId: 'getConfirmation',
    summary: 'Get an order’s confirmation',
    description: 'What the confirmation page shows, without the address.',
    ok: { status: 200, description: 'The order’s summary.' },
  },

  'POST /api/payments/test/confirm': {
    tag: 'Payments',
    operationId: 'confirmTestPayment',
    summary: 'Pay with the built-in test provider',
    description:
      'Card 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined. The store confirms only an open checkout whose shipping step is saved, with its hold and discount code kept; a refusal answers `requires_payment_method` with the reason. 404 when the store takes payments with Stripe.',
    ok: { status: 200, description: 'The payment’s status, as Stripe’s confirm answers.', body: 'TestPaymentResult' },
    errors: [404],
  },
  'POST /api/webhooks/stripe': {
    tag: 'Payments',
    operationId: 'receiveStripeEvent',
    summary: 'Receive a Stripe event',
    description:
      'Stripe’s signed events `payment_intent.succeeded` and `payment_intent.payment_failed`, checked against the raw body. A replayed event does nothing; 503 asks Stripe to send it again.',
    ok: { status: 200, description: 'Received.', body: 'WebhookReceived' },
    errors: [503],
    headers: z.object({ 'stripe-signature': z.string().describe('Stripe’s signature of the body') }),
    requestBody: {
      required: true,
      content: { 'application/json': { schema: { type: 'object', description: 'A Stripe event' } } },
    },
  },

  'GET /api/reviews': {
    tag: 'Reviews',
    operationId: 'listReviews',
    summary: 'List a product’s approved reviews',
    ok: { status: 200, description: 'Approved reviews, newest first; never an e-mail address.' },
  },
  'GET /api/reviews/stats/:productId': {
    tag: 'Reviews',
    operationId: 'getReviewStats',
    summary: 'Get a product’s rating',
    ok: { status: 200, description: 'How many approved reviews, and their average rating.', body: 'ReviewStats' },
    alwaysFound: true,
  },
  'POST /api/reviews/verify-purchase': {
    tag: 'Reviews',
    operationId: 'requestReviewCode',
    summary: 'E-mail a review code',
    description: 'Sends a 6-digit code to the address if it bought the product; the answer is the same for every address.',
    ok: { status: 202, description: 'Same for every address.', body: 'CodeSent' },
    errors: [429],
  },
  'POST /api/reviews/verify-code': {
    tag: 'Reviews',
    operationId: 'verifyReviewCode',
    summary: 'Check a review code',
    description: 'With the right code, says whether the address bought the product and, if so, gives the token the review needs.',
    ok: { status: 200, description: 'The verdict.', body: 'CodeVerdict' },
    errors: [429],
  },
  'POST /api/reviews': {
    tag: 'Reviews',
    operationId: 'submitReview',
    summary: 'Submit a review',
    description: 'Needs the token from verify-code or the shipped e-mail’s link; held until the owner approves it.',
    ok: { status: 201, description: 'Received, waiting for approval.', body: 'ReviewCreated' },
    errors: [403, 409, 429],
  },
  'GET /api/admin/reviews': {
    tag: 'Reviews',
    operationId: 'listReviewsForAdmin',
    summary: 'List the reviews a page at a time, with their figures',
    description:
      'Newest first, 50 at a time by default (`limit` up to 200); `status` (`pending` or `approved`) and `q` (any part of the title, name, e-mail or text) are applied here. When more follow, the `Link` header gives the next page (`rel="next"`).',
    ok: { status: 200, description: 'A page of reviews (approved or not, with the e-mail) and the figures of every review.' },
  },
  'PUT /api/admin/reviews/:id/approve': {
    tag: 'Reviews',
    operationId: 'approveReview',
    summary: 'Approve a review',
    ok: { status: 200, description: 'The review, now published.' },
  },
  'DELETE /api/admin/reviews/:id': {
    tag: 'Reviews',
    operationId: 'deleteReview',
    summary: 'Delete a review',
    ok: { status: 200, description: 'Deleted.', body: 'Success' },
  },

  'GET /api/content': {
    tag: 'Content',
    operationId: 'getContentPage',
    summary: 'Get a guide or legal page',
    description: 'Served with server rendering on (every store but the API tests).',
    ok: { status: 200, description: 'The page’s head data and its body as HTML.' },
    errors: [404],
  },

  'POST /api/analytics/collect': {
    tag: 'Analytics',
    operationId: 'collectEvent',
    summary: 'Record a page view or other event',
    description:
      'The storefront’s beacon. Also accepts the JSON as `text/plain` (what `navigator.sendBeacon` sends). Crawlers and the dashboard’s pages are not counted.',
    ok: { status: 204, description: 'Recorded (or ignored).' },
  },
  'GET /api/analytics': {
    tag: 'Analytics',
    operationId: 'getAnalyticsReport',
    summary: 'Get the dashboard’s figures',
    description:
      '`range` chooses the period of the daily series, sessions, duration, bounce and conversion rates, top pages and sources: `7d` (when absent), `30d` or `12m`, whole UTC days ending today. Closed days are read from their rollups (ADR 0032).',
    ok: { status: 200, description: 'Sales, sessions, sources, conversion and Core Web Vitals.' },
  },

  'POST /api/admin/login': {
    tag: 'Admin sign-in',
    operationId: 'signIn',
    summary: 'Sign in',
    description:
      'Sets the session cookie and the trusted-device cookie. Needs an `Origin` equal to the store’s. 401 for a wrong username or password; 429 past the sign-in limits (docs/security.md, “Sign-in limits”).',
    ok: { status: 200, description: 'Signed in.', body: 'SignedIn' },
    errors: [401, 403, 429],
  },
  'POST /api/admin/logout': {
    tag: 'Admin sign-in',
    operationId: 'signOut',
    summary: 'Sign out',
    description: 'Ends the session and clears its cookie. Needs an `Origin` equal to the store’s.',
    ok: { status: 200, description: 'Signed out.', body: 'Success' },
    errors: [403],
  },
  'GET /api/admin/me': {
    tag: 'Admin sign-in',
    operationId: 'getSignedInAdmin',
    summary: 'Who is signed in',
    ok: { status: 200, description: 'The signed-in admin.', body: 'AdminMe' },
  },

  'GET /api/orders': {
    tag: 'Orders',
    operationId: 'listOrders',
    summary: 'List orders',
    description:
      'A page of orders, newest first: paid orders and payment problems; open checkouts only with `status=pending`, checkouts closed unpaid only with `filter=expired`. `q` searches names, e-mail, payment id and order number. When more follow, the `Link` header gives the next page (`rel="next"`).',
    ok: { status: 200, description: 'Orders, newest first.' },
  },
  'GET /api/orders/export.csv': {
    tag: 'Orders',
    operationId: 'exportOrders',
    summary: 'Export orders as CSV',
    description:
      "The orders placed between `from` and `to` (UTC days, inclusive), oldest first: without `status`, every paid order and payment problem. Streamed a batch at a time; one line per order with its items, totals, address and tracking number. A cell that would start a spreadsheet formula is prefixed with `'`.",
    ok: { status: 200, description: 'The CSV file.', body: { files: ['text/csv'] } },
  },
  'GET /api/orders/summary': {
    tag: 'Orders',
    operationId: 'getOrdersSummary',
    summary: 'Order figures',
    description: 'The dashboard’s summary cards and the count of each status and filter, computed in the database.',
    ok: { status: 200, description: 'The figures.', body: 'OrdersSummary' },
  },
  'GET /api/orders/:id/timeline': {
    tag: 'Orders',
    operationId: 'getOrderTimeline',
    summary: 'An order’s history',
    description:
      'Every event of the order, oldest first: checkout started, shipping saved, declined payment attempts with the provider’s reason, paid, e-mails sent, labels, status changes, the owner’s notes.',
    ok: { status: 200, description: 'The events.', body: 'OrderTimeline' },
  },
  'POST /api/orders/:id/notes': {
    tag: 'Orders',
    operationId: 'addOrderNote',
    summary: 'Add a note to an order',
    description: 'An internal note, kept in the order’s history with the admin’s name. Never shown to the shopper.',
    ok: { status: 201, description: 'The note as it appears in the history.', body: 'OrderEvent' },
  },
  'GET /api/orders/:id/refunds': {
    tag: 'Orders',
    operationId: 'getOrderRefunds',
    summary: 'An order’s refunds and what is left to refund',
    ok: { status: 200, description: 'The refunds, each line’s refunded units, and the refundable amount.', body: 'OrderRefunds' },
  },
  'POST /api/orders/:id/refunds': {
    tag: 'Orders',
    operationId: 'refundOrder',
    summary: 'Refund lines or an amount of a paid order',
    description:
      'Through the payment provider. `items` refunds lines and quantities (each put back in stock when `restock`), `amount` an amount (it replaces the lines’ worth when both are sent); neither (`{}` or no body) refunds all that is left, restocking nothing. Never more than is left to refund: 409 with a message. With an `Idempotency-Key` header, the same request sent again answers as the first did: 200 with the refund it made, or the same 409 when the provider refused it; the key sent with another request (other lines, amount or reason) is refused with 422 and refunds nothing. 503 when the provider does not answer: the refund stays pending and is asked again with the same key.',
    ok: { status: 201, description: 'The refund.', body: 'Refund' },
    errors: [409, 422, 503],
  },
  'POST /api/orders/:id/cancel': {
    tag: 'Orders',
    operationId: 'cancelOrder',
    summary: 'Cancel an order',
    description:
      'An unpaid order: its payment cancelled and its stock hold released. A paid order not shipped yet: refunded in full and its items put back in stock. Shipped orders are refused (409): refund them as a return. Cancelling a cancelled order changes nothing.',
    ok: { status: 200, description: 'The order, cancelled.' },
    errors: [409, 503],
  },
  'PUT /api/orders/:id/status': {
    tag: 'Orders',
    operationId: 'setOrderStatus',
    summary: 'Set an order’s status',
    ok: { status: 200, description: 'The order.' },
    errors: [409],
  },

  'GET /api/admin/customers': {
    tag: 'Customers',
    operationId: 'listCustomers',
    summary: 'List customers',
    description:
      'A page of customers: each e-mail address of paid, shipped or delivered orders (any case, test orders included) with the name on its latest order, how many such orders, their total and the first and latest order’s time; the one who ordered last first. `q` searches the e-mail and the name, in any case. When more follow, the `Link` header gives the next page (`rel="next"`); its cursor is opaque.',
    ok: { status: 200, description: 'Customers, the latest order first.', body: 'CustomerList' },
  },
  'GET /api/admin/customers/export.csv': {
    tag: 'Customers',
    operationId: 'exportCustomers',
    summary: 'Export customers as CSV',
    description:
      "Every customer the same `q` finds, in the list's order: e-mail, name, orders, total spent, first and last order (UTC), test orders. Streamed a batch at a time. A cell that would start a spreadsheet formula is prefixed with `'`.",
    ok: { status: 200, description: 'The CSV file.', body: { files: ['text/csv'] } },
  },
  'GET /api/admin/customers/orders': {
    tag: 'Customers',
    operationId: 'listCustomerOrders',
    summary: 'List one customer’s orders',
    description:
      'The orders counted in the figures of the customer with this `email` (matched whole, in any case), newest first. When more follow, the `Link` header gives the next page (`rel="next"`).',
    ok: { status: 200, description: 'Orders, newest first.' },
  },

  'POST /api/orders/:id/rates': {
    tag: 'Fulfilment',
    operationId: 'getShippingRates',
    summary: 'Quote the order’s parcel',
    description:
      'The label provider’s rates for the order’s parcel (its weight from the products’), cheapest first, kept as a quote to buy one of. 409 for an unpaid order, one without an address, one with a label, or an address the provider refuses; 503 when it does not answer.',
    ok: { status: 200, description: 'The quote: its id, the provider and its rates.' },
    errors: [409, 503],
  },
  'POST /api/orders/:id/create-label': {
    tag: 'Fulfilment',
    operationId: 'createLabel',
    summary: 'Buy and print the order’s shipping label',
    description:
      'The rate chosen from a quote (`{quoteId, rateId}`), or without a body the cheapest rate of a new quote. One label per order: asking again prints the same one. Printed when a printer is set. 409 for an unpaid order or one without an address; 503 when the provider does not answer (ask for the rates again).',
    ok: { status: 200, description: 'The order with its tracking number, and whether the label was printed.' },
    errors: [409, 503],
  },
  'DELETE /api/orders/:id/label': {
    tag: 'Fulfilment',
    operationId: 'voidLabel',
    summary: 'Void the order’s label',
    ok: { status: 200, description: 'The order without its label.' },
    errors: [409],
  },
  'GET /api/orders/:id/label': {
    tag: 'Fulfilment',
    operationId: 'getLabelPdf',
    summary: 'Get the order’s label (4×6 PDF)',
    ok: { status: 200, description: 'The label.', body: { files: ['application/pdf'] } },
  },
  'GET /api/orders/:id/packing-slip': {
    tag: 'Fulfilment',
    operationId: 'getPackingSlipPdf',
    summary: 'Get the order’s packing slip (PDF)',
    ok: { status: 200, description: 'The packing slip.', body: { files: ['application/pdf'] } },
  },
  'POST /api/webhooks/easypost': {
    tag: 'Fulfilment',
    operationId: 'receiveEasyPostEvent',
    summary: 'Receive an EasyPost tracking event',
    description:
      'EasyPost’s signed `tracker.updated` events, checked against the raw body: each scan lands once in its order’s history; the first scan in transit ships the order and the delivery delivers it. Other events and unknown parcels are received and ignored; 503 asks EasyPost to send it again.',
    ok: { status: 200, description: 'Received.', body: 'WebhookReceived' },
    errors: [503],
    headers: z.object({ 'x-hmac-signature': z.string().describe('EasyPost’s signature of the body: hmac-sha256-hex=…') }),
  },
  'GET /api/order-status/:token': {
    tag: 'Order status',
    operationId: 'getOrderStatus',
    summary: 'Read an order’s page',
    description:
      'The paid order the token opens: status, items, totals, address, tracking, delivery estimate, the history as the shopper reads it, its returns and what can still be returned. 404 with one message for any token that opens nothing.',
    ok: { status: 200, description: 'The order as its shopper sees it (no e-mail address, no payment).' },
  },
  'POST /api/order-status/links': {
    tag: 'Order status',
    operationId: 'emailOrderLinks',
    summary: 'E-mail an address the links to its orders',
    description:
      'The links to the newest paid orders placed with this e-mail address go to that address. The answer is the same for every address, with orders or without; an address is mailed a few times an hour at most. 429 past the requests a client address has in an hour.',
    ok: { status: 202, description: 'The one answer for every address.', body: 'OrderLinksSent' },
    errors: [429],
  },
  'POST /api/order-status/lookup': {
    tag: 'Order status',
    operationId: 'lookUpOrder',
    summary: 'Find an order by its number and e-mail address',
    description:
      'The order page’s token when both are a paid order’s; one 404 for whatever did not match. Limited per client address and per e-mail address (`RATE_LIMIT_ORDER_LOOKUPS_…`).',
    ok: { status: 200, description: 'The token of the order’s page.' },
    errors: [429],
  },
  'POST /api/order-status/:token/returns': {
    tag: 'Returns',
    operationId: 'requestReturn',
    summary: 'Ask to return lines of the order',
    description:
      'Lines the shopper still has (bought, not refunded, not in another return under way), within 30 days of the delivery, with a reason. 409 with the reason when they cannot be returned.',
    ok: { status: 201, description: 'The order’s page with the new return.' },
    errors: [409, 429],
  },
  'POST /api/recover/:token': {
    tag: 'Checkout reminders',
    operationId: 'restoreCheckout',
    summary: 'Bring a reminded checkout back into a cart',
    description:
      'The token of a reminder’s “Complete your order” link (14 days). Puts the checkout’s lines in the cart of `sessionId` by the cart’s rules (today’s prices; at least the checkout’s quantity, as far as the stock allows; a line holding more keeps it; opening it again adds nothing) and answers the shipping details for the checkout’s form. A product no longer sold or out of stock is left out and named in `missing`. 404 with one message for a token that opens nothing.',
    ok: { status: 200, description: 'What came back, what could not, and the shipping details.', body: 'RestoreResult' },
    // 409: the checkout was paid since (its order is not named: the confirmation e-mail and Track Your Order show it), or its payment is set aside.
    errors: [409],
  },
  'GET /api/unsubscribe/:token': {
    tag: 'Checkout reminders',
    operationId: 'getUnsubscribeLink',
    summary: 'Read the address of an unsubscribe link',
    description: 'Changes nothing (mail scanners follow links). 404 with one message for a token that opens nothing.',
    ok: { status: 200, description: 'The address, and whether it gets no more reminders.', body: 'UnsubscribeView' },
  },
  'POST /api/unsubscribe/:token': {
    tag: 'Checkout reminders',
    operationId: 'unsubscribeFromReminders',
    summary: 'Stop the reminders to the link’s address',
    description:
      'The unsubscribe page’s button. The reminder’s `List-Unsubscribe` header (with `List-Unsubscribe-Post: List-Unsubscribe=One-Click`, RFC 8058) names the page itself, `/unsubscribe/<token>`, which takes the same POST: a mail provider posts `List-Unsubscribe=One-Click` as a form; any body is ignored. Asking again changes nothing. 404 with one message for a token that opens nothing.',
    ok: { status: 200, description: 'The address, unsubscribed.', body: 'UnsubscribeView' },
    requestBody: {
      required: false,
      content: {
        'application/x-www-form-urlencoded': {
          schema: { type: 'object', properties: { 'List-Unsubscribe': { type: 'string', const: 'One-Click' } } },
        },
      },
    },
  },
  'GET /api/order-status/:token/returns/:id/label': {
    tag: 'Returns',
    operationId: 'getShopperReturnLabel',
    summary: 'Get a return’s label or slip (PDF)',
    ok: { status: 200, description: 'The label.', body: { files: ['application/pdf'] } },
  },
  'GET /api/admin/returns': {
    tag: 'Returns',
    operationId: 'listReturns',
    summary: 'List the returns a page at a time, with each status’s count',
    description: 'Newest first, 50 at a time by default (`limit` up to 200), of one `status` or all; the next page in `Link`.',
    ok: { status: 200, description: 'A page of returns and the counts.' },
  },
  'POST /api/admin/returns/:id/approve': {
    tag: 'Returns',
    operationId: 'approveReturn',
    summary: 'Approve a return and make its label',
    description:
      'A prepaid return label from the label provider (the built-in one makes a slip); approving again makes a label that failed. 409 for a refused or received return; 503 when the provider does not answer.',
    ok: { status: 200, description: 'The return.' },
    errors: [409, 503],
  },
  'POST /api/admin/returns/:id/refuse': {
    tag: 'Returns',
    operationId: 'refuseReturn',
    summary: 'Refuse a return, with the reason the shopper reads',
    ok: { status: 200, description: 'The return.' },
    errors: [409],
  },
  'POST /api/admin/returns/:id/receive': {
    tag: 'Returns',
    operationId: 'receiveReturn',
    summary: 'Receive a return: refund its lines',
    description:
      'Refunds the lines (put back in stock or not) and the postage the shopper paid (refused for a prepaid label), once, through the payment provider. When the provider has not answered yet the return is received and its refund pending (`refunded` null; it is asked again). 409 unless approved, for postage on a prepaid label, or when the provider refuses the refund (the return stays approved; receiving again tries again).',
    ok: { status: 200, description: 'The return.' },
    errors: [409],
  },
  'GET /api/admin/returns/:id/label': {
    tag: 'Returns',
    operationId: 'getReturnLabel',
    summary: 'Get a return’s label or slip (PDF)',
    ok: { status: 200, description: 'The label.', body: { files: ['application/pdf'] } },
  },
  'GET /api/admin/discounts': {
    tag: 'Discounts',
    operationId: 'listDiscounts',
    summary: 'List the discount codes',
    ok: {
      status: 200,
      description:
        'Every code with its terms, its state (live, scheduled, expired, used up, inactive), its uses and what paid orders saved with it.',
    },
  },
  'POST /api/admin/discounts': {
    tag: 'Discounts',
    operationId: 'createDiscount',
    summary: 'Create a discount code',
    description:
      'A percentage or a fixed amount off, with an optional minimum subtotal, dates, usage limit, once per e-mail address and products. 409 when the code exists.',
    ok: { status: 201, description: 'The code as saved.' },
    errors: [409],
  },
  'PUT /api/admin/discounts/:id': {
    tag: 'Discounts',
    operationId: 'updateDiscount',
    summary: 'Change a discount code',
    description:
      'For checkouts that apply it from now on. 409 when another code has the name, or the usage limit is below the uses taken.',
    ok: { status: 200, description: 'The code as saved.' },
    errors: [404, 409],
  },
  'DELETE /api/admin/discounts/:id': {
    tag: 'Discounts',
    operationId: 'deleteDiscount',
    summary: 'Delete a discount code',
    description: 'Orders paid with it keep its name and what it took off.',
    ok: { status: 204, description: 'Deleted.' },
    errors: [404],
  },
  'GET /api/admin/settings': {
    tag: 'Settings',
    operationId: 'getSettings',
    summary: 'Read the store’s settings',
    ok: {
      status: 200,
      description: 'The shipping rate, the free-shipping amount, the contacts, the alerts’ address and the reminder delay.',
    },
  },
  'PUT /api/admin/settings': {
    tag: 'Settings',
    operationId: 'saveSettings',
    summary: 'Save the store’s settings',
    description:
      'Every setting at once; the store (every instance) uses them from the next request: checkouts’ shipping, the page’s contacts and structured data, the e-mails, the owner’s alerts, the checkout reminders.',
    ok: { status: 200, description: 'The settings as saved.' },
  },
  'POST /api/test-print': {
    tag: 'Fulfilment',
    operationId: 'testPrint',
    summary: 'Print a test page',
    description: '503 when the printer cannot be reached or no printer is set.',
    ok: { status: 200, description: 'Printed.', body: 'PrintDone' },
    errors: [503],
  },
};
