import { createHash, randomBytes } from 'node:crypto';
import type { Role } from '#shared/staff.ts';
import type { OwnSession } from '#shared/two-factor.ts';
import type { Database, Tx } from '#db/client.ts';
import { AppError } from '../../errors.ts';
import { deleteStaleBuckets } from '../../lib/rate-buckets.ts';
import { deviceName } from './device-name.ts';
import { decoyHash, hashPassword, verifyPassword } from './passwords.ts';
import { checkNewPassword, checkUsername } from './members.ts';

export { MIN_PASSWORD_LENGTH } from './members.ts';
/** For the staff domain (docs/decisions/0057): accounts changed inside its transactions, and the browser checks. */
export * as members from './members.ts';
export type { MemberRow } from './members.ts';
export { adminCookieName, checkOrigin } from './browser.ts';
import * as repo from './repo.ts';
import { admitFromAddress, admitFromDevice } from './sign-in-limits.ts';
import { deleteExpiredTwoFactorState, hasSecondFactor, insertStep, selectLiveStep } from './two-factor-repo.ts';

/** How long the second step of a sign-in waits for its code or passkey. */
export const STEP_MS = 5 * 60_000;

export type AdminAuthService = ReturnType<typeof createAdminAuthService>;

export interface AdminSession {
  userId: number;
  username: string;
  /** The session's id in the admin's list of sessions (neither its token nor the token's hash). */
  sessionId: string;
  /**
   * The store requires a second factor and this admin has none: the session reaches only the
   * routes that enrol one (docs/decisions/0056).
   */
  mustEnrol: boolean;
  /** What the admin may do (#shared/staff.ts), read from its account at every request. */
  role: Role;
}

interface Options {
  /** Sign-in attempts per 15 minutes per IP, and wrong passwords per username (ADR 0017). */
  loginPer15Min: number;
  idleMinutes?: number;
  absoluteHours?: number;
  /** How long a browser stays trusted after its last sign-in (ADR 0017). */
  deviceDays?: number;
  /** Whether the store's settings require a second factor of every admin (docs/decisions/0056). */
  requireSecondFactor?: () => boolean;
}

/** What a right password gives: a session, or with a second factor set, the token of the second step. */
export type LoginResult =
  | { kind: 'signed-in'; token: string; username: string; device: string }
  | { kind: 'second-step'; stepToken: string };

/** Where a sign-in attempt comes from. */
export interface SignInClient {
  /** The client's network (src/server/lib/network.ts): what the per-address limit counts. */
  network: string;
  userAgent: string | undefined;
  /** The trusted-device cookie the browser sent, if any. */
  deviceToken: string | undefined;
}

export const TOKEN = /^[A-Za-z0-9_-]{43}$/;
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A password change ends the admin's sessions and the trust of every device it signed in from. */
async function signOutEverywhere(tx: Tx, userId: number): Promise<void> {
  await repo.deleteSessionsOfUser(tx, userId);
  await repo.deleteDevicesOfUser(tx, userId);
}

/**
 * Admin sign-in (docs/engineering.md §6): argon2id passwords, server-side sessions keyed by the SHA-256 of a
 * random 256-bit token, 30 minutes idle and 12 hours at most, sign-in limited per IP and per
 * username in counters every instance shares (ADR 0017), and one answer for an unknown user or a
 * wrong password.
 */
