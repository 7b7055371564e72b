import { z } from 'zod';
import { REQUIRED } from './messages.ts';
import { passwordText, singleLine } from './validation.ts';

/** Second factors of the admins' sign-in (docs/decisions/0056): shapes the dashboard and the server share. */

/** A password sign-in whose second step is still to come: the session needs a code or a passkey. */
export interface TwoFactorRequired {
  twoFactorRequired: true;
}

export interface TotpSetup {
  /** Base32 (RFC 4648), for typing into an authenticator app; never sent again. */
  secret: string;
  otpauthUrl: string;
}

export interface RecoveryCodes {
  /** Ten one-time codes, shown once. */
  recoveryCodes: string[];
}

export interface SecondFactorStatus {
  authenticatorApp: boolean;
  recoveryCodesLeft: number;
  passkeys: number;
  /** The store requires a second factor of every admin. */
  required: boolean;
}

export interface Passkey {
  id: number;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
  /** The passkey is synced (a password manager, a platform account), not held by one device alone. */
  backedUp: boolean;
}

export interface OwnSession {
  /** The session's id in this list; neither its token nor the token's hash. */
  id: string;
  createdAt: string;
  lastSeenAt: string;
  /** The browser and system it was signed in from, as its user agent says ("Chrome on macOS"). */
  device: string;
  current: boolean;
}

/** A code of the authenticator app (six digits) or a recovery code. */
export const CodeBodySchema = z.strictObject({
  code: z
    .string({ error: 'Enter the code' })
    .trim()
    .min(1, REQUIRED)
    .max(64, 'That code is too long')
    .regex(/^[A-Za-z0-9 -]+$/, 'Enter the code as it is shown: digits, or letters and hyphens'),
});
export type CodeBody = z.infer<typeof CodeBodySchema>;

/** DELETE /api/admin/me/totp: the admin's password, asked again. */
export const PasswordBodySchema = z.strictObject({ password: passwordText(200, 'Password is too long') });
export type PasswordBody = z.infer<typeof PasswordBodySchema>;

const b64url = (max: number) =>
  z
    .string({ error: 'Expected base64url text' })
    .max(max, 'Too long')
    .regex(/^[A-Za-z0-9_-]*$/, 'Expected base64url text');

const credentialBase = {
  id: b64url(1400).min(1, REQUIRED),
  rawId: b64url(1400).min(1, REQUIRED),
  type: z.literal('public-key', { error: 'Expected a public-key credential' }),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
};

/** What navigator.credentials.create() gave, as JSON (WebAuthn Level 3 §5.1, `toJSON()`). */
export const RegistrationResponseSchema = z.object({
  ...credentialBase,
  response: z.object({
    clientDataJSON: b64url(4096).min(1, REQUIRED),
    attestationObject: b64url(16384).min(1, REQUIRED),
    authenticatorData: b64url(16384).optional(),
    transports: z.array(z.string().max(32)).max(10).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: b64url(4096).optional(),
  }),
});

/** What navigator.credentials.get() gave, as JSON. */
export const AuthenticationResponseSchema = z.object({
  ...credentialBase,
  response: z.object({
    clientDataJSON: b64url(4096).min(1, REQUIRED),
    authenticatorData: b64url(16384).min(1, REQUIRED),
    signature: b64url(4096).min(1, REQUIRED),
    userHandle: b64url(1400).optional(),
  }),
});

export const PasskeyRegisterBodySchema = z.strictObject({
  response: RegistrationResponseSchema,
  name: singleLine(60, 'The name may have at most 60 characters').min(1, 'Give the passkey a name'),
});
export type PasskeyRegisterBody = z.input<typeof PasskeyRegisterBodySchema>;

export const PasskeyLoginBodySchema = z.strictObject({ response: AuthenticationResponseSchema });
export type PasskeyLoginBody = z.input<typeof PasskeyLoginBodySchema>;

export const SessionIdParamsSchema = z.strictObject({ id: z.uuid({ error: 'Not a session id' }) });

/** What GET /api/admin/me adds: whether the admin must enrol a second factor before anything else. */
export interface AdminEnrolment {
  mustEnrol: boolean;
}
