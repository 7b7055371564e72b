import type { Tx } from '#db/client.ts';
import { AppError } from '../../errors.ts';
import { clearBucket, hitBucket, releaseHit, waitUntil } from '../../lib/rate-buckets.ts';
import * as repo from './repo.ts';

export const LOGIN_WINDOW_MS = 15 * 60_000;
/** Attempts a trusted device may make in a window without a right password before it is trusted no more. */
export const DEVICE_ATTEMPTS = 5;

/** What a right password does to the counters that let its attempt through. */
export interface Admission {
  succeeded(): Promise<void>;
  /**
   * A right password with a second factor still to come (docs/decisions/0056): the username gets its
   * own count back, the address's and the device's counters stay, so the codes that follow are
   * counted with the password and a right password gives no fresh budget of code guesses.
   */
  halfway(): Promise<void>;
}

/**
 * Lets a sign-in attempt from an address have its password checked, or throws 429 (ADR 0017).
 * Every counter is updated in one statement before the check, so a burst of parallel attempts
 * cannot pass more than the limits, and every instance counts the same attempts.
 *
 * - Per address: at most `limit` attempts a window; a right password starts the address over.
 * - Per username: every attempt past the address limit counts, and a right password gives back its
 *   own count only, so what stays counted is wrong passwords (and attempts refused while guarded).
 *   Clearing it on a right password would hand a guesser a fresh budget. Past `limit` the username
 *   is guarded: only an address's first attempt of its window is checked. A stranger's guesses
 *   thus never keep the owner out, and a guesser gets one try per address per window.
 */
export async function admitFromAddress(db: Tx, limit: number, username: string, network: string): Promise<Admission> {
  const ipKey = `login:ip:${network}`;
  const userKey = `login:user:${username.toLowerCase()}`;
  const byIp = await hitBucket(db, ipKey, LOGIN_WINDOW_MS);
  if (byIp.count > limit) {
    throw new AppError('too_many_requests', `Too many sign-in attempts. Please try again in ${waitUntil(byIp.resetAt)}.`);
  }
  const byUser = await hitBucket(db, userKey, LOGIN_WINDOW_MS);
  if (byUser.count > limit && byIp.count > 1) {
    // This address may try again when its own window ends (a first attempt) or the username's does.
    const resetAt = byIp.resetAt < byUser.resetAt ? byIp.resetAt : byUser.resetAt;
    throw new AppError(
      'too_many_requests',
      `Too many failed sign-ins for this account. Sign in from a device you have used before, or try again in ${waitUntil(resetAt)}.`,
    );
  }
  return {
    async succeeded() {
      await releaseHit(db, userKey);
      await clearBucket(db, ipKey);
    },
    halfway: () => releaseHit(db, userKey),
  };
}

/**
 * A passkey sign-in from an address (docs/decisions/0056): no username is known before the check,
 * so only the address's counter applies, the one passwords and codes count in.
 */
export async function admitPasskeyFromAddress(db: Tx, limit: number, network: string): Promise<Admission> {
  const ipKey = `login:ip:${network}`;
  const byIp = await hitBucket(db, ipKey, LOGIN_WINDOW_MS);
  if (byIp.count > limit) {
    throw new AppError('too_many_requests', `Too many sign-in attempts. Please try again in ${waitUntil(byIp.resetAt)}.`);
  }
  return { succeeded: () => clearBucket(db, ipKey), halfway: async () => {} };
}

/**
 * A trusted device's attempt (ADR 0017) skips the address and username counters, which strangers
 * can fill, and has a counter of its own. Past DEVICE_ATTEMPTS in a window its token is revoked (the
 * cookie may have been taken) and null is returned: the attempt is then judged like any browser's.
 */
export async function admitFromDevice(db: Tx, tokenHash: string): Promise<Admission | null> {
  const key = `login:device:${tokenHash}`;
  const { count } = await hitBucket(db, key, LOGIN_WINDOW_MS);
  if (count <= DEVICE_ATTEMPTS) return { succeeded: () => clearBucket(db, key), halfway: async () => {} };
  // The counter stays (the sweep removes it): attempts already under way must still find it full.
  await repo.deleteDevice(db, tokenHash);
  return null;
}
