import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AdminOrder } from '#shared/admin.ts';
import { secretOf, shopper } from './checkout.ts';
import { eventually } from './eventually.ts';

/** The order page's token in an e-mail's text (`…/orders/<token>`). */
export function orderTokenIn(text: string): string {
  const token = /\/orders\/([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)/.exec(text)?.[1];
  if (!token) throw new Error(`no order page link in:\n${text}`);
  return token;
}

/** The mails the store sent about an order (its number in the subject), oldest first. */
export const mailsAbout = (app: FastifyInstance, orderId: number) =>
  app.mailer.sent.filter((m) => m.subject.includes(`#${orderId}`) || m.text.includes(`order #${orderId}`));

/**
 * A paid order through the storefront's steps (default: 2 single bottles and 1 three-pack, 86.88),
 * once its confirmation e-mail is out; with the order page's token from that e-mail.
 */
export async function paidOrder(
  app: FastifyInstance,
  lines: [productId: number, quantity: number][] = [
    [5, 2],
    [6, 1],
  ],
  fields: Record<string, unknown> = {},
): Promise<{ order: AdminOrder; token: string }> {
  const buyer = shopper(app);
  for (const [id, q] of lines) {
    const added = await buyer.add(id, q);
    if (added.statusCode !== 201) throw new Error(`add ${id}: ${added.statusCode} ${added.body}`);
  }
  const started = await buyer.checkout();
  if (started.statusCode !== 201) throw new Error(`checkout: ${started.statusCode} ${started.body}`);
  const { secret, paymentIntentId } = secretOf(started.json().checkoutUrl);
  await buyer.ship(paymentIntentId, fields);
  const paid = await buyer.pay(secret);
  if (paid.json().status !== 'succeeded') throw new Error(`payment: ${paid.body}`);
  const row = await app.services.orders.byPaymentId(paymentIntentId);
  if (!row) throw new Error('no order');
  const confirmation = () => app.mailer.sent.find((m) => m.subject === `Your Ironwake order #${row.id} is confirmed`);
  if (!(await eventually(async () => Boolean(confirmation())))) throw new Error('no confirmation e-mail');
  return { order: await app.services.orders.adminOrder(row.id), token: orderTokenIn(confirmation()?.text ?? '') };
}

/** Sets an order's delivery (or shipment) days ago, as if the carrier had delivered it then. */
export async function deliveredDaysAgo(app: FastifyInstance, orderId: number, days: number): Promise<void> {
  await app.database.db.execute(
    sql`update orders set status = 'delivered', shipped_at = now() - make_interval(days => ${days + 3}),
        delivered_at = now() - make_interval(days => ${days}) where id = ${orderId}`,
  );
}

/** GET /api/order-status/:token as the shopper's page calls it. */
export const orderPage = (app: FastifyInstance, token: string) =>
  app.inject({ method: 'GET', url: `/api/order-status/${token}` });

/** POST /api/order-status/:token/returns from a client address. */
export const askReturn = (app: FastifyInstance, token: string, body: unknown, remoteAddress = '127.0.0.1') =>
  app.inject({ method: 'POST', url: `/api/order-status/${token}/returns`, payload: body as object, remoteAddress });
