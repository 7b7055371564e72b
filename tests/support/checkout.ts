import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { STOCK_LOW_MAX } from '#shared/constants.ts';
import { newSessionId } from './app.ts';

/** Both drivers answer raw SQL with { rows }. */
type Rows<T> = { rows: T[] };

/** A shopper's step-1 details, as POST /api/orders/shipping takes them. */
export const SHIPPING_DETAILS = {
  email: 'Dana.Lee@Example.com',
  firstName: 'Dana',
  lastName: 'Lee',
  phone: '555 010 0199',
  address: '12 Iron Way',
  city: 'Columbus',
  state: 'OH',
  zip: '43004',
  country: 'US' as const,
  /** The age box ("I confirm I am 18 or older"), which the store asks by default (docs/decisions/0048). */
  ageConfirmed: true,
};

let nextAddress = 0;
/** A fresh address for each call (198.18.0.0/15, the benchmarking range): shoppers on their own networks. */
export function newAddress(): string {
  nextAddress += 1;
  return `198.18.${(nextAddress >> 8) & 255}.${nextAddress & 255}`;
}

/**
 * A shopper's steps through the API, as the storefront takes them. Every request comes from
 * `ip` (default: the loopback address inject uses, shared by every such shopper).
 */
export function shopper(app: FastifyInstance, sessionId = newSessionId(), ip = '127.0.0.1') {
  const remoteAddress = ip;
  return {
    sessionId,
    ip,
    add: (productId: number, quantity: number) =>
      app.inject({ method: 'POST', url: '/api/cart', remoteAddress, payload: { sessionId, productId, quantity } }),
    checkout: (extra: Record<string, unknown> = {}) =>
      app.inject({ method: 'POST', url: '/api/checkout', remoteAddress, payload: { sessionId, ...extra } }),
    /** The checkout page's renewal of its hold. */
    hold: (paymentIntentId: string) =>
      app.inject({
        method: 'POST',
        url: `/api/checkout/${paymentIntentId}/hold`,
        remoteAddress,
        headers: { 'x-session-id': sessionId },
      }),
    ship: (paymentIntentId: string, fields: Record<string, unknown> = {}) =>
      app.inject({
        method: 'POST',
        remoteAddress,
        url: '/api/orders/shipping',
        payload: { paymentIntentId, ...SHIPPING_DETAILS, ...fields },
      }),
    pay: (paymentIntentIdOrSecret: string, cardNumber = '4242 4242 4242 4242') =>
      app.inject({
        method: 'POST',
        remoteAddress,
        url: '/api/payments/test/confirm',
        payload: { paymentIntentId: paymentIntentIdOrSecret, cardNumber },
      }),
    /** The checkout page's discount code field. */
    code: (paymentIntentId: string, code: unknown) =>
      app.inject({
        method: 'POST',
        remoteAddress,
        url: `/api/checkout/${paymentIntentId}/discount`,
        headers: { 'x-session-id': sessionId },
        payload: { code },
      }),
    dropCode: (paymentIntentId: string) =>
      app.inject({
        method: 'DELETE',
        remoteAddress,
        url: `/api/checkout/${paymentIntentId}/discount`,
        headers: { 'x-session-id': sessionId },
      }),
    /** The checkout page's server-side confirmation (Stripe): a ConfirmationToken, or none after authenticating. */
    confirm: (paymentIntentId: string, confirmationToken?: string) =>
      app.inject({
        method: 'POST',
        remoteAddress,
        url: `/api/checkout/${paymentIntentId}/confirm`,
        headers: { 'x-session-id': sessionId },
        payload: confirmationToken ? { confirmationToken } : {},
      }),
    complete: (paymentIntentId: string) =>
      app.inject({ method: 'POST', url: '/api/orders/complete', remoteAddress, payload: { paymentIntentId } }),
  };
}

/** The client secret and payment id in a checkout URL. */
export function secretOf(checkoutUrl: string): { secret: string; paymentIntentId: string } {
  const secret = decodeURIComponent(/payment_intent=([^&]+)/.exec(checkoutUrl)?.[1] ?? '');
  return { secret, paymentIntentId: secret.split('_secret_')[0] ?? '' };
}

export async function inventoryOf(app: FastifyInstance, productId: number): Promise<number> {
  const { rows } = (await app.database.db.execute(
    sql`select inventory from products where id = ${productId}`,
  )) as unknown as Rows<{
    inventory: number;
  }>;
  return Number(rows[0]?.inventory);
}

/**
 * The product's stock, as if it had been so for a while: in the low band (10 or fewer) its low-stock
 * alert counts as sent, above it as armed (docs/decisions/0029).
 */
export async function setInventory(app: FastifyInstance, productId: number, inventory: number): Promise<void> {
  await app.database.db.execute(
    sql`update products set inventory = ${inventory}, low_stock_alerted = ${inventory <= STOCK_LOW_MAX} where id = ${productId}`,
  );
  await app.services.catalog.catalogChanged();
}

export async function count(app: FastifyInstance, table: string, where = 'true'): Promise<number> {
  const query = sql.raw(`select count(*)::int as n from ${table} where ${where}`);
  const { rows } = (await app.database.db.execute(query)) as unknown as Rows<{ n: number }>;
  return Number(rows[0]?.n);
}
