import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { needsAdminSession } from '#server/plugins/admin-guard.ts';
import { PERMISSIONS } from '#shared/staff.ts';
import { createTestApp, type TestApp } from '../support/app.ts';

/**
 * Every route an admin's session opens names the permission it needs (docs/decisions/0057): a
 * new admin route without one fails here (and refuses everyone at run time).
 */
let t: TestApp;
const routes: RouteOptions[] = [];
beforeAll(async () => {
  const onCreated = (message: unknown) => {
    (message as { fastify: FastifyInstance }).fastify.addHook('onRoute', (route: RouteOptions) => {
      routes.push(route);
    });
  };
  subscribe('fastify.initialization', onCreated);
  try {
    t = await createTestApp({ ADMIN_USERNAME: 'owner', ADMIN_PASSWORD: 'correct-horse-battery' });
  } finally {
    unsubscribe('fastify.initialization', onCreated);
  }
});
afterAll(async () => {
  await t?.close();
});

it('every admin route declares a known permission', () => {
  // Read after the app is built: the guarded scope marks its routes' config after the outer hooks saw them.
  const admin = routes.filter((r) => needsAdminSession(r));
  expect(admin.length).toBeGreaterThan(50);
  const missing = admin.filter((r) => r.config?.permission === undefined).map((r) => `${r.method} ${r.url}`);
  expect(missing).toEqual([]);
  const known = new Set<string>([...PERMISSIONS, 'signed-in']);
  const unknown = admin.filter((r) => !known.has(String(r.config?.permission))).map((r) => `${r.method} ${r.url}`);
  expect(unknown).toEqual([]);
});

it('the public routes of the admin’s sign-in and set-password need no session', () => {
  const open = routes.filter((r) => !needsAdminSession(r)).map((r) => `${r.method} ${r.url}`);
  expect(open).toEqual(expect.arrayContaining(['POST /api/admin/login', 'POST /api/admin/set-password']));
});
