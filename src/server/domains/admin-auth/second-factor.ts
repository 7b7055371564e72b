import { createHash, randomBytes } from 'node:crypto';
import { STORE_NAME } from '#shared/constants.ts';
import type { Database, Tx } from '#db/client.ts';
import { AppError } from '../../errors.ts';
import { throttle } from '../../lib/rate-buckets.ts';
import { verifyPassword } from './passwords.ts';
import * as repo from './repo.ts';
import type { AdminAuthService, AdminSession, SignInClient } from './service.ts';
import { hashToken } from './service.ts';
import { base32Encode, matchStep, newSecret, otpauthUrl } from './totp.ts';
import * as tf from './two-factor-repo.ts';

export type SecondFactorService = ReturnType<typeof createSecondFactorService>;

/** Wrong codes one second-step cookie may send before the password is asked again. */
export const STEP_FAILURES = 5;
export const RECOVERY_CODES = 10;
const WINDOW_MS = 15 * 60_000;
const RECOVERY = /^[a-z2-7]{24}$/;

/** A recovery code: 120 random bits in base32, in groups of four (NIST SP 800-63B §5.1.2.2 asks at least 112 to hash it unsalted). */
function newRecoveryCode(): string {
  return (base32Encode(randomBytes(15)).toLowerCase().match(/.{4}/g) ?? []).join('-');
}

/** A recovery code as typed: case, spaces and hyphens do not matter. */
const normalizeRecovery = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');
const hashRecovery = (code: string) => createHash('sha256').update(normalizeRecovery(code)).digest('hex');

export const WRONG_CODE = 'That code is not right. Please try again.';
export const STEP_ENDED = 'Your sign-in has expired. Please enter your password again.';

interface Deps {
  auth: AdminAuthService;
  requireSecondFactor: () => boolean;
}

/**
 * Authenticator apps and recovery codes (RFC 6238; docs/decisions/0056), and the second step of a
 * password sign-in.
 */
export function createSecondFactorService(db: Database, deps: Deps) {
  /** A TOTP code (a step not used before) or an unused recovery code of this admin: true once. */
  async function spendCode(tx: Tx, userId: number, code: string): Promise<boolean> {
    if (/^\d{6}$/.test(code)) {
      const totp = await tf.selectTotp(tx, userId);
      if (!totp?.confirmedAt) return false;
      const step = matchStep(totp.secret, code, Date.now(), totp.lastStep);
      return step !== null && (await tf.spendStep(tx, userId, step, false));
    }
    const normalized = normalizeRecovery(code);
    return RECOVERY.test(normalized) && (await tf.spendRecoveryCode(tx, userId, hashRecovery(normalized)));
  }

  return {
    async status(userId: number) {
      const totp = await tf.selectTotp(db, userId);
      const passkeys = await tf.listPasskeys(db, userId);
      return {
        authenticatorApp: Boolean(totp?.confirmedAt),
        recoveryCodesLeft: totp?.confirmedAt ? await tf.countUnusedRecoveryCodes(db, userId) : 0,
        passkeys: passkeys.length,
        required: deps.requireSecondFactor(),
      };
    },

    /** POST /api/admin/me/totp: a new secret, active only once a code of it is confirmed. */
    async startTotp(admin: AdminSession) {
      const secret = newSecret();
      if (!(await tf.upsertPendingTotp(db, admin.userId, secret))) {
        throw new AppError('conflict', 'An authenticator app is already set up. Remove it first to set up another.');
      }
      return { secret, otpauthUrl: otpauthUrl(STORE_NAME, admin.username, secret) };
    },

    /** POST /api/admin/me/totp/confirm: the first code makes the app active and gives the recovery codes, shown once. */
    async confirmTotp(admin: AdminSession, code: string) {
      await throttle(db, [`totp-confirm:${admin.userId}`], 10, WINDOW_MS, 'Too many codes tried.');
      const totp = await tf.selectTotp(db, admin.userId);
      if (!totp || totp.confirmedAt) throw new AppError('conflict', 'Start setting up an authenticator app first.');
      const step = matchStep(totp.secret, code, Date.now(), totp.lastStep);
      if (step === null) throw new AppError('validation', WRONG_CODE, { code: [WRONG_CODE] });
      const recoveryCodes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
      await db.transaction(async (tx) => {
        if (!(await tf.spendStep(tx, admin.userId, step, true)))
          throw new AppError('validation', WRONG_CODE, { code: [WRONG_CODE] });
        await tf.replaceRecoveryCodes(tx, admin.userId, recoveryCodes.map(hashRecovery));
        await repo.deleteOtherSessions(tx, admin.userId, admin.sessionId);
      });
      return { recoveryCodes };
    },

    /** DELETE /api/admin/me/totp: with the admin's password; refused when it is the last factor the store requires. */
    async removeTotp(admin: AdminSession, password: string) {
      await throttle(db, [`reauth:${admin.userId}`], 10, WINDOW_MS, 'Too many passwords tried.');
      const user = await repo.selectUserById(db, admin.userId);
      if (!user || !(await verifyPassword(user.passwordHash, password))) {
        throw new AppError('validation', 'That password is not right.', { password: ['That password is not right.'] });
      }
      await db.transaction(async (tx) => {
        await repo.lockUserById(tx, admin.userId);
        const totp = await tf.selectTotp(tx, admin.userId);
        if (!totp) throw new AppError('not_found', 'No authenticator app is set up.');
        const passkeys = await tf.listPasskeys(tx, admin.userId);
        if (totp.confirmedAt && passkeys.length === 0 && deps.requireSecondFactor()) {
          throw new AppError(
            'conflict',
            'The store requires a second factor: add a passkey before removing the authenticator app.',
          );
        }
        await tf.deleteTotp(tx, admin.userId);
        await repo.deleteOtherSessions(tx, admin.userId, admin.sessionId);
      });
    },

    /**
     * POST /api/admin/login/totp: a code (or a recovery code) sent with the second-step cookie gives
     * the session the password sign-in gives. Counted in the sign-in limits as a password is; a wrong
     * code answers the same whatever it was, and the cookie ends after STEP_FAILURES of them.
     */
    async completeWithCode(stepToken: string | undefined, code: string, client: SignInClient) {
      const step = await deps.auth.secondStep(stepToken);
      if (!step) throw new AppError('unauthorized', STEP_ENDED);
      const admission = await deps.auth.admitCode(step.user.username, client);
      // The code is spent and the step taken together: a code sent with a step already taken stays unspent.
      const right = await db.transaction(async (tx) => {
        if (!(await spendCode(tx, step.user.id, code.trim()))) return false;
        if (!(await tf.takeStep(tx, step.tokenHash))) throw new AppError('unauthorized', STEP_ENDED);
        return true;
      });
      if (!right) {
        if ((await tf.failStep(db, step.tokenHash)) >= STEP_FAILURES) await tf.deleteStep(db, step.tokenHash);
        throw new AppError('unauthorized', WRONG_CODE);
      }
      await admission.succeeded();
      return deps.auth.issue(step.user, client);
    },

    /** Ends the second step (a new password sign-in, or a passkey one, from this browser). */
    async endStep(stepToken: string | undefined) {
      if (stepToken) await tf.deleteStep(db, hashToken(stepToken));
    },
  };
}
