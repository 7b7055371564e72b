import { bigint, boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { adminUsers } from './admin.ts';

/*
 * Owned by the admin-auth domain (docs/decisions/0056): each admin's second factors, the half-way
 * state of a sign-in, and the WebAuthn challenges every instance can finish.
 */

/** An authenticator app (RFC 6238); active once `confirmedAt` is set. */
export const adminTotp = pgTable('admin_totp', {
  adminUserId: integer('admin_user_id')
    .primaryKey()
    .references(() => adminUsers.id, { onDelete: 'cascade' }),
  /** The shared secret, base32 (RFC 4648); never sent again after setup. */
  secret: text('secret').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  /** The last 30-second step whose code was accepted: a code of that step or an earlier one is refused. */
  lastStep: bigint('last_step', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One-time recovery codes: only the SHA-256 of each (120 random bits) is stored. */
export const adminRecoveryCodes = pgTable(
  'admin_recovery_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    adminUserId: integer('admin_user_id')
      .notNull()
      .references(() => adminUsers.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('admin_recovery_codes_uq').on(t.adminUserId, t.codeHash)],
);

/** Passkeys (WebAuthn discoverable credentials). */
export const adminPasskeys = pgTable(
  'admin_passkeys',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    adminUserId: integer('admin_user_id')
      .notNull()
      .references(() => adminUsers.id, { onDelete: 'cascade' }),
    /** The credential id, base64url. */
    credentialId: text('credential_id').notNull(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    /** The authenticator's signature counter (0 when it keeps none). */
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    /** JSON array of the transports the browser reported. */
    transports: text('transports'),
    name: text('name').notNull(),
    backedUp: boolean('backed_up').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('admin_passkeys_credential_uq').on(t.credentialId), index('admin_passkeys_user_idx').on(t.adminUserId)],
);

/** WebAuthn challenges: one use each, a few minutes at most. */
export const adminWebauthnChallenges = pgTable(
  'admin_webauthn_challenges',
  {
    challenge: text('challenge').primaryKey(),
    /** 'registration' (of this admin's passkey) or 'authentication' (a sign-in; no admin yet). */
    kind: text('kind').notNull(),
    adminUserId: integer('admin_user_id').references(() => adminUsers.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('admin_webauthn_challenges_expires_idx').on(t.expiresAt)],
);

/** A sign-in whose password was right and whose second factor is still to come: the SHA-256 of its cookie's token. */
export const adminSignInSteps = pgTable(
  'admin_sign_in_steps',
  {
    tokenHash: text('token_hash').primaryKey(),
    adminUserId: integer('admin_user_id')
      .notNull()
      .references(() => adminUsers.id, { onDelete: 'cascade' }),
    /** Wrong codes sent with this cookie; past a few the step ends and the password is asked again. */
    failures: integer('failures').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('admin_sign_in_steps_expires_idx').on(t.expiresAt)],
);
