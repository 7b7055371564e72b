import type { AuthenticationResponseJSON, AuthenticatorTransport, RegistrationResponseJSON } from '@simplewebauthn/server';
import { STORE_NAME } from '#shared/constants.ts';
import type { Passkey } from '#shared/two-factor.ts';
import type { Database } from '#db/client.ts';
import { AppError } from '../../errors.ts';
import { onDemand } from '../../lib/on-demand.ts';
import { throttle } from '../../lib/rate-buckets.ts';
import * as repo from './repo.ts';
import type { AdminAuthService, AdminSession, SignInClient } from './service.ts';
import { admitPasskeyFromAddress } from './sign-in-limits.ts';
import * as tf from './two-factor-repo.ts';

export type PasskeyService = ReturnType<typeof createPasskeyService>;

const CHALLENGE_MS = 5 * 60_000;
/** EdDSA, ES256, RS256 (COSE): named, so the library does not probe the runtime for post-quantum ones. */
const ALGORITHMS = [-8, -7, -257];
export const MAX_PASSKEYS = 10;
/** The WebAuthn library and its certificate parsers, loaded at the first passkey ceremony rather than at every start. */
const webauthn = onDemand(() => import('@simplewebauthn/server'));
const NOT_SIGNED_IN = 'That passkey could not sign you in. Please try again, or sign in with your password.';

interface Deps {
  auth: AdminAuthService;
  publicUrl: string;
  loginPer15Min: number;
  requireSecondFactor: () => boolean;
}

const toView = (p: tf.PasskeyRow): Passkey => ({
  id: p.id,
  name: p.name,
  createdAt: p.createdAt.toISOString(),
  lastUsedAt: p.lastUsedAt?.toISOString() ?? null,
  backedUp: p.backedUp,
});

const transportsOf = (p: tf.PasskeyRow): AuthenticatorTransport[] | undefined =>
  p.transports ? (JSON.parse(p.transports) as AuthenticatorTransport[]) : undefined;

/**
 * Passkeys (W3C WebAuthn; docs/decisions/0056) with SimpleWebAuthn: discoverable credentials with
 * user verification, so one signs in alone. Challenges are kept in the database (one use, five
 * minutes), so any instance finishes a ceremony another began.
 */
