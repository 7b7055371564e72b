import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

type Rows<T> = { rows: T[] };

/** The renewal orders of a subscription, oldest first. */
export async function renewalOrders(app: FastifyInstance, subscriptionId: number) {
  const { rows } = (await app.database.db.execute(
    sql`select id, status, paid_at as "paidAt", expired_at as "expiredAt", subtotal_cents as subtotal,
          shipping_cents as shipping, tax_cents as tax, total_cents as total, payment_intent_id as "paymentId",
          renewal_due_at as "dueAt", stock_released_at as "releasedAt"
        from orders where subscription_id = ${subscriptionId} order by id`,
  )) as unknown as Rows<{
    id: number;
    status: string;
    paidAt: Date | null;
    expiredAt: Date | null;
    subtotal: number;
    shipping: number;
    tax: number;
    total: number;
    paymentId: string | null;
    dueAt: Date;
    releasedAt: Date | null;
  }>;
  return rows;
}

/** A subscription's row as the renewals keep it. */
export async function subscriptionRow(app: FastifyInstance, id: number) {
  const { rows } = (await app.database.db.execute(
    sql`select status, next_renewal_at as "nextRenewalAt", retry_at as "retryAt", failed_attempts as "failedAttempts",
          last_failure as "lastFailure", paused_at as "pausedAt", notice_sent_for as "noticeSentFor",
          confirmed_for as "confirmedFor", terms_reminded_at as "termsRemindedAt"
        from subscriptions where id = ${id}`,
  )) as unknown as Rows<{
    status: string;
    nextRenewalAt: Date;
    retryAt: Date | null;
    failedAttempts: number;
    lastFailure: string | null;
    pausedAt: Date | null;
    noticeSentFor: Date | null;
    confirmedFor: Date | null;
    termsRemindedAt: Date | null;
  }>;
  const row = rows[0];
  if (!row) throw new Error(`no subscription ${id}`);
  return { ...row, nextRenewalAt: new Date(row.nextRenewalAt), retryAt: row.retryAt ? new Date(row.retryAt) : null };
}

/** The e-mails an instance sent to `email` (the outbox delivers them in the background). */
export const mailsTo = (app: FastifyInstance, email: string) =>
  app.mailer.sent.filter((m) => m.to.toLowerCase() === email.toLowerCase());

/** The charges made for a subscription's renewal orders (the payments recorded for them). */
export async function renewalCharges(app: FastifyInstance, subscriptionId: number): Promise<number> {
  const { rows } = (await app.database.db.execute(
    sql`select count(*)::int as n from payments p join orders o on o.id = p.order_id where o.subscription_id = ${subscriptionId}`,
  )) as unknown as Rows<{ n: number }>;
  return Number(rows[0]?.n);
}
