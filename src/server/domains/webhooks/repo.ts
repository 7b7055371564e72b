import { and, asc, count, desc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { Database, Tx } from '#db/client.ts';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from '#db/schema/index.ts';

/** The webhooks domain's tables (docs/decisions/0058). */

export type EndpointRow = typeof webhookEndpoints.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;

export const selectEndpoints = (db: Tx) => db.select().from(webhookEndpoints).orderBy(asc(webhookEndpoints.id));

export async function selectEndpoint(db: Tx, id: number): Promise<EndpointRow | undefined> {
  const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  return row;
}

export async function countEndpoints(db: Tx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(webhookEndpoints);
  return row?.n ?? 0;
}

export async function insertEndpoint(db: Tx, v: { url: string; events: string[]; secretSealed: string }): Promise<EndpointRow> {
  const [row] = await db.insert(webhookEndpoints).values(v).returning();
  if (!row) throw new Error('webhook endpoint not inserted');
  return row;
}

export async function updateEndpoint(
  db: Tx,
  id: number,
  set: Partial<Pick<EndpointRow, 'url' | 'events' | 'enabled' | 'secretSealed'>>,
): Promise<EndpointRow | undefined> {
  const [row] = await db
    .update(webhookEndpoints)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(webhookEndpoints.id, id))
    .returning();
  return row;
}

export async function deleteEndpoint(db: Tx, id: number): Promise<boolean> {
  const rows = await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id)).returning({ id: webhookEndpoints.id });
  return rows.length > 0;
}

/** The enabled endpoints that take this event. */
export const selectSubscribers = (tx: Tx, type: string) =>
  tx
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.enabled, true), sql`${type} = any(${webhookEndpoints.events})`));

/** The event and one delivery per endpoint, in the caller's transaction. */
export async function insertEvent(
  tx: Tx,
  event: { id: string; type: string; payload: Record<string, unknown> },
  endpointIds: readonly number[],
): Promise<void> {
  await tx.insert(webhookEvents).values(event);
  await tx.insert(webhookDeliveries).values(endpointIds.map((endpointId) => ({ eventId: event.id, endpointId })));
}

/**
 * Claims one due delivery of an enabled endpoint (or one whose sender's claim ran out): one
 * statement, `for update skip locked`, so of any number of senders one wins it.
 */
export async function claimOne(db: Database, claimSeconds: number): Promise<DeliveryRow | undefined> {
  const due = db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(
      and(
        or(
          and(eq(webhookDeliveries.status, 'pending'), sql`${webhookDeliveries.nextAttemptAt} <= now()`),
          and(eq(webhookDeliveries.status, 'sending'), sql`${webhookDeliveries.lockedUntil} < now()`),
        ),
        inArray(
          webhookDeliveries.endpointId,
          db.select({ id: webhookEndpoints.id }).from(webhookEndpoints).where(eq(webhookEndpoints.enabled, true)),
        ),
      ),
    )
    .orderBy(asc(webhookDeliveries.nextAttemptAt), asc(webhookDeliveries.id))
    .limit(1)
    .for('update', { skipLocked: true });
  const [row] = await db
    .update(webhookDeliveries)
    .set({
      status: 'sending',
      attempts: sql`${webhookDeliveries.attempts} + 1`,
      lockedUntil: sql`now() + make_interval(secs => ${claimSeconds})`,
    })
    .where(inArray(webhookDeliveries.id, due))
    .returning();
  return row;
}

/** What a claimed delivery sends: its endpoint's URL and sealed secret, its event's body. */
export async function selectAttempt(db: Tx, delivery: DeliveryRow) {
  const [row] = await db
    .select({ url: webhookEndpoints.url, secretSealed: webhookEndpoints.secretSealed, payload: webhookEvents.payload })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(eq(webhookDeliveries.id, delivery.id));
  return row;
}

/** An attempt's outcome, written only while this sender's claim is the delivery's. */
export async function settleAttempt(
  db: Tx,
  id: number,
  attempts: number,
  set: Pick<DeliveryRow, 'status' | 'lastStatusCode' | 'lastError' | 'lastResponse'> & {
    nextAttemptAt?: Date;
    delivered?: boolean;
  },
): Promise<void> {
  await db
    .update(webhookDeliveries)
    .set({
      status: set.status,
      lastStatusCode: set.lastStatusCode,
      lastError: set.lastError,
      lastResponse: set.lastResponse,
      lastAttemptAt: sql`now()`,
      lockedUntil: null,
      ...(set.nextAttemptAt ? { nextAttemptAt: set.nextAttemptAt } : {}),
      ...(set.delivered ? { deliveredAt: sql`now()` } : {}),
    })
    .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.status, 'sending'), eq(webhookDeliveries.attempts, attempts)));
}

/** Deliveries left pending past their day (an endpoint disabled meanwhile) are failed. */
export async function failStale(db: Tx, windowSeconds: number): Promise<void> {
  await db
    .update(webhookDeliveries)
    .set({
      status: 'failed',
      lockedUntil: null,
      lastError: sql`coalesce(${webhookDeliveries.lastError}, 'not delivered within a day')`,
    })
    .where(
      and(
        eq(webhookDeliveries.status, 'pending'),
        sql`${webhookDeliveries.windowStartedAt} + make_interval(secs => ${windowSeconds}) < now()`,
      ),
    );
}

/** An endpoint's deliveries, newest first, with their event's type. */
export const selectDeliveries = (db: Tx, endpointId: number, limit: number, before: number | undefined) =>
  db
    .select({ delivery: webhookDeliveries, eventType: webhookEvents.type })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(and(eq(webhookDeliveries.endpointId, endpointId), before === undefined ? undefined : lt(webhookDeliveries.id, before)))
    .orderBy(desc(webhookDeliveries.id))
    .limit(limit);

export async function selectDelivery(db: Tx, endpointId: number, id: number) {
  const [row] = await selectDeliveriesWhere(db, and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.id, id)));
  return row;
}

const selectDeliveriesWhere = (db: Tx, where: ReturnType<typeof and>) =>
  db
    .select({ delivery: webhookDeliveries, eventType: webhookEvents.type })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(where);

/** A resend: due now, with a new day of retries; not while an attempt is under way. */
export async function requeue(db: Tx, endpointId: number, id: number): Promise<boolean> {
  const rows = await db
    .update(webhookDeliveries)
    .set({ status: 'pending', nextAttemptAt: sql`now()`, windowStartedAt: sql`now()`, lockedUntil: null })
    .where(
      and(
        eq(webhookDeliveries.endpointId, endpointId),
        eq(webhookDeliveries.id, id),
        inArray(webhookDeliveries.status, ['pending', 'delivered', 'failed']),
      ),
    )
    .returning({ id: webhookDeliveries.id });
  return rows.length > 0;
}

/** Events past `days` whose deliveries are all finished go, their deliveries with them. */
export async function purgeEvents(db: Tx, days: number): Promise<void> {
  await db
    .delete(webhookEvents)
    .where(
      and(
        sql`${webhookEvents.createdAt} < now() - make_interval(days => ${days})`,
        sql`not exists (select 1 from ${webhookDeliveries} where ${webhookDeliveries.eventId} = ${webhookEvents.id} and ${webhookDeliveries.status} in ('pending', 'sending'))`,
      ),
    );
}
