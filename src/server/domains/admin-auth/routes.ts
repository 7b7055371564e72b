import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LoginBodySchema } from '#shared/admin.ts';
import { AdminMeSchema, SignedInSchema } from '#shared/admin-response-schemas.ts';
import { ErrorBodySchema } from '#shared/errors.ts';
import { SuccessSchema } from '#shared/response-schemas.ts';
import { ROLE_PERMISSIONS } from '#shared/staff.ts';
import { TwoFactorRequiredSchema } from '#shared/two-factor-response-schemas.ts';
import { json } from '../../lib/answers.ts';
import {
  adminCookieName,
  adminCookieOptions,
  adminDeviceCookieName,
  adminStepCookieName,
  checkOrigin,
  setSessionCookies,
} from './browser.ts';
import { STEP_MS } from './service.ts';

/** POST /api/admin/login, POST /api/admin/logout, GET /api/admin/me (docs/product.md §7, docs/engineering.md §6). */
export const adminAuthRoutes: FastifyPluginAsyncZod = async (app) => {
  const auth = app.services.adminAuth;
  const cookie = adminCookieName(app.config);
  const deviceCookie = adminDeviceCookieName(app.config);
  const stepCookie = adminStepCookieName(app.config);
  const options = adminCookieOptions(app.config);
  // The dashboard buys postage the way the store's label provider sells it (a rate to choose, or one click).
  const labelProvider = app.labelProvider.name;
  const tags = ['Admin sign-in'];

  app.post(
    '/api/admin/login',
    {
      config: { auditSession: 'sign-in' },
      schema: {
        tags,
        operationId: 'signIn',
        summary: 'Sign in',
        description:
          'Sets the session cookie and the trusted-device cookie. For an admin with a second factor (an authenticator app or a passkey), a right password answers `{twoFactorRequired: true}` and sets only the second step’s cookie (HttpOnly, SameSite=Strict, 5 minutes): the session comes from POST /api/admin/login/totp. Needs an `Origin` equal to the store’s. 401 for a wrong username or password; 429 past the sign-in limits (docs/security.md, “Sign-in limits”).',
        body: LoginBodySchema,
        response: {
          200: json(
            'Signed in; or, with a second factor set, the password was right and the second step is to come.',
            z.union([SignedInSchema, TwoFactorRequiredSchema]),
          ),
          401: ErrorBodySchema,
          403: ErrorBodySchema,
          429: ErrorBodySchema,
        },
      },
    },
    async (req, reply) => {
      checkOrigin(app.config, req);
      const result = await auth.login(req.body.username, req.body.password, {
        network: req.network,
        userAgent: req.headers['user-agent'],
        deviceToken: req.cookies[deviceCookie],
      });
      // A new session at every sign-in; the one the browser held before ends.
      await auth.logout(req.cookies[cookie]);
      if (result.kind === 'second-step') {
        reply.clearCookie(cookie, options);
        reply.setCookie(stepCookie, result.stepToken, { ...options, maxAge: STEP_MS / 1000 });
        return { twoFactorRequired: true as const };
      }
      setSessionCookies(reply, app.config, result, auth, req.cookies[stepCookie] !== undefined);
      return { success: true as const, username: result.username, labelProvider };
    },
  );

  app.post(
    '/api/admin/logout',
    {
      config: { auditSession: 'sign-out' },
      schema: {
        tags,
        operationId: 'signOut',
        summary: 'Sign out',
        description: 'Ends the session and clears its cookie. Needs an `Origin` equal to the store’s.',
        response: { 200: json('Signed out.', SuccessSchema), 403: ErrorBodySchema },
      },
    },
    async (req, reply) => {
      checkOrigin(app.config, req);
      await auth.logout(req.cookies[cookie]);
      reply.clearCookie(cookie, options);
      return { success: true as const };
    },
  );

  app.get(
    '/api/admin/me',
    {
      onRequest: app.requireAdmin,
      config: { enrolment: true, permission: 'signed-in' },
      schema: {
        tags,
        operationId: 'getSignedInAdmin',
        summary: 'Who is signed in',
        response: { 200: json('The signed-in admin, its role and what the role may do.', AdminMeSchema) },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      const role = req.admin?.role ?? 'support';
      return {
        username: req.admin?.username ?? '',
        labelProvider,
        mustEnrol: req.admin?.mustEnrol ?? false,
        role,
        permissions: [...ROLE_PERMISSIONS[role]],
      };
    },
  );
};
