import { and, eq, lt, or, sql } from 'drizzle-orm';
import type { Tx } from '#db/client.ts';
import { adminSessions, adminUsers, rateLimitBuckets } from '#db/schema/index.ts';

export type AdminUserRow = typeof adminUsers.$inferSelect;

export async function selectUserByName(db: Tx, username: string): Promise<AdminUserRow | undefined> {
  const [row] = await db.select().from(adminUsers).where(eq(adminUsers.username, username)).limit(1);
  return row;
}

export async function countUsers(db: Tx): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(adminUsers);
  return Number(row?.n ?? 0);
}

/** Creates the user or sets its password. */
export async function upsertUser(db: Tx, username: string, passwordHash: string): Promise<AdminUserRow> {
  const [row] = await db
    .insert(adminUsers)
    .values({ username, passwordHash })
    .onConflictDoUpdate({ target: adminUsers.username, set: { passwordHash, updatedAt: sql`now()` } })
    .returning();
  if (!row) throw new Error('admin user not saved');
  return row;
}

export async function insertSession(db: Tx, v: typeof adminSessions.$inferInsert): Promise<void> {
  await db.insert(adminSessions).values(v);
}

export async function selectSession(db: Tx, tokenHash: string) {
  const [row] = await db
    .select({
      tokenHash: adminSessions.tokenHash,
      lastSeenAt: adminSessions.lastSeenAt,
      expiresAt: adminSessions.expiresAt,
      userId: adminUsers.id,
      username: adminUsers.username,
    })
    .from(adminSessions)
    .innerJoin(adminUsers, eq(adminUsers.id, adminSessions.adminUserId))
    .where(eq(adminSessions.tokenHash, tokenHash))
    .limit(1);
  return row;
}

export async function touchSession(db: Tx, tokenHash: string): Promise<void> {
  await db.update(adminSessions).set({ lastSeenAt: sql`now()` }).where(eq(adminSessions.tokenHash, tokenHash));
}

export async function deleteSession(db: Tx, tokenHash: string): Promise<void> {
  await db.delete(adminSessions).where(eq(adminSessions.tokenHash, tokenHash));
}

export async function deleteSessionsOfUser(db: Tx, userId: number): Promise<void> {
  await db.delete(adminSessions).where(eq(adminSessions.adminUserId, userId));
}

/** Sessions past their absolute expiry or idle too long. */
export async function deleteExpiredSessions(db: Tx, idleMinutes: number): Promise<void> {
  await db
    .delete(adminSessions)
    .where(
      or(
        lt(adminSessions.expiresAt, sql`now()`),
        lt(adminSessions.lastSeenAt, sql`now() - make_interval(mins => ${idleMinutes})`),
      ),
    );
}

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

export async function clearBucket(db: Tx, key: string): Promise<void> {
  await db.delete(rateLimitBuckets).where(eq(rateLimitBuckets.key, key));
}

export async function deleteStaleBuckets(db: Tx): Promise<void> {
  await db.delete(rateLimitBuckets).where(and(lt(rateLimitBuckets.resetAt, sql`now()`)));
}
