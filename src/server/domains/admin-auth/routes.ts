import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AdminMe, LoginBodySchema } from '#shared/admin.ts';
import { adminCookieName, adminDeviceCookieName, checkOrigin } from './browser.ts';

/** POST /api/admin/login, POST /api/admin/logout, GET /api/admin/me (docs/product.md §7, docs/engineering.md §6). */
export const adminAuthRoutes: FastifyPluginAsyncZod = async (app) => {
  const auth = app.services.adminAuth;
  const cookie = adminCookieName(app.config);
  const deviceCookie = adminDeviceCookieName(app.config);
  const secure = app.config.publicUrl.startsWith('https:');
  const options = { httpOnly: true, sameSite: 'strict', secure, path: '/' } as const;
  // The dashboard buys postage the way the store's label provider sells it (a rate to choose, or one click).
  const labelProvider = app.labelProvider.name;

  app.post('/api/admin/login', { schema: { body: LoginBodySchema } }, async (req, reply) => {
    checkOrigin(app.config, req);
    const { token, username, device } = await auth.login(req.body.username, req.body.password, {
      network: req.network,
      userAgent: req.headers['user-agent'],
      deviceToken: req.cookies[deviceCookie],
    });
    // A new session at every sign-in; the one the browser held before ends.
    await auth.logout(req.cookies[cookie]);
    reply.setCookie(cookie, token, { ...options, maxAge: auth.absoluteMs / 1000 });
    // The browser is trusted from now on (ADR 0017); signing out keeps it so.
    reply.setCookie(deviceCookie, device, { ...options, maxAge: auth.deviceMs / 1000 });
    return { success: true, username, labelProvider } satisfies AdminMe & { success: true };
  });

  app.post('/api/admin/logout', async (req, reply) => {
    checkOrigin(app.config, req);
    await auth.logout(req.cookies[cookie]);
    reply.clearCookie(cookie, options);
    return { success: true };
  });

  app.get('/api/admin/me', { onRequest: app.requireAdmin }, async (req, reply): Promise<AdminMe> => {
    reply.header('cache-control', 'no-store');
    return { username: req.admin?.username ?? '', labelProvider };
  });
};
