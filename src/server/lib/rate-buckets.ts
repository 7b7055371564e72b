import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Tx } from '#db/client.ts';
import { rateLimitBuckets } from '#db/schema/index.ts';
import { AppError } from '../errors.ts';

/**
 * Fixed-window counters in the database, so every instance counts the same hits (sign-in guesses,
 * review verifications). Cheap enough for the endpoints that need it; the general per-IP limits
 * stay in @fastify/rate-limit.
 */
/**
 * Counts one hit in a fixed window shared by every instance; returns the count in the current
 * window and when it ends. One statement, so concurrent hits are all counted.
 */
export async function hitBucket(db: Tx, key: string, windowMs: number): Promise<{ count: number; resetAt: Date }> {
  const resetAt = sql`now() + make_interval(secs => ${windowMs / 1000})`;
  const [row] = await db
    .insert(rateLimitBuckets)
    .values({ key, count: 1, resetAt: sql`${resetAt}` as unknown as Date })
    .onConflictDoUpdate({
      target: rateLimitBuckets.key,
      set: {
        count: sql`case when ${rateLimitBuckets.resetAt} <= now() then 1 else ${rateLimitBuckets.count} + 1 end`,
        resetAt: sql`case when ${rateLimitBuckets.resetAt} <= now() then ${resetAt} else ${rateLimitBuckets.resetAt} end`,
      },
    })
    .returning({ count: rateLimitBuckets.count, resetAt: rateLimitBuckets.resetAt });
  if (!row) throw new Error('rate limit bucket not updated');
  return row;
}

/** Gives back one hit counted in the current window (never below zero, never in a later window). */
export async function releaseHit(db: Tx, key: string): Promise<void> {
  await db
    .update(rateLimitBuckets)
    .set({ count: sql`greatest(${rateLimitBuckets.count} - 1, 0)` })
    .where(and(eq(rateLimitBuckets.key, key), gt(rateLimitBuckets.resetAt, sql`now()`)));
}

export async function clearBucket(db: Tx, key: string): Promise<void> {
  await db.delete(rateLimitBuckets).where(eq(rateLimitBuckets.key, key));
}

export async function deleteStaleBuckets(db: Tx): Promise<void> {
  await db.delete(rateLimitBuckets).where(and(lt(rateLimitBuckets.resetAt, sql`now()`)));
}

/** "N minutes" until `resetAt`, rounded up, at least one. */
export function waitUntil(resetAt: Date): string {
  const minutes = Math.max(1, Math.ceil((resetAt.getTime() - Date.now()) / 60_000));
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/** Counts a hit under each key; throws 429 with `message` (and the wait) when any is over `limit`. */
export async function throttle(db: Tx, keys: string[], limit: number, windowMs: number, message: string): Promise<void> {
  for (const key of keys) {
    const { count, resetAt } = await hitBucket(db, key, windowMs);
    if (count > limit) throw new AppError('too_many_requests', `${message} Please try again in ${waitUntil(resetAt)}.`);
  }
}
