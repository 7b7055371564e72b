import { and, desc, eq, gt, lt, ne, or, sql } from 'drizzle-orm';
import type { Tx } from '#db/client.ts';
import { adminDevices, adminSessions, adminUsers } from '#db/schema/index.ts';
import { hasSecondFactorSql } from './two-factor-repo.ts';

export type AdminUserRow = typeof adminUsers.$inferSelect;

export async function selectUserByName(db: Tx, username: string): Promise<AdminUserRow | undefined> {
  const [row] = await db.select().from(adminUsers).where(eq(adminUsers.username, username)).limit(1);
  return row;
}

/** The user's row, locked until the transaction ends (`tx` only). */
export async function lockUserByName(tx: Tx, username: string): Promise<AdminUserRow | undefined> {
  const [row] = await tx.select().from(adminUsers).where(eq(adminUsers.username, username)).for('update').limit(1);
  return row;
}

export async function countUsers(db: Tx): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(adminUsers);
  return Number(row?.n ?? 0);
}

/**
 * Creates the user or sets its password, as an owner (ADMIN_USERNAME's admin and the CLI's are the
 * store's owners, docs/decisions/0057); with `envPasswordHash`, also records it as ADMIN_PASSWORD's.
 */
export async function upsertUser(
  db: Tx,
  username: string,
  passwordHash: string,
  envPasswordHash?: string,
): Promise<AdminUserRow> {
  const env = envPasswordHash ? { envPasswordHash } : {};
  const [row] = await db
    .insert(adminUsers)
    .values({ username, passwordHash, role: 'owner', ...env })
    .onConflictDoUpdate({ target: adminUsers.username, set: { passwordHash, role: 'owner', ...env, updatedAt: sql`now()` } })
    .returning();
  if (!row) throw new Error('admin user not saved');
  return row;
}

export async function recordEnvPassword(db: Tx, userId: number, envPasswordHash: string): Promise<void> {
  await db.update(adminUsers).set({ envPasswordHash }).where(eq(adminUsers.id, userId));
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
      publicId: adminSessions.publicId,
      userId: adminUsers.id,
      username: adminUsers.username,
      hasSecondFactor: hasSecondFactorSql(adminUsers.id),
      role: adminUsers.role,
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

export async function selectUserById(db: Tx, id: number): Promise<AdminUserRow | undefined> {
  const [row] = await db.select().from(adminUsers).where(eq(adminUsers.id, id)).limit(1);
  return row;
}

/** The user's row, locked until the transaction ends (`tx` only). */
export async function lockUserById(tx: Tx, id: number): Promise<AdminUserRow | undefined> {
  const [row] = await tx.select().from(adminUsers).where(eq(adminUsers.id, id)).for('update').limit(1);
  return row;
}

/** The admin's sessions that have not expired, newest first. */
export async function listSessionsOfUser(db: Tx, userId: number, idleMinutes: number) {
  return db
    .select({
      publicId: adminSessions.publicId,
      createdAt: adminSessions.createdAt,
      lastSeenAt: adminSessions.lastSeenAt,
      userAgent: adminSessions.userAgent,
    })
    .from(adminSessions)
    .where(
      and(
        eq(adminSessions.adminUserId, userId),
        gt(adminSessions.expiresAt, sql`now()`),
        gt(adminSessions.lastSeenAt, sql`now() - make_interval(mins => ${idleMinutes})`),
      ),
    )
    .orderBy(desc(adminSessions.lastSeenAt));
}

/** Ends one of the admin's own sessions; false when it has none of that id. */
export async function deleteSessionOfUser(db: Tx, userId: number, publicId: string): Promise<boolean> {
  const rows = await db
    .delete(adminSessions)
    .where(and(eq(adminSessions.adminUserId, userId), eq(adminSessions.publicId, publicId)))
    .returning({ id: adminSessions.publicId });
  return rows.length === 1;
}

/** Ends every session of the admin but `keepPublicId`. */
export async function deleteOtherSessions(db: Tx, userId: number, keepPublicId: string): Promise<void> {
  await db.delete(adminSessions).where(and(eq(adminSessions.adminUserId, userId), ne(adminSessions.publicId, keepPublicId)));
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

export async function insertDevice(db: Tx, v: typeof adminDevices.$inferInsert): Promise<void> {
  await db.insert(adminDevices).values(v);
}

/** The admin a device token was issued to, while it has not expired. */
export async function selectLiveDevice(db: Tx, tokenHash: string) {
  const [row] = await db
    .select({ userId: adminUsers.id, username: adminUsers.username })
    .from(adminDevices)
    .innerJoin(adminUsers, eq(adminUsers.id, adminDevices.adminUserId))
    .where(and(eq(adminDevices.tokenHash, tokenHash), gt(adminDevices.expiresAt, sql`now()`)))
    .limit(1);
  return row;
}

export async function deleteDevice(db: Tx, tokenHash: string): Promise<void> {
  await db.delete(adminDevices).where(eq(adminDevices.tokenHash, tokenHash));
}

export async function deleteDevicesOfUser(db: Tx, userId: number): Promise<void> {
  await db.delete(adminDevices).where(eq(adminDevices.adminUserId, userId));
}

export async function deleteExpiredDevices(db: Tx): Promise<void> {
  await db.delete(adminDevices).where(lt(adminDevices.expiresAt, sql`now()`));
}
