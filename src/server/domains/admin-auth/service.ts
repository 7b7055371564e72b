import { createHash, randomBytes } from 'node:crypto';
import { LoginBodySchema } from '#shared/admin.ts';
import type { Database } from '#db/client.ts';
import { AppError } from '../../errors.ts';
import { clearBucket, deleteStaleBuckets, throttle } from '../../lib/rate-buckets.ts';
import { decoyHash, hashPassword, verifyPassword } from './passwords.ts';
import * as repo from './repo.ts';

export type AdminAuthService = ReturnType<typeof createAdminAuthService>;

export interface AdminSession {
  userId: number;
  username: string;
}

interface Options {
  /** Sign-in attempts per 15 minutes, per IP and per username. */
  loginPer15Min: number;
  idleMinutes?: number;
  absoluteHours?: number;
}

const LOGIN_WINDOW_MS = 15 * 60_000;
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
export const MIN_PASSWORD_LENGTH = 10;

/**
 * Admin sign-in (DESIGN §6): argon2id passwords, server-side sessions keyed by the SHA-256 of a
 * random 256-bit token, 30 minutes idle and 12 hours at most, sign-in throttled per IP and per
 * username in counters every instance shares, and one answer for an unknown user or a wrong password.
 */
export function createAdminAuthService(db: Database, opts: Options) {
  const idleMs = (opts.idleMinutes ?? 30) * 60_000;
  const absoluteMs = (opts.absoluteHours ?? 12) * 3_600_000;

  return {
    idleMs,
    absoluteMs,

    /** ADMIN_USERNAME / ADMIN_PASSWORD: this admin exists with this password. */
    async ensureAdmin(username: string, password: string): Promise<void> {
      const user = await repo.selectUserByName(db, username);
      if (user && (await verifyPassword(user.passwordHash, password))) return;
      await repo.upsertUser(db, username, await hashPassword(password));
    },

    /** With no admin at all, creates 'admin' with a generated password and returns it (shown once). */
    async ensureSomeAdmin(): Promise<{ username: string; password: string } | null> {
      if ((await repo.countUsers(db)) > 0) return null;
      const password = randomBytes(15).toString('base64url');
      await repo.upsertUser(db, 'admin', await hashPassword(password));
      return { username: 'admin', password };
    },

    /** Sets (or creates) an admin's password and signs out its sessions. */
    async setPassword(username: string, password: string): Promise<void> {
      if (!/^[A-Za-z0-9._@-]{1,100}$/.test(username))
        throw new AppError('validation', 'Username may use letters, digits and . _ @ -');
      if (password.length < MIN_PASSWORD_LENGTH) {
        throw new AppError('validation', `The password must be at least ${MIN_PASSWORD_LENGTH} characters`);
      }
      // A password the sign-in form would refuse could never be used.
      const usable = LoginBodySchema.shape.password.safeParse(password);
      if (!usable.success) throw new AppError('validation', `The password: ${usable.error.issues[0]?.message}`);
      const user = await repo.upsertUser(db, username, await hashPassword(password));
      await repo.deleteSessionsOfUser(db, user.id);
    },

    /** A new session token for a right username and password; 401 otherwise, 429 when throttled. */
    async login(username: string, password: string, ip: string, userAgent: string | undefined) {
      const userKey = `login:user:${username.toLowerCase()}`;
      const ipKey = `login:ip:${ip}`;
      await throttle(db, [ipKey, userKey], opts.loginPer15Min, LOGIN_WINDOW_MS, 'Too many sign-in attempts.');
      const user = await repo.selectUserByName(db, username);
      const ok = await verifyPassword(user?.passwordHash ?? (await decoyHash()), password);
      if (!user || !ok) throw new AppError('unauthorized', 'Invalid username or password');
      // Counters count guesses: a right password starts them over.
      await clearBucket(db, userKey);
      await clearBucket(db, ipKey);
      const token = randomBytes(32).toString('base64url');
      await repo.insertSession(db, {
        tokenHash: hashToken(token),
        adminUserId: user.id,
        expiresAt: new Date(Date.now() + absoluteMs),
        userAgent: userAgent?.slice(0, 300) ?? null,
      });
      return { token, username: user.username };
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
      return { userId: session.userId, username: session.username };
    },

    async logout(token: string | undefined): Promise<void> {
      if (token && TOKEN.test(token)) await repo.deleteSession(db, hashToken(token));
    },

    async sweep(): Promise<void> {
      await repo.deleteExpiredSessions(db, idleMs / 60_000);
      await deleteStaleBuckets(db);
    },
  };
}
