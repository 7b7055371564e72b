import { and, desc, eq, gt, isNotNull, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Tx } from '#db/client.ts';
import {
  adminPasskeys,
  adminRecoveryCodes,
  adminSignInSteps,
  adminTotp,
  adminUsers,
  adminWebauthnChallenges,
} from '#db/schema/index.ts';

/** The SQL of the second factors' tables (docs/decisions/0056). */

export type PasskeyRow = typeof adminPasskeys.$inferSelect;

export async function selectTotp(db: Tx, userId: number) {
  const [row] = await db.select().from(adminTotp).where(eq(adminTotp.adminUserId, userId)).limit(1);
  return row;
}

/** A new secret waiting for its first code; an unconfirmed one is replaced, a confirmed one kept (false). */
export async function upsertPendingTotp(db: Tx, userId: number, secret: string): Promise<boolean> {
  const rows = await db
    .insert(adminTotp)
    .values({ adminUserId: userId, secret })
    .onConflictDoUpdate({
      target: adminTotp.adminUserId,
      set: { secret, lastStep: null, createdAt: sql`now()` },
      setWhere: isNull(adminTotp.confirmedAt),
    })
    .returning({ id: adminTotp.adminUserId });
  return rows.length === 1;
}

/**
 * Records `step` as used when no later or equal step was: one statement, so of two requests with the
 * same code only one finds the row. With `confirm`, also makes a pending secret active.
 */
export async function spendStep(db: Tx, userId: number, step: number, confirm: boolean): Promise<boolean> {
  const rows = await db
    .update(adminTotp)
    .set(confirm ? { lastStep: step, confirmedAt: sql`now()` } : { lastStep: step })
    .where(
      and(
        eq(adminTotp.adminUserId, userId),
        confirm ? isNull(adminTotp.confirmedAt) : isNotNull(adminTotp.confirmedAt),
        or(isNull(adminTotp.lastStep), lt(adminTotp.lastStep, step)),
      ),
    )
    .returning({ id: adminTotp.adminUserId });
  return rows.length === 1;
}

export async function deleteTotp(db: Tx, userId: number): Promise<void> {
  await db.delete(adminTotp).where(eq(adminTotp.adminUserId, userId));
  await db.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.adminUserId, userId));
}

export async function replaceRecoveryCodes(db: Tx, userId: number, hashes: string[]): Promise<void> {
  await db.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.adminUserId, userId));
  await db.insert(adminRecoveryCodes).values(hashes.map((codeHash) => ({ adminUserId: userId, codeHash })));
}

/** Marks an unused recovery code used; false when there is none (wrong, or used already). */
export async function spendRecoveryCode(db: Tx, userId: number, codeHash: string): Promise<boolean> {
  const rows = await db
    .update(adminRecoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(adminRecoveryCodes.adminUserId, userId),
        eq(adminRecoveryCodes.codeHash, codeHash),
        isNull(adminRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: adminRecoveryCodes.id });
  return rows.length === 1;
}

export async function countUnusedRecoveryCodes(db: Tx, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(adminRecoveryCodes)
    .where(and(eq(adminRecoveryCodes.adminUserId, userId), isNull(adminRecoveryCodes.usedAt)));
  return Number(row?.n ?? 0);
}

/** SQL: whether the admin whose id is `userId` has an active authenticator app or a passkey. */
export const hasSecondFactorSql = (userId: SQL | AnyPgColumn | number): SQL<boolean> => sql<boolean>`(
  exists (select 1 from ${adminTotp} where ${adminTotp.adminUserId} = ${userId} and ${adminTotp.confirmedAt} is not null)
  or exists (select 1 from ${adminPasskeys} where ${adminPasskeys.adminUserId} = ${userId}))`;

export async function hasSecondFactor(db: Tx, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ yes: hasSecondFactorSql(userId) })
    .from(adminUsers)
    .where(eq(adminUsers.id, userId));
  return row?.yes === true;
}

export async function listPasskeys(db: Tx, userId: number): Promise<PasskeyRow[]> {
  return db.select().from(adminPasskeys).where(eq(adminPasskeys.adminUserId, userId)).orderBy(desc(adminPasskeys.id));
}

