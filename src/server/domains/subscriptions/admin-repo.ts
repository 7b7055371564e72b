import { and, count, desc, eq, gte, isNull, lt, or, sql } from 'drizzle-orm';
import type { Tx } from '#db/client.ts';
import { subscriptions } from '#db/schema/index.ts';
import type { SubscriptionStatus } from '#shared/subscription-states.ts';
import type { SubscriptionRow } from './pages-repo.ts';

/** Newest first, `limit` at a time after `cursor`; one more is read to know whether more follow. */
export async function selectPage(
  db: Tx,
  page: { status?: SubscriptionStatus | undefined; limit: number; cursor?: number | undefined },
): Promise<{ rows: SubscriptionRow[]; more: boolean }> {
  const found = await db
    .select()
    .from(subscriptions)
    .where(
      and(
        page.status ? eq(subscriptions.status, page.status) : undefined,
        page.cursor === undefined ? undefined : lt(subscriptions.id, page.cursor),
      ),
    )
    .orderBy(desc(subscriptions.id))
    .limit(page.limit + 1);
  return { rows: found.slice(0, page.limit), more: found.length > page.limit };
}

/** How many in each status, due within a week, and failing, as of `now`. */
export async function selectCounts(db: Tx, now: Date) {
  const week = new Date(now.getTime() + 7 * 86_400_000);
  const [row] = await db
    .select({
      active: count(sql`case when ${subscriptions.status} = 'active' then 1 end`),
      paused: count(sql`case when ${subscriptions.status} = 'paused' then 1 end`),
      cancelled: count(sql`case when ${subscriptions.status} = 'cancelled' then 1 end`),
      dueNext7Days: count(
        sql`case when ${subscriptions.status} = 'active' and ${subscriptions.nextRenewalAt} <= ${week.toISOString()}::timestamptz then 1 end`,
      ),
      failing: count(sql`case when ${subscriptions.status} <> 'cancelled' and ${subscriptions.failedAttempts} > 0 then 1 end`),
    })
    .from(subscriptions);
  return row ?? { active: 0, paused: 0, cancelled: 0, dueNext7Days: 0, failing: 0 };
}

/** Churn's two counts: subscriptions not cancelled at `from` (made before it), and of those, the ones cancelled since. */
export async function selectChurnCounts(db: Tx, from: Date): Promise<{ atStart: number; lost: number }> {
  const existed = and(
    lt(subscriptions.createdAt, from),
    or(isNull(subscriptions.cancelledAt), gte(subscriptions.cancelledAt, from)),
  );
  const [atStart] = await db.select({ n: count() }).from(subscriptions).where(existed);
  const [lost] = await db
    .select({ n: count() })
    .from(subscriptions)
    .where(and(existed, eq(subscriptions.status, 'cancelled'), gte(subscriptions.cancelledAt, from)));
  return { atStart: atStart?.n ?? 0, lost: lost?.n ?? 0 };
}

/** The active subscriptions' intervals and discounts, for the monthly recurring revenue. */
export function selectActiveTerms(db: Tx) {
  return db
    .select({ id: subscriptions.id, intervalWeeks: subscriptions.intervalWeeks, discountPercent: subscriptions.discountPercent })
    .from(subscriptions)
    .where(eq(subscriptions.status, 'active'));
}
