import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBodySchema } from '#shared/errors.ts';
import { SuccessSchema } from '#shared/response-schemas.ts';
import { CodeBodySchema, PasskeyRegisterBodySchema, PasswordBodySchema, SessionIdParamsSchema } from '#shared/two-factor.ts';
import {
  CreationOptionsSchema,
  OwnSessionSchema,
  PasskeySchema,
  RecoveryCodesSchema,
  SecondFactorStatusSchema,
  TotpSetupSchema,
} from '#shared/two-factor-response-schemas.ts';
import { idParam } from '#shared/validation.ts';
import { json } from '../../lib/answers.ts';
import type { AdminSession } from './service.ts';

/**
 * "Your account" (docs/decisions/0056): the signed-in admin's second factors and sessions; registered
 * behind requireAdmin. `enrolment` routes stay open to an admin the store requires to enrol first.
 */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const auth = app.services.adminAuth;
  const secondFactor = app.services.secondFactor;
  const passkeys = app.services.passkeys;
  const tags = ['Admin sign-in'];
  // Any role manages its own sign-in; an admin who must enrol reaches the enrolment calls (docs/decisions/0056, 0057).
  const enrolment = { enrolment: true, permission: 'signed-in' } as const;
  const own = { permission: 'signed-in' } as const;
  const me = (admin: AdminSession | null): AdminSession => {
    if (!admin) throw new Error('requireAdmin sets req.admin');
    return admin;
  };

  app.get(
    '/api/admin/me/second-factors',
    {
      config: enrolment,
      schema: {
        tags,
        operationId: 'getSecondFactors',
        summary: 'Your second factors',
        response: {
          200: json(
            'Whether an authenticator app is set, the recovery codes left, the passkeys, and whether the store requires one.',
            SecondFactorStatusSchema,
          ),
        },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return secondFactor.status(me(req.admin).userId);
    },
  );

  app.post(
    '/api/admin/me/totp',
    {
      config: enrolment,
      bodyLimit: 1024,
      schema: {
        tags,
        operationId: 'startAuthenticatorApp',
        summary: 'Set up an authenticator app',
        description:
          'A new secret (base32) and its otpauth:// URL for the app; not active until a code of it is confirmed. 409 when an app is already set up.',
        response: { 200: json('The secret, shown this once.', TotpSetupSchema), 409: ErrorBodySchema },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return secondFactor.startTotp(me(req.admin));
    },
  );

  app.post(
    '/api/admin/me/totp/confirm',
    {
      config: enrolment,
      bodyLimit: 4096,
      schema: {
        tags,
        operationId: 'confirmAuthenticatorApp',
        summary: 'Confirm the authenticator app',
        description:
          'A code of the new secret makes the app active, ends your other sessions, and gives ten one-time recovery codes (shown once, kept hashed).',
        body: CodeBodySchema,
        response: {
          200: json('The recovery codes.', RecoveryCodesSchema),
          400: ErrorBodySchema,
          409: ErrorBodySchema,
          429: ErrorBodySchema,
        },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return secondFactor.confirmTotp(me(req.admin), req.body.code);
    },
  );

  app.delete(
    '/api/admin/me/totp',
    {
      config: own,
      bodyLimit: 4096,
      schema: {
        tags,
        operationId: 'removeAuthenticatorApp',
        summary: 'Remove the authenticator app',
        description:
          'Needs your password. Removes the app and its recovery codes and ends your other sessions. 409 when it is your last second factor and the store requires one.',
        body: PasswordBodySchema,
        response: {
          200: json('Removed.', SuccessSchema),
          400: ErrorBodySchema,
          404: ErrorBodySchema,
          409: ErrorBodySchema,
          429: ErrorBodySchema,
        },
      },
    },
    async (req) => {
      await secondFactor.removeTotp(me(req.admin), req.body.password);
      return { success: true as const };
    },
  );

  app.post(
    '/api/admin/passkeys/options',
    {
      config: enrolment,
      bodyLimit: 1024,
      schema: {
        tags,
        operationId: 'passkeyRegistrationOptions',
        summary: 'Begin adding a passkey',
        description:
          'Options for navigator.credentials.create(): a discoverable credential with user verification; a challenge for five minutes, one use.',
        response: { 200: json('The creation options.', CreationOptionsSchema), 409: ErrorBodySchema, 429: ErrorBodySchema },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return passkeys.registrationOptions(me(req.admin));
    },
  );

  app.post(
    '/api/admin/passkeys',
    {
      config: enrolment,
      bodyLimit: 65_536,
      schema: {
        tags,
        operationId: 'addPasskey',
        summary: 'Add a passkey',
        description: 'The credential navigator.credentials.create() gave, as JSON, and a name for it. Ends your other sessions.',
        body: PasskeyRegisterBodySchema,
        response: { 201: json('The passkey added.', PasskeySchema), 400: ErrorBodySchema, 409: ErrorBodySchema },
      },
    },
    async (req, reply) =>
      reply
        .status(201)
        .send(await passkeys.register(me(req.admin), req.body.response as RegistrationResponseJSON, req.body.name)),
  );

  app.get(
    '/api/admin/passkeys',
    {
      config: enrolment,
      schema: {
        tags,
        operationId: 'listPasskeys',
        summary: 'Your passkeys',
        response: { 200: json('Newest first.', z.array(PasskeySchema)) },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return passkeys.list(me(req.admin).userId);
    },
  );

  app.delete(
    '/api/admin/passkeys/:id',
    {
      config: own,
      schema: {
        tags,
        operationId: 'removePasskey',
        summary: 'Remove a passkey',
        description:
          'Ends your other sessions. 404 for a passkey that is not yours; 409 when it is your last second factor and the store requires one.',
        params: z.strictObject({ id: idParam }),
        response: { 200: json('Removed.', SuccessSchema), 404: ErrorBodySchema, 409: ErrorBodySchema },
      },
    },
    async (req) => {
      await passkeys.remove(me(req.admin), req.params.id);
      return { success: true as const };
    },
  );

  app.get(
    '/api/admin/me/sessions',
    {
      config: own,
      schema: {
        tags,
        operationId: 'listOwnSessions',
        summary: 'Your sessions',
        response: { 200: json('Most recently used first.', z.array(OwnSessionSchema)) },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return auth.ownSessions(me(req.admin));
    },
  );

  app.delete(
    '/api/admin/me/sessions/:id',
    {
      config: own,
      schema: {
        tags,
        operationId: 'endOwnSession',
        summary: 'End one of your sessions',
        description: '404 for an id that is not one of your sessions.',
        params: SessionIdParamsSchema,
        response: { 200: json('Ended.', SuccessSchema), 400: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (req) => {
      await auth.endOwnSession(me(req.admin), req.params.id);
      return { success: true as const };
    },
  );
};