export async function selectPasskeyByCredential(db: Tx, credentialId: string): Promise<PasskeyRow | undefined> {
  const [row] = await db.select().from(adminPasskeys).where(eq(adminPasskeys.credentialId, credentialId)).limit(1);
  return row;
}

export async function insertPasskey(db: Tx, v: typeof adminPasskeys.$inferInsert): Promise<PasskeyRow | undefined> {
  const [row] = await db.insert(adminPasskeys).values(v).onConflictDoNothing().returning();
  return row;
}

/** Moves the signature counter on from the value the check saw; false when another sign-in moved it first. */
export async function advanceCounter(db: Tx, id: number, from: number, to: number): Promise<boolean> {
  const rows = await db
    .update(adminPasskeys)
    .set({ counter: to, lastUsedAt: sql`now()` })
    .where(and(eq(adminPasskeys.id, id), eq(adminPasskeys.counter, from)))
    .returning({ id: adminPasskeys.id });
  return rows.length === 1;
}

export async function deletePasskey(db: Tx, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(adminPasskeys)
    .where(and(eq(adminPasskeys.id, id), eq(adminPasskeys.adminUserId, userId)))
    .returning({ id: adminPasskeys.id });
  return rows.length === 1;
}

export async function insertChallenge(db: Tx, v: typeof adminWebauthnChallenges.$inferInsert): Promise<void> {
  await db.insert(adminWebauthnChallenges).values(v);
}

/** Takes a live challenge of this kind (and admin, for a registration): one use. */
export async function takeChallenge(db: Tx, challenge: string, kind: string, userId: number | null): Promise<boolean> {
  const rows = await db
    .delete(adminWebauthnChallenges)
    .where(
      and(
        eq(adminWebauthnChallenges.challenge, challenge),
        eq(adminWebauthnChallenges.kind, kind),
        userId === null ? isNull(adminWebauthnChallenges.adminUserId) : eq(adminWebauthnChallenges.adminUserId, userId),
        gt(adminWebauthnChallenges.expiresAt, sql`now()`),
      ),
    )
    .returning({ challenge: adminWebauthnChallenges.challenge });
  return rows.length === 1;
}

export async function insertStep(db: Tx, v: typeof adminSignInSteps.$inferInsert): Promise<void> {
  await db.insert(adminSignInSteps).values(v);
}

export async function selectLiveStep(db: Tx, tokenHash: string) {
  const [row] = await db
    .select()
    .from(adminSignInSteps)
    .where(and(eq(adminSignInSteps.tokenHash, tokenHash), gt(adminSignInSteps.expiresAt, sql`now()`)))
    .limit(1);
  return row;
}

/** Ends the step (it may be used once); false when it had ended already. */
export async function takeStep(db: Tx, tokenHash: string): Promise<boolean> {
  const rows = await db
    .delete(adminSignInSteps)
    .where(and(eq(adminSignInSteps.tokenHash, tokenHash), gt(adminSignInSteps.expiresAt, sql`now()`)))
    .returning({ t: adminSignInSteps.tokenHash });
  return rows.length === 1;
}

/** Counts a wrong code against the step; returns the failures so far. */
export async function failStep(db: Tx, tokenHash: string): Promise<number> {
  const [row] = await db
    .update(adminSignInSteps)
    .set({ failures: sql`${adminSignInSteps.failures} + 1` })
    .where(eq(adminSignInSteps.tokenHash, tokenHash))
    .returning({ failures: adminSignInSteps.failures });
  return row?.failures ?? 0;
}

export async function deleteStep(db: Tx, tokenHash: string): Promise<void> {
  await db.delete(adminSignInSteps).where(eq(adminSignInSteps.tokenHash, tokenHash));
}

export async function deleteExpiredTwoFactorState(db: Tx): Promise<void> {
  await db.delete(adminSignInSteps).where(lt(adminSignInSteps.expiresAt, sql`now()`));
  await db.delete(adminWebauthnChallenges).where(lt(adminWebauthnChallenges.expiresAt, sql`now()`));
}
