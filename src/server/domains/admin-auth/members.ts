import { asc, eq, sql } from 'drizzle-orm';
import { LoginBodySchema } from '#shared/admin.ts';
import type { Role } from '#shared/staff.ts';
import { USERNAME_PATTERN } from '#shared/staff.ts';
import type { Tx } from '#db/client.ts';
import { adminUsers } from '#db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { hashPassword } from './passwords.ts';
import { deleteDevicesOfUser, deleteSessionsOfUser } from './repo.ts';

/**
 * The admin accounts as the staff domain manages them (docs/decisions/0057): functions on a
 * transaction, so a role change, the last-owner check and the audit row commit together.
 */

export const MIN_PASSWORD_LENGTH = 10;
/** What no argon2 hash looks like: an invited member's password until the link sets one (no password verifies against it). */
export const NO_PASSWORD = '!invited';

/** The rules every new admin password meets (the CLI's and the set-password link's); 400 otherwise. */
export function checkNewPassword(password: string): void {
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw new AppError('validation', `The password must be at least ${MIN_PASSWORD_LENGTH} characters`);
  }
  // A password the sign-in form would refuse could never be used.
  const usable = LoginBodySchema.shape.password.safeParse(password);
  if (!usable.success) throw new AppError('validation', `The password: ${usable.error.issues[0]?.message}`);
}

export function checkUsername(username: string): void {
  if (!USERNAME_PATTERN.test(username)) throw new AppError('validation', 'Username may use letters, digits and . _ @ -');
}

const member = {
  id: adminUsers.id,
  username: adminUsers.username,
  role: adminUsers.role,
  active: sql<boolean>`${adminUsers.passwordHash} <> ${NO_PASSWORD}`,
  createdAt: adminUsers.createdAt,
};
export interface MemberRow {
  id: number;
  username: string;
  role: Role;
  active: boolean;
  createdAt: Date;
}

export async function listMembers(db: Tx): Promise<MemberRow[]> {
  return (await db.select(member).from(adminUsers).orderBy(asc(adminUsers.username))) as MemberRow[];
}

/** A new admin without a password (it cannot sign in yet); 409 when the username is taken. */
export async function insertInvited(tx: Tx, username: string, role: Role): Promise<MemberRow> {
  checkUsername(username);
  const [row] = await tx
    .insert(adminUsers)
    .values({ username, role, passwordHash: NO_PASSWORD })
    .onConflictDoNothing({ target: adminUsers.username })
    .returning(member);
  if (!row) throw new AppError('conflict', `There is already a member named ${username}`);
  return row as MemberRow;
}

/**
 * Every owner's row, locked until the transaction ends: two owners demoting or removing each other
 * at once are decided one after the other, and the second sees the first's change.
 */
export async function lockOwners(tx: Tx): Promise<number[]> {
  const rows = await tx.select({ id: adminUsers.id }).from(adminUsers).where(eq(adminUsers.role, 'owner')).for('update');
  return rows.map((r) => r.id);
}

/** The member's row, locked until the transaction ends. */
export async function lockMember(tx: Tx, id: number): Promise<MemberRow | undefined> {
  const [row] = await tx.select(member).from(adminUsers).where(eq(adminUsers.id, id)).for('update');
  return row as MemberRow | undefined;
}

/** Sets the role and ends the member's sessions and trusted devices: the next request signs in again. */
export async function setRole(tx: Tx, id: number, role: Role): Promise<void> {
  await tx.update(adminUsers).set({ role, updatedAt: sql`now()` }).where(eq(adminUsers.id, id));
  await signOutEverywhere(tx, id);
}

/** Removes the account; its sessions and trusted devices go with it (foreign keys, on delete cascade). */
export async function deleteMember(tx: Tx, id: number): Promise<void> {
  await signOutEverywhere(tx, id);
  await tx.delete(adminUsers).where(eq(adminUsers.id, id));
}

/** Sets a member's password (after checkNewPassword) and signs it out everywhere. */
export async function setMemberPassword(tx: Tx, id: number, password: string): Promise<void> {
  checkNewPassword(password);
  const passwordHash = await hashPassword(password);
  await tx.update(adminUsers).set({ passwordHash, updatedAt: sql`now()` }).where(eq(adminUsers.id, id));
  await signOutEverywhere(tx, id);
}

export async function signOutEverywhere(tx: Tx, id: number): Promise<void> {
  await deleteSessionsOfUser(tx, id);
  await deleteDevicesOfUser(tx, id);
}
