import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { createRecoveryLinks } from '#server/domains/recovery/links.ts';
import { ensureSecret } from '#server/lib/server-secrets.ts';
import { secretOf, shopper } from './checkout.ts';

/** A checkout that reached the payment step (cart, checkout, shipping saved) and was left there. */
export async function abandonCheckout(app: FastifyInstance, email: string, lines: [number, number][] = [[5, 2]]) {
  const s = shopper(app);
  for (const [id, q] of lines) expect((await s.add(id, q)).statusCode).toBe(201);
  const started = await s.checkout();
  expect(started.statusCode, started.body).toBe(201);
  const { secret, paymentIntentId } = secretOf(started.json().checkoutUrl);
  const shipped = await s.ship(paymentIntentId, { email });
  expect(shipped.statusCode, shipped.body).toBe(200);
  const order = await app.services.orders.byPaymentId(paymentIntentId);
  if (!order) throw new Error('no order');
  return { id: order.id, s, secret, paymentIntentId };
}

/** Moves a checkout's start `hours` back, as if it had been left that long ago. */
export async function ageCheckout(app: FastifyInstance, orderId: number, hours: number): Promise<void> {
  await app.database.db.execute(
    sql`update orders set created_at = now() - make_interval(secs => ${hours * 3600}) where id = ${orderId}`,
  );
}

/** The reminder e-mails an instance sent to `email`. */
export const remindersTo = (app: FastifyInstance, email: string) =>
  app.mailer.sent.filter((m) => m.to.toLowerCase() === email.toLowerCase() && m.subject === 'Your Ironwake order is waiting');

/** The reminder's links as the store makes them (its token secret and address), for a test to open without the e-mail. */
export async function recoveryLinksOf(app: FastifyInstance) {
  return createRecoveryLinks(await ensureSecret(app.database.db, 'tokens'), app.config.publicUrl);
}
