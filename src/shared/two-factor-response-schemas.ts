import { z } from 'zod';
import { isoTime } from './response-schemas.ts';
import type { OwnSession, Passkey, RecoveryCodes, SecondFactorStatus, TotpSetup, TwoFactorRequired } from './two-factor.ts';

/** The second factors' answers (docs/decisions/0023, 0056). */

export const TwoFactorRequiredSchema = z
  .object({ twoFactorRequired: z.literal(true) })
  .meta({ id: 'TwoFactorRequired' }) satisfies z.ZodType<TwoFactorRequired>;

export const TotpSetupSchema = z
  .object({ secret: z.string(), otpauthUrl: z.string() })
  .meta({ id: 'TotpSetup' }) satisfies z.ZodType<TotpSetup>;

export const RecoveryCodesSchema = z
  .object({ recoveryCodes: z.array(z.string()) })
  .meta({ id: 'RecoveryCodes' }) satisfies z.ZodType<RecoveryCodes>;

export const SecondFactorStatusSchema = z
  .object({
    authenticatorApp: z.boolean(),
    recoveryCodesLeft: z.number().int(),
    passkeys: z.number().int(),
    required: z.boolean(),
  })
  .meta({ id: 'SecondFactorStatus' }) satisfies z.ZodType<SecondFactorStatus>;

export const PasskeySchema = z
  .object({ id: z.number().int(), name: z.string(), createdAt: isoTime, lastUsedAt: isoTime.nullable(), backedUp: z.boolean() })
  .meta({ id: 'Passkey' }) satisfies z.ZodType<Passkey>;

export const OwnSessionSchema = z
  .object({ id: z.string(), createdAt: isoTime, lastSeenAt: isoTime, device: z.string(), current: z.boolean() })
  .meta({ id: 'OwnSession' }) satisfies z.ZodType<OwnSession>;

/**
 * WebAuthn options for navigator.credentials.create() or .get() as JSON (WebAuthn Level 3
 * §5.4, §5.5): passed to the browser as they are, so every member is kept.
 */
export const CreationOptionsSchema = z.looseObject({ challenge: z.string() }).meta({ id: 'PasskeyCreationOptions' });
export const RequestOptionsSchema = z.looseObject({ challenge: z.string() }).meta({ id: 'PasskeyRequestOptions' });