export function createPasskeyService(db: Database, deps: Deps) {
  const url = new URL(deps.publicUrl);
  const rpID = url.hostname;
  const origin = url.origin;

  return {
    async list(userId: number): Promise<Passkey[]> {
      return (await tf.listPasskeys(db, userId)).map(toView);
    },

    /** POST /api/admin/passkeys/options. */
    async registrationOptions(admin: AdminSession) {
      await throttle(db, [`passkey-options:${admin.userId}`], 30, 15 * 60_000, 'Too many passkey requests.');
      const existing = await tf.listPasskeys(db, admin.userId);
      if (existing.length >= MAX_PASSKEYS) throw new AppError('conflict', `You can have at most ${MAX_PASSKEYS} passkeys.`);
      const options = await (await webauthn()).generateRegistrationOptions({
        rpName: STORE_NAME,
        rpID,
        userName: admin.username,
        userID: new TextEncoder().encode(`admin-${admin.userId}`),
        attestationType: 'none',
        excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: transportsOf(p) })),
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
        timeout: CHALLENGE_MS,
        supportedAlgorithmIDs: ALGORITHMS,
      });
      await tf.insertChallenge(db, {
        challenge: options.challenge,
        kind: 'registration',
        adminUserId: admin.userId,
        expiresAt: new Date(Date.now() + CHALLENGE_MS),
      });
      return options as typeof options & Record<string, unknown>;
    },

    /** POST /api/admin/passkeys: checks the new credential against a challenge this admin was given, and keeps it. */
    async register(admin: AdminSession, response: RegistrationResponseJSON, name: string): Promise<Passkey> {
      const verification = await (await webauthn())
        .verifyRegistrationResponse({
          response,
          expectedChallenge: (challenge) => tf.takeChallenge(db, challenge, 'registration', admin.userId),
          expectedOrigin: origin,
          expectedRPID: rpID,
          requireUserVerification: true,
          supportedAlgorithmIDs: ALGORITHMS,
        })
        .catch(() => null);
      if (!verification?.verified) throw new AppError('validation', 'That passkey could not be added. Please try again.');
      const { credential, credentialBackedUp } = verification.registrationInfo;
      return db.transaction(async (tx) => {
        await repo.lockUserById(tx, admin.userId);
        if ((await tf.listPasskeys(tx, admin.userId)).length >= MAX_PASSKEYS) {
          throw new AppError('conflict', `You can have at most ${MAX_PASSKEYS} passkeys.`);
        }
        const row = await tf.insertPasskey(tx, {
          adminUserId: admin.userId,
          credentialId: credential.id,
          publicKey: Buffer.from(credential.publicKey).toString('base64url'),
          counter: credential.counter,
          transports: credential.transports ? JSON.stringify(credential.transports.slice(0, 10)) : null,
          name,
          backedUp: credentialBackedUp,
        });
        if (!row) throw new AppError('conflict', 'That passkey is already added.');
        // A new factor: sessions that began before it end (docs/decisions/0056).
        await repo.deleteOtherSessions(tx, admin.userId, admin.sessionId);
        return toView(row);
      });
    },

    /** DELETE /api/admin/passkeys/:id; refused when it is the last factor the store requires. */
    async remove(admin: AdminSession, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        await repo.lockUserById(tx, admin.userId);
        const passkeys = await tf.listPasskeys(tx, admin.userId);
        if (!passkeys.some((p) => p.id === id)) throw new AppError('not_found', 'Passkey not found');
        const totp = await tf.selectTotp(tx, admin.userId);
        if (passkeys.length === 1 && !totp?.confirmedAt && deps.requireSecondFactor()) {
          throw new AppError(
            'conflict',
            'The store requires a second factor: add another passkey or an authenticator app before removing this one.',
          );
        }
        await tf.deletePasskey(tx, admin.userId, id);
        await repo.deleteOtherSessions(tx, admin.userId, admin.sessionId);
      });
    },

    /** POST /api/admin/login/passkey/options: any of the store's passkeys may answer (no allowCredentials). */
    async authenticationOptions(network: string) {
      await throttle(db, [`passkey-options:ip:${network}`], 60, 15 * 60_000, 'Too many sign-in attempts.');
      const options = await (await webauthn()).generateAuthenticationOptions({
        rpID,
        userVerification: 'required',
        timeout: CHALLENGE_MS,
      });
      await tf.insertChallenge(db, {
        challenge: options.challenge,
        kind: 'authentication',
        adminUserId: null,
        expiresAt: new Date(Date.now() + CHALLENGE_MS),
      });
      return options as typeof options & Record<string, unknown>;
    },

    /**
     * POST /api/admin/login/passkey: an assertion with user verification is both factors (something
     * held, and a PIN or biometric it checked), so it gives the session the password sign-in gives.
     */
    async signIn(response: AuthenticationResponseJSON, client: SignInClient) {
      const admission = await admitPasskeyFromAddress(db, deps.loginPer15Min, client.network);
      const passkey = await tf.selectPasskeyByCredential(db, response.id);
      if (!passkey) throw new AppError('unauthorized', NOT_SIGNED_IN);
      const verification = await (await webauthn())
        .verifyAuthenticationResponse({
          response,
          expectedChallenge: (challenge) => tf.takeChallenge(db, challenge, 'authentication', null),
          expectedOrigin: origin,
          expectedRPID: rpID,
          credential: {
            id: passkey.credentialId,
            publicKey: Buffer.from(passkey.publicKey, 'base64url'),
            counter: passkey.counter,
            transports: transportsOf(passkey),
          },
          requireUserVerification: true,
        })
        .catch(() => null);
      if (!verification?.verified) throw new AppError('unauthorized', NOT_SIGNED_IN);
      // The counter moves on from the value checked: of two uses of one assertion, one signs in.
      if (!(await tf.advanceCounter(db, passkey.id, passkey.counter, verification.authenticationInfo.newCounter))) {
        throw new AppError('unauthorized', NOT_SIGNED_IN);
      }
      const user = await repo.selectUserById(db, passkey.adminUserId);
      if (!user) throw new AppError('unauthorized', NOT_SIGNED_IN);
      await admission.succeeded();
      return deps.auth.issue(user, client);
    },
  };
}
