import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SignedInSchema } from '#shared/admin-response-schemas.ts';
import { ErrorBodySchema } from '#shared/errors.ts';
import { CodeBodySchema, PasskeyLoginBodySchema } from '#shared/two-factor.ts';
import { RequestOptionsSchema } from '#shared/two-factor-response-schemas.ts';
import { json } from '../../lib/answers.ts';
import { adminCookieName, adminDeviceCookieName, adminStepCookieName, checkOrigin, setSessionCookies } from './browser.ts';

/** The second step of a password sign-in, and the passkey sign-in (docs/decisions/0056). */
export const secondStepRoutes: FastifyPluginAsyncZod = async (app) => {
  const auth = app.services.adminAuth;
  const secondFactor = app.services.secondFactor;
  const passkeys = app.services.passkeys;
  const cookie = adminCookieName(app.config);
  const deviceCookie = adminDeviceCookieName(app.config);
  const stepCookie = adminStepCookieName(app.config);
  const labelProvider = app.labelProvider.name;
  const tags = ['Admin sign-in'];
  const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 429: ErrorBodySchema };

  app.post(
    '/api/admin/login/totp',
    {
      bodyLimit: 4096,
      config: { auditSession: 'sign-in' },
      schema: {
        tags,
        operationId: 'signInWithCode',
        summary: 'Finish signing in with a code',
        description:
          'With the cookie a right password set: a code of the authenticator app (six digits, each accepted once) or one of the recovery codes (each once) gives the session the password sign-in gives. Counted in the sign-in limits as a password is; after five wrong codes the password is asked again. 401 for a wrong code or an ended second step.',
        body: CodeBodySchema,
        response: { 200: json('Signed in.', SignedInSchema), ...errors },
      },
    },
    async (req, reply) => {
      checkOrigin(app.config, req);
      const issued = await secondFactor.completeWithCode(req.cookies[stepCookie], req.body.code, {
        network: req.network,
        userAgent: req.headers['user-agent'],
        deviceToken: req.cookies[deviceCookie],
      });
      await auth.logout(req.cookies[cookie]);
      setSessionCookies(reply, app.config, issued, auth, true);
      return { success: true as const, username: issued.username, labelProvider };
    },
  );

  app.post(
    '/api/admin/login/passkey/options',
    {
      bodyLimit: 1024,
      schema: {
        tags,
        operationId: 'passkeySignInOptions',
        summary: 'Begin signing in with a passkey',
        description:
          'Options for navigator.credentials.get(): a new challenge (one use, five minutes, kept by the store so any instance can finish), user verification required, no allowCredentials (the passkey says whose it is).',
        response: { 200: json('The request options.', RequestOptionsSchema), 403: ErrorBodySchema, 429: ErrorBodySchema },
      },
    },
    async (req, reply) => {
      checkOrigin(app.config, req);
      reply.header('cache-control', 'no-store');
      return passkeys.authenticationOptions(req.network);
    },
  );

  app.post(
    '/api/admin/login/passkey',
    {
      bodyLimit: 65_536,
      config: { auditSession: 'sign-in' },
      schema: {
        tags,
        operationId: 'signInWithPasskey',
        summary: 'Sign in with a passkey',
        description:
          'The assertion navigator.credentials.get() gave, as JSON. With user verification it counts as both factors and gives the session the password sign-in gives. Counted in the per-address sign-in limit.',
        body: PasskeyLoginBodySchema,
        response: { 200: json('Signed in.', SignedInSchema), ...errors },
      },
    },
    async (req, reply) => {
      checkOrigin(app.config, req);
      const issued = await passkeys.signIn(req.body.response as AuthenticationResponseJSON, {
        network: req.network,
        userAgent: req.headers['user-agent'],
        deviceToken: req.cookies[deviceCookie],
      });
      await auth.logout(req.cookies[cookie]);
      await secondFactor.endStep(req.cookies[stepCookie]);
      setSessionCookies(reply, app.config, issued, auth, req.cookies[stepCookie] !== undefined);
      return { success: true as const, username: issued.username, labelProvider };
    },
  );
};
