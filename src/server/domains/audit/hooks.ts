import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onSendAsyncHookHandler,
  preHandlerAsyncHookHandler,
  preSerializationAsyncHookHandler,
} from 'fastify';
import { adminCookieName } from '../admin-auth/service.ts';
import type { AuditRecord, AuditService } from './service.ts';

/** The words of an admin write for the activity log, from its request and its answer (never a secret of either). */
export type AuditDescriber = (req: FastifyRequest, answer: unknown) => string;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The activity log's words for this write (docs/decisions/0057); the route's summary otherwise. */
    audit?: AuditDescriber;
    /** The write records itself inside its own transaction (the staff routes): the hook leaves it. */
    auditedInService?: boolean;
    /** A sign-in or sign-out route: recorded whatever its answer, with the username tried. */
    auditSession?: 'sign-in' | 'sign-out';
  }
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
const answers = new WeakMap<FastifyRequest, unknown>();
const signingOut = new WeakMap<FastifyRequest, { id: number; username: string }>();

/** `/api/orders/:id/refunds` → order; `/api/admin/staff/:id` → staff. */
export function targetOf(req: FastifyRequest): { targetType: string | null; targetId: string | null } {
  const id = (req.params as { id?: unknown } | undefined)?.id;
  if (id === undefined || id === null) return { targetType: null, targetId: null };
  const parts = req.routeOptions.url?.split('/') ?? [];
  const before = parts[parts.indexOf(':id') - 1] ?? 'item';
  const type = before.endsWith('s') && before !== 'staff' ? before.slice(0, -1) : before;
  return { targetType: type, targetId: String(id) };
}

/** An admin's record of its write: who, from where, the route's operation, on what, in words. */
export function adminRecord(req: FastifyRequest, summary: string): AuditRecord {
  return {
    actorId: req.admin?.userId ?? null,
    actor: req.admin?.username ?? 'unknown',
    network: req.network,
    action: req.routeOptions.schema?.operationId ?? `${req.method} ${req.routeOptions.url}`,
    ...targetOf(req),
    summary,
  };
}

function describe(req: FastifyRequest, answer: unknown): string {
  const { audit } = req.routeOptions.config;
  const { targetType, targetId } = targetOf(req);
  const fallback = `${req.routeOptions.schema?.summary ?? req.routeOptions.url}${targetId ? ` (${targetType} ${targetId})` : ''}`;
  if (!audit) return fallback;
  try {
    return audit(req, answer);
  } catch (err) {
    req.log.warn({ err }, 'audit describer failed');
    return fallback;
  }
}

function sessionRecord(req: FastifyRequest, reply: FastifyReply, answer: unknown): AuditRecord | null {
  const kind = req.routeOptions.config.auditSession;
  if (kind === 'sign-out') {
    const who = signingOut.get(req);
    if (!who || reply.statusCode >= 300) return null;
    return {
      actorId: who.id,
      actor: who.username,
      network: req.network,
      action: 'signOut',
      summary: `${who.username} signed out`,
    };
  }
  // The password's sign-in names the username tried; a second step (code or passkey) names the admin once it succeeds.
  const tried =
    (req.body as { username?: unknown } | undefined)?.username ?? (answer as { username?: unknown } | undefined)?.username;
  const secondStepRoute = req.routeOptions.schema?.operationId !== 'signIn';
  const fallback = secondStepRoute ? '(second step)' : '(no username)';
  const actor = typeof tried === 'string' && tried.trim() !== '' ? tried.trim() : fallback;
  const status = reply.statusCode;
  const secondStep = (answer as { twoFactorRequired?: unknown } | undefined)?.twoFactorRequired === true;
  const [action, summary] =
    status === 200
      ? secondStep
        ? ['signInPasswordAccepted', `${actor}: password accepted, second factor asked`]
        : ['signIn', `${actor} signed in`]
      : status === 429
        ? ['signInRefused', `sign-in as ${actor} refused: too many attempts`]
        : status === 401
          ? ['signInFailed', `failed sign-in as ${actor}`]
          : [null, ''];
  if (!action) return null;
  return { actorId: null, actor, network: req.network, action, summary };
}

/**
 * Records every admin write that succeeded (2xx, not GET) and every sign-in attempt, before the
 * answer leaves (docs/decisions/0057), with hooks on the `/api/admin/` routes alone: after the change's own transaction, so a crash between the
 * two can lose a record, never invent one. A write whose service records itself in its
 * transaction (`auditedInService`) is left to it.
 */
export function registerAuditHooks(app: FastifyInstance, audit: AuditService): void {
  const cookie = adminCookieName(app.config);
  const rememberSigningOut: preHandlerAsyncHookHandler = async (req) => {
    if (req.routeOptions.config?.auditSession !== 'sign-out') return;
    const session = await app.services.adminAuth.authenticate(req.cookies[cookie]);
    if (session) signingOut.set(req, { id: session.userId, username: session.username });
  };
  const keepAnswer: preSerializationAsyncHookHandler = async (req, _reply, payload) => {
    answers.set(req, payload);
    return payload;
  };
  const record: onSendAsyncHookHandler = async (req, reply, payload) => {
    const config = req.routeOptions.config;
    if (!config) return payload;
    let entry: AuditRecord | null = null;
    if (config.auditSession) entry = sessionRecord(req, reply, answers.get(req));
    else if (req.admin && reply.statusCode === 403 && config.permission && config.permission !== 'signed-in') {
      // A refused attempt is logged, reads included (OWASP ASVS 4.0.3 V7.2.2).
      const what = req.routeOptions.schema?.summary ?? req.routeOptions.url;
      entry = {
        ...adminRecord(req, `refused (${req.admin.role}): ${what}, needs ${config.permission}`),
        action: 'accessRefused',
      };
    } else if (req.admin && !READS.has(req.method) && reply.statusCode < 300 && !config.auditedInService) {
      entry = adminRecord(req, describe(req, answers.get(req)));
    }
    if (entry) {
      try {
        await audit.record(entry);
      } catch (err) {
        req.log.error({ err }, 'audit record not written');
      }
    }
    return payload;
  };
  // On the admin routes only (those that name a permission, sign-in and sign-out): the shop's own requests pay nothing for the log.
  app.addHook('onRoute', (route) => {
    const admin = route.config?.permission !== undefined || route.config?.auditSession !== undefined;
    if (!admin && !route.url.startsWith('/api/admin/')) return;
    route.preHandler = [...asList(route.preHandler), rememberSigningOut];
    route.preSerialization = [...asList(route.preSerialization), keepAnswer];
    route.onSend = [...asList(route.onSend), record];
  });
}

const asList = <T>(hooks: T | T[] | undefined): T[] => (hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks]);
