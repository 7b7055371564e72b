import { and, asc, eq, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { SubscriptionEventActor } from '#shared/subscription-states.ts';
import type { Tx } from '#db/client.ts';
import { subscriptionEvents, subscriptionItems, subscriptions } from '#db/schema/index.ts';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type SubscriptionItemRow = typeof subscriptionItems.$inferSelect;

/** How many subscriptions one sweep takes of each kind of work. */
const BATCH = 50;

/** When the next attempt of the renewal due at nextRenewalAt is: its retry, or the date itself. */
export const attemptAt = (s: Pick<SubscriptionRow, 'nextRenewalAt' | 'retryAt'>): Date => s.retryAt ?? s.nextRenewalAt;

/** Active subscriptions whose renewal (or its retry) has come; with "ask me first", only once confirmed for that date. */
export async function selectDueIds(db: Tx, now: Date): Promise<number[]> {
  const rows = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.status, 'active'),
        sql`coalesce(${subscriptions.retryAt}, ${subscriptions.nextRenewalAt}) <= ${now}`,
        or(eq(subscriptions.askFirst, false), eq(subscriptions.confirmedFor, subscriptions.nextRenewalAt)),
      ),
    )
    .orderBy(asc(subscriptions.nextRenewalAt), asc(subscriptions.id))
    .limit(BATCH);
  return rows.map((r) => r.id);
}

/** Active subscriptions whose next renewal is within the notice days and whose notice for it is not sent. */
export async function selectNoticeDueIds(db: Tx, now: Date, noticeDays: number): Promise<number[]> {
  const rows = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.status, 'active'),
        sql`${subscriptions.nextRenewalAt} <= ${now}::timestamptz + make_interval(days => ${noticeDays})`,
        // Past the date only an "ask me first" renewal still needs its notice: it waits for its Confirm link.
        or(sql`${subscriptions.nextRenewalAt} > ${now}`, eq(subscriptions.askFirst, true)),
        or(isNull(subscriptions.noticeSentFor), ne(subscriptions.noticeSentFor, subscriptions.nextRenewalAt)),
      ),
    )
    .orderBy(asc(subscriptions.id))
    .limit(BATCH);
  return rows.map((r) => r.id);
}

/** "Ask me first" renewals left unconfirmed this many days past their date. */
export async function selectUnconfirmedIds(db: Tx, now: Date, days: number): Promise<number[]> {
  const rows = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.status, 'active'),
        eq(subscriptions.askFirst, true),
        sql`${subscriptions.nextRenewalAt} + make_interval(days => ${days}) <= ${now}`,
        or(isNull(subscriptions.confirmedFor), ne(subscriptions.confirmedFor, subscriptions.nextRenewalAt)),
      ),
    )
    .orderBy(asc(subscriptions.id))
    .limit(BATCH);
  return rows.map((r) => r.id);
}

/** Active subscriptions a year or more past their consent, or their last reminder of the terms. */
export async function selectTermsDueIds(db: Tx, now: Date): Promise<number[]> {
  const rows = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.status, 'active'),
        lte(sql`coalesce(${subscriptions.termsRemindedAt}, ${subscriptions.consentAt}) + interval '1 year'`, now),
      ),
    )
    .orderBy(asc(subscriptions.id))
    .limit(BATCH);
  return rows.map((r) => r.id);
}

export async function selectSubscription(db: Tx, id: number): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id)).limit(1);
  return row;
}

/**
 * The subscription locked until the caller's transaction ends. `skip`: undefined at once when
 * another transaction holds it (another instance's sweep is at work on it).
 */
export async function lockSubscription(tx: Tx, id: number, skip: boolean): Promise<SubscriptionRow | undefined> {
  const q = tx.select().from(subscriptions).where(eq(subscriptions.id, id)).limit(1);
  const [row] = skip ? await q.for('update', { skipLocked: true }) : await q.for('update');
  return row;
}

export function selectItems(db: Tx, subscriptionId: number): Promise<SubscriptionItemRow[]> {
  return db
    .select()
    .from(subscriptionItems)
    .where(eq(subscriptionItems.subscriptionId, subscriptionId))
    .orderBy(asc(subscriptionItems.productId));
}

export async function updateSubscription(
  tx: Tx,
  id: number,
  set: Partial<typeof subscriptions.$inferInsert>,
): Promise<SubscriptionRow | undefined> {
  const [row] = await tx
    .update(subscriptions)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(subscriptions.id, id))
    .returning();
  return row;
}

export async function insertEvent(
  tx: Tx,
  e: { subscriptionId: number; kind: string; detail: string; actor: SubscriptionEventActor; orderId?: number | null },
): Promise<void> {
  await tx.insert(subscriptionEvents).values({ ...e, orderId: e.orderId ?? null });
}

/** Whether the subscription's history has an event of this kind for this order (a renewal is booked once). */
export async function hasOrderEvent(tx: Tx, subscriptionId: number, kind: string, orderId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: subscriptionEvents.id })
    .from(subscriptionEvents)
    .where(
      and(
        eq(subscriptionEvents.subscriptionId, subscriptionId),
        eq(subscriptionEvents.kind, kind),
        eq(subscriptionEvents.orderId, orderId),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** The notice of the pending date sent: the date copied as stored (to the microsecond), so the sweep's comparison matches it. */
export async function markNoticeSent(tx: Tx, id: number): Promise<void> {
  await tx
    .update(subscriptions)
    .set({ noticeSentFor: sql`${subscriptions.nextRenewalAt}`, updatedAt: sql`now()` })
    .where(eq(subscriptions.id, id));
}

/** The pending date confirmed by the shopper ("ask me first"), copied as stored. */
export async function confirmPending(tx: Tx, id: number): Promise<void> {
  await tx
    .update(subscriptions)
    .set({ confirmedFor: sql`${subscriptions.nextRenewalAt}`, updatedAt: sql`now()` })
    .where(eq(subscriptions.id, id));
}
