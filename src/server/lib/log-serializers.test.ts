import { describe, expect, it } from 'vitest';
import { redactKeys, serializeError } from './log-serializers.ts';

/** A PostgreSQL error as node-postgres and PGlite raise them. */
function pgError(message: string, fields: Record<string, unknown>): Error {
  return Object.assign(new Error(message), fields);
}

/** drizzle's wrapper: the statement and its values in the message, the driver's error as its cause. */
function queryError(query: string, params: unknown[], cause: Error): Error {
  return Object.assign(new Error(`Failed query: ${query}\nparams: ${params.join(',')}`, { cause }), { query, params });
}

describe('the log keeps', () => {
  it('cart session ids, payment ids and client secrets out of URLs', () => {
    expect(redactKeys('/api/cart/session-1795448036649-AbCdEfGhIjKlMnOpQrSt')).toBe('/api/cart/session-[redacted]');
    expect(redactKeys('/checkout?payment_intent=pi_3Abc_secret_Xyz&redirect_status=succeeded')).toBe(
      '/checkout?payment_intent=pi_[redacted]&redirect_status=succeeded',
    );
    expect(redactKeys('/api/orders/confirmation/pi_3AbcDefGhi')).toBe('/api/orders/confirmation/pi_[redacted]');
    expect(redactKeys('/api/products/5?ref=api_docs')).toBe('/api/products/5?ref=api_docs');
  });

  it("order pages' tokens out of the page's and the API's paths", () => {
    const token = 'eyJwdXJwb3NlIjoib3JkZXIiLCJvcmRlcklkIjoxMDAxfQ.7OPCsXLNg8J_pQNL0s3VNpo7NIi9droX0qJpOA3IBDU';
    expect(redactKeys(`/orders/${token}`)).toBe('/orders/[redacted]');
    expect(redactKeys(`/api/order-status/${token}/returns/101/label`)).toBe('/api/order-status/[redacted]/returns/101/label');
    // A checkout reminder's links (ADR 0041): the pages and their calls.
    expect(redactKeys(`/recover/${token}`)).toBe('/recover/[redacted]');
    expect(redactKeys(`/api/recover/${token}`)).toBe('/api/recover/[redacted]');
    expect(redactKeys(`/reorder/${token}`)).toBe('/reorder/[redacted]');
    expect(redactKeys(`/api/reorder/${token}`)).toBe('/api/reorder/[redacted]');
    expect(redactKeys(`/unsubscribe/${token}`)).toBe('/unsubscribe/[redacted]');
    expect(redactKeys(`/api/unsubscribe/${token}?x=1`)).toBe('/api/unsubscribe/[redacted]?x=1');
    expect(redactKeys(`/subscriptions/${token}?action=skip`)).toBe('/subscriptions/[redacted]?action=skip');
    expect(redactKeys(`/api/subscriptions/${token}/cancel`)).toBe('/api/subscriptions/[redacted]/cancel');
    expect(redactKeys('/api/order-status/lookup')).toBe('/api/order-status/lookup');
    expect(redactKeys('/api/orders/1042/timeline')).toBe('/api/orders/1042/timeline');
  });

  it("customers' e-mail addresses and names out of the admin's searches", () => {
    expect(redactKeys('/api/orders?q=dana&status=paid')).toBe('/api/orders?q=[redacted]&status=paid');
    expect(redactKeys('/api/admin/customers?limit=50&q=Dana%20Lee')).toBe('/api/admin/customers?limit=50&q=[redacted]');
    expect(redactKeys('/api/admin/customers/orders?email=dana.lee%40example.com&cursor=12')).toBe(
      '/api/admin/customers/orders?email=[redacted]&cursor=12',
    );
    expect(redactKeys('/api/admin/reviews?status=pending&q=Robin+Stone#top')).toBe(
      '/api/admin/reviews?status=pending&q=[redacted]#top',
    );
    // Repeated, or with the name spelled in percent-escapes: the server reads each as `q` or `email`.
    expect(redactKeys('/api/admin/customers?q=a&q=b')).toBe('/api/admin/customers?q=[redacted]&q=[redacted]');
    expect(redactKeys('/api/admin/customers?%71=dana&e%6Dail=dana%40example.com')).toBe(
      '/api/admin/customers?%71=[redacted]&e%6Dail=[redacted]',
    );
    // Other parameters, and names that only contain the words, are kept.
    expect(redactKeys('/api/orders?status=paid&faq=1&emails=2&qq=3')).toBe('/api/orders?status=paid&faq=1&emails=2&qq=3');
    expect(redactKeys('/api/admin/customers?q=&limit=5')).toBe('/api/admin/customers?q=&limit=5');
  });

  it('a failed statement’s SQL, code and constraint, never its values or the failing row', () => {
    const cause = pgError('new row for relation "orders" violates check constraint "orders_zip"', {
      code: '23514',
      severity: 'ERROR',
      table: 'orders',
      constraint: 'orders_zip',
      detail: 'Failing row contains (1001, dana@example.com, 12 Iron Way).',
      where: 'SQL statement',
    });
    const err = queryError(
      'update "orders" set "email" = $1, "shipping_address" = $2',
      ['dana@example.com', '12 Iron\nWay'],
      cause,
    );
    const logged = serializeError(err);
    const text = JSON.stringify(logged);
    expect(text).not.toContain('dana@');
    expect(text).not.toContain('Iron');
    expect(logged).toMatchObject({
      type: 'Error',
      message: 'Failed query: update "orders" set "email" = $1, "shipping_address" = $2',
      query: 'update "orders" set "email" = $1, "shipping_address" = $2',
      cause: { code: '23514', table: 'orders', constraint: 'orders_zip', severity: 'ERROR' },
    });
    expect(logged.stack).toMatch(/^Error: Failed query: update[^\n]*\n\s+at /);
  });

  it('the value PostgreSQL quotes in a data exception out, and e-mail addresses in any message', () => {
    const bad = serializeError(pgError('invalid input syntax for type integer: "dana@example.com"', { code: '22P02' }));
    expect(bad.message).toBe('invalid input syntax for type integer: [redacted]');
    const mail = serializeError(new Error("Can't send mail - all recipients were rejected: 550 <dana.lee@example.com>"));
    expect(mail.message).toBe("Can't send mail - all recipients were rejected: 550 <[email]>");
  });

  it('what a failed connection says about where the database was, through causes and aggregates', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
      code: 'ECONNREFUSED',
      syscall: 'connect',
      address: '127.0.0.1',
      port: 5432,
    });
    const logged = serializeError(new Error('Connection terminated', { cause: new AggregateError([refused], 'all failed') }));
    expect(logged).toMatchObject({
      message: 'Connection terminated',
      cause: { type: 'AggregateError', errors: [{ code: 'ECONNREFUSED', syscall: 'connect', address: '127.0.0.1', port: 5432 }] },
    });
  });
});
