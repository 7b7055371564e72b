import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Tx } from '#db/client.ts';
import { paymentEvents, payments, testPaymentMethods } from '#db/schema/index.ts';
import type { PaymentStatus } from './provider.ts';

export type PaymentRow = typeof payments.$inferSelect;

export async function insertPayment(db: Tx, v: typeof payments.$inferInsert): Promise<PaymentRow> {
  const [row] = await db.insert(payments).values(v).returning();
  if (!row) throw new Error('payment not inserted');
  return row;
}

export async function selectPayment(db: Tx, provider: 'test' | 'stripe', id: string): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.providerPaymentId, id)))
    .limit(1);
  return row;
}

/** Sets a payment's status; `onlyIf` makes it conditional (e.g. never overwrite 'succeeded'). */
export async function updatePaymentStatus(
  db: Tx,
  provider: 'test' | 'stripe',
  id: string,
  status: PaymentStatus,
  lastError: string | null,
  onlyIfNot?: PaymentStatus,
): Promise<PaymentRow | undefined> {
  const [row] = await db
    .update(payments)
    .set({ status, lastError, updatedAt: sql`now()` })
    .where(
      and(
        eq(payments.provider, provider),
        eq(payments.providerPaymentId, id),
        onlyIfNot ? sql`${payments.status} <> ${onlyIfNot}` : undefined,
      ),
    )
    .returning();
  return row;
}

/** Sets what a payment not yet paid nor cancelled asks for; false when there is none such. */
export async function updateOpenAmount(db: Tx, provider: 'test' | 'stripe', id: string, amountCents: number): Promise<boolean> {
  const rows = await db
    .update(payments)
    .set({ amountCents, updatedAt: sql`now()` })
    .where(
      and(
        eq(payments.provider, provider),
        eq(payments.providerPaymentId, id),
        notInArray(payments.status, ['succeeded', 'canceled', 'processing']),
      ),
    )
    .returning({ id: payments.id });
  return rows.length > 0;
}

/** Records a provider event once; false when it was already recorded (a replay). */
export async function recordEvent(db: Tx, v: typeof paymentEvents.$inferInsert): Promise<boolean> {
  const rows = await db.insert(paymentEvents).values(v).onConflictDoNothing().returning({ id: paymentEvents.id });
  return rows.length > 0;
}

export async function eventExists(db: Tx, provider: 'test' | 'stripe', eventId: string): Promise<boolean> {
  const rows = await db
    .select({ id: paymentEvents.id })
    .from(paymentEvents)
    .where(and(eq(paymentEvents.provider, provider), eq(paymentEvents.eventId, eventId)))
    .limit(1);
  return rows.length > 0;
}

/** Of these payment ids, the ones this store has seen succeed. */
export async function selectSucceeded(db: Tx, provider: 'test' | 'stripe', ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: payments.providerPaymentId })
    .from(payments)
    .where(and(eq(payments.provider, provider), inArray(payments.providerPaymentId, ids), eq(payments.status, 'succeeded')));
  return rows.map((r) => r.id);
}

/**
 * The test provider's refund: recorded once by its id (derived from the idempotency key), and taken
 * off a succeeded payment only while it leaves no less than nothing. 'refused' when it would not.
 */
export async function insertTestRefund(
  db: Tx,
  v: { refundId: string; paymentId: string; amountCents: number },
): Promise<'refunded' | 'repeated' | 'refused'> {
  const fresh = await recordEvent(db, {
    provider: 'test',
    eventId: v.refundId,
    type: 'refund',
    providerPaymentId: v.paymentId,
    payload: { amountCents: v.amountCents },
  });
  if (!fresh) return 'repeated';
  const rows = await db
    .update(payments)
    .set({ refundedCents: sql`${payments.refundedCents} + ${v.amountCents}`, updatedAt: sql`now()` })
    .where(
      and(
        eq(payments.provider, 'test'),
        eq(payments.providerPaymentId, v.paymentId),
        eq(payments.status, 'succeeded'),
        sql`${payments.refundedCents} + ${v.amountCents} <= ${payments.amountCents}`,
      ),
    )
    .returning({ id: payments.id });
  return rows.length > 0 ? 'refunded' : 'refused';
}

/** A payment the provider made at once (an off-session charge), once per provider id; the existing row when it was made already. */
export async function insertSettledPayment(db: Tx, v: typeof payments.$inferInsert): Promise<PaymentRow> {
  await db
    .insert(payments)
    .values(v)
    .onConflictDoNothing({ target: [payments.provider, payments.providerPaymentId] });
  const row = await selectPayment(db, v.provider, v.providerPaymentId);
  if (!row) throw new Error('payment not inserted');
  return row;
}

export async function selectTestMethod(db: Tx, id: string) {
  const [row] = await db.select().from(testPaymentMethods).where(eq(testPaymentMethods.id, id)).limit(1);
  return row;
}

/** A card the test provider saves for a customer; the same id again changes nothing. */
export async function insertTestMethod(db: Tx, v: typeof testPaymentMethods.$inferInsert): Promise<void> {
  await db.insert(testPaymentMethods).values(v).onConflictDoNothing();
}