export function createAdminAuthService(db: Database, opts: Options) {
  const idleMs = (opts.idleMinutes ?? 30) * 60_000;
  const absoluteMs = (opts.absoluteHours ?? 12) * 3_600_000;
  const deviceMs = (opts.deviceDays ?? 90) * 86_400_000;

  /** The hash of a device token issued to `username` that has not expired, or undefined. */
  async function trustedDevice(token: string | undefined, username: string): Promise<string | undefined> {
    if (!token || !TOKEN.test(token)) return undefined;
    const tokenHash = hashToken(token);
    const device = await repo.selectLiveDevice(db, tokenHash);
    return device?.username === username ? tokenHash : undefined;
  }

  /** A new session and device token for `user`; the browser's old device token is replaced. */
  async function issue(user: { id: number; username: string }, client: SignInClient) {
    const token = randomBytes(32).toString('base64url');
    await repo.insertSession(db, {
      tokenHash: hashToken(token),
      adminUserId: user.id,
      expiresAt: new Date(Date.now() + absoluteMs),
      userAgent: client.userAgent?.slice(0, 300) ?? null,
    });
    if (client.deviceToken && TOKEN.test(client.deviceToken)) await repo.deleteDevice(db, hashToken(client.deviceToken));
    const deviceToken = randomBytes(32).toString('base64url');
    await repo.insertDevice(db, {
      tokenHash: hashToken(deviceToken),
      adminUserId: user.id,
      expiresAt: new Date(Date.now() + deviceMs),
      userAgent: client.userAgent?.slice(0, 300) ?? null,
    });
    return { token, username: user.username, device: deviceToken };
  }

  return {
    idleMs,
    absoluteMs,
    deviceMs,

    /**
     * ADMIN_USERNAME / ADMIN_PASSWORD at a start: applied when it differs from the one applied last
     * (a hash of which is kept), so a password set since with `npm run admin -- set-password` stays.
     * Applying it signs the admin out everywhere (ADR 0017).
     */
    async ensureAdmin(username: string, password: string): Promise<void> {
      await db.transaction(async (tx) => {
        // Instances starting together decide one after the other.
        const user = await repo.lockUserByName(tx, username);
        if (user?.envPasswordHash) {
          if (await verifyPassword(user.envPasswordHash, password)) return;
        } else if (user && (await verifyPassword(user.passwordHash, password))) {
          // Nothing recorded yet (a database from before the record): this is the password in use.
          await repo.recordEnvPassword(tx, user.id, user.passwordHash);
          return;
        }
        const passwordHash = await hashPassword(password);
        const saved = await repo.upsertUser(tx, username, passwordHash, passwordHash);
        await signOutEverywhere(tx, saved.id);
      });
    },

    /** With no admin at all, creates 'admin' with a generated password and returns it (shown once). */
    async ensureSomeAdmin(): Promise<{ username: string; password: string } | null> {
      if ((await repo.countUsers(db)) > 0) return null;
      const password = randomBytes(15).toString('base64url');
      await repo.upsertUser(db, 'admin', await hashPassword(password));
      return { username: 'admin', password };
    },

    /** Sets (or creates) an admin's password and signs it out everywhere (`npm run admin -- set-password`). */
    async setPassword(username: string, password: string): Promise<void> {
      checkUsername(username);
      checkNewPassword(password);
      const passwordHash = await hashPassword(password);
      await db.transaction(async (tx) => {
        const user = await repo.upsertUser(tx, username, passwordHash);
        await signOutEverywhere(tx, user.id);
      });
    },

    /**
     * A new session token and device token for a right username and password; 401 otherwise, 429
     * when the sign-in limits refuse the attempt (ADR 0017).
     */
    async login(username: string, password: string, client: SignInClient): Promise<LoginResult> {
      const device = await trustedDevice(client.deviceToken, username);
      const admission =
        (device ? await admitFromDevice(db, device) : null) ??
        (await admitFromAddress(db, opts.loginPer15Min, username, client.network));
      const user = await repo.selectUserByName(db, username);
      const ok = await verifyPassword(user?.passwordHash ?? (await decoyHash()), password);
      if (!user || !ok) throw new AppError('unauthorized', 'Invalid username or password');
      if (await hasSecondFactor(db, user.id)) {
        await admission.halfway();
        const stepToken = randomBytes(32).toString('base64url');
        await insertStep(db, {
          tokenHash: hashToken(stepToken),
          adminUserId: user.id,
          expiresAt: new Date(Date.now() + STEP_MS),
        });
        return { kind: 'second-step', stepToken };
      }
      await admission.succeeded();
      return { kind: 'signed-in', ...(await issue(user, client)) };
    },

    /** A session for an admin who passed every factor asked (a password sign-in's, a code's or a passkey's). */
    issue,

    /** The admin a live second-step token was given to, or null; its failures so far. */
    async secondStep(stepToken: string | undefined) {
      if (!stepToken || !TOKEN.test(stepToken)) return null;
      const step = await selectLiveStep(db, hashToken(stepToken));
      if (!step) return null;
      const user = await repo.selectUserById(db, step.adminUserId);
      return user ? { user, tokenHash: step.tokenHash } : null;
    },

    /** The sign-in limits' admission for a code sent by this browser for `username` (ADR 0017, 0056). */
    async admitCode(username: string, client: SignInClient) {
      const device = await trustedDevice(client.deviceToken, username);
      return (
        (device ? await admitFromDevice(db, device) : null) ??
        (await admitFromAddress(db, opts.loginPer15Min, username, client.network))
      );
    },

    /** The admin behind a session token, or null (unknown, idle too long, or past 12 hours). */
    async authenticate(token: string | undefined): Promise<AdminSession | null> {
      if (!token || !TOKEN.test(token)) return null;
      const tokenHash = hashToken(token);
      const session = await repo.selectSession(db, tokenHash);
      if (!session) return null;
      const now = Date.now();
      if (session.expiresAt.getTime() <= now || session.lastSeenAt.getTime() + idleMs <= now) {
        await repo.deleteSession(db, tokenHash);
        return null;
      }
      // Idle time restarts with use; written at most once a minute.
      if (now - session.lastSeenAt.getTime() > 60_000) await repo.touchSession(db, tokenHash);
      const mustEnrol = !session.hasSecondFactor && (opts.requireSecondFactor?.() ?? false);
      return {
        userId: session.userId,
        username: session.username,
        role: session.role as Role,
        sessionId: session.publicId,
        mustEnrol,
      };
    },

    /** GET /api/admin/me/sessions: the admin's live sessions, this one marked. */
    async ownSessions(admin: AdminSession): Promise<OwnSession[]> {
      const rows = await repo.listSessionsOfUser(db, admin.userId, idleMs / 60_000);
      return rows.map((r) => ({
        id: r.publicId,
        createdAt: r.createdAt.toISOString(),
        lastSeenAt: r.lastSeenAt.toISOString(),
        device: deviceName(r.userAgent),
        current: r.publicId === admin.sessionId,
      }));
    },

    /** DELETE /api/admin/me/sessions/:id: 404 for an id that is not one of this admin's sessions. */
    async endOwnSession(admin: AdminSession, id: string): Promise<void> {
      if (!(await repo.deleteSessionOfUser(db, admin.userId, id))) throw new AppError('not_found', 'Session not found');
    },

    async logout(token: string | undefined): Promise<void> {
      if (token && TOKEN.test(token)) await repo.deleteSession(db, hashToken(token));
    },

    async sweep(): Promise<void> {
      await repo.deleteExpiredSessions(db, idleMs / 60_000);
      await repo.deleteExpiredDevices(db);
      await deleteStaleBuckets(db);
      await deleteExpiredTwoFactorState(db);
    },
  };
}
