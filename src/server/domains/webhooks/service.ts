import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Tx } from '#db/client.ts';
import {
  WEBHOOK_ENDPOINTS_MAX,
  type WebhookCreateBodySchema,
  type WebhookDeliveriesQuery,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEndpointWithSecret,
  type WebhookEventType,
  type WebhookUpdateBodySchema,
} from '#shared/webhooks.ts';
import type { z } from 'zod';
import { AppError, notFound } from '../../errors.ts';
import { checkEndpointUrl, type Resolve } from './addresses.ts';
import * as repo from './repo.ts';
import { createSender } from './sender.ts';
import { newSecret, seal } from './signing.ts';

export type WebhooksService = ReturnType<typeof createWebhooksService>;

/**
 * What other domains are handed (through their deps, as the mail outbox): `emit` writes an event
 * in the caller's transaction, `deliverSoon` sends it after the commit.
 */
export interface WebhookEmitter {
  emit(tx: Tx, type: WebhookEventType, data: Record<string, unknown>): Promise<void>;
  deliverSoon(): void;
}

/** How long an event and its deliveries are kept once finished. */
const KEEP_DAYS = 30;
/** The fallback kick after an event is written: the caller's commit has happened by then. */
const AFTER_COMMIT_MS = 1_000;

const toEndpoint = (r: repo.EndpointRow): WebhookEndpoint => ({
  id: r.id,
  url: r.url,
  events: r.events as WebhookEndpoint['events'],
  enabled: r.enabled,
  createdAt: r.createdAt.toISOString(),
});

const iso = (d: Date | null) => (d ? d.toISOString() : null);

const toDelivery = ({ delivery: r, eventType }: { delivery: repo.DeliveryRow; eventType: string }): WebhookDelivery => ({
  id: r.id,
  eventId: r.eventId,
  eventType,
  status: r.status,
  attempts: r.attempts,
  lastStatusCode: r.lastStatusCode,
  lastError: r.lastError,
  lastResponse: r.lastResponse,
  lastAttemptAt: iso(r.lastAttemptAt),
  nextAttemptAt: r.status === 'pending' || r.status === 'sending' ? iso(r.nextAttemptAt) : null,
  deliveredAt: iso(r.deliveredAt),
  createdAt: r.createdAt.toISOString(),
});

/** A Standard Webhooks message id: `msg_` and 24 random base32 characters. */
const messageId = () => {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz234567';
  return `msg_${Array.from(randomBytes(24), (b) => alphabet[b & 31]).join('')}`;
};

/** Webhooks out (docs/decisions/0058): the owner's endpoints, the events, their delivery. */
export function createWebhooksService(d: {
  db: Database;
  key: Buffer;
  allowPrivate: boolean;
  resolve: Resolve;
  log: FastifyBaseLogger;
}) {
  const { db } = d;
  const sender = createSender(d);
  const checkUrl = (url: string) => checkEndpointUrl(url, d.allowPrivate, d.resolve);

  async function endpoint(id: number): Promise<repo.EndpointRow> {
    const row = await repo.selectEndpoint(db, id);
    if (!row) throw notFound('Webhook endpoint');
    return row;
  }

  // Whether this instance has written an event since its last kick: a change no endpoint subscribes
  // to writes none, and its kick after the commit then costs no query. What another instance writes
  // is its own to send, and the sweep's.
  let written = false;
  const emitter: WebhookEmitter = {
    async emit(tx, type, data) {
      const subscribers = await repo.selectSubscribers(tx, type);
      if (subscribers.length === 0) return;
      const id = messageId();
      await repo.insertEvent(
        tx,
        { id, type, payload: { type, timestamp: new Date().toISOString(), data } },
        subscribers.map((s) => s.id),
      );
      written = true;
      // Also the fallback when another change's kick took the flag before this one's commit.
      sender.later(AFTER_COMMIT_MS);
    },
    deliverSoon() {
      if (!written) return;
      written = false;
      sender.deliverSoon();
    },
  };

  return {
    ...emitter,
    emitter,

    list: async (): Promise<WebhookEndpoint[]> => (await repo.selectEndpoints(db)).map(toEndpoint),

    /** A new endpoint and its secret, shown this once. 400 for a URL it may not reach, 409 past the limit. */
    async create(body: z.output<typeof WebhookCreateBodySchema>): Promise<WebhookEndpointWithSecret> {
      const url = await checkUrl(body.url);
      const secret = newSecret();
      const row = await db.transaction(async (tx) => {
        // One creation at a time counts the endpoints, so the limit holds under concurrent requests.
        await tx.execute(sql`select pg_advisory_xact_lock(5800)`);
        if ((await repo.countEndpoints(tx)) >= WEBHOOK_ENDPOINTS_MAX) {
          throw new AppError('conflict', `A store can have at most ${WEBHOOK_ENDPOINTS_MAX} webhook endpoints`);
        }
        return repo.insertEndpoint(tx, { url, events: body.events, secretSealed: seal(d.key, secret) });
      });
      return { ...toEndpoint(row), secret };
    },

    async update(id: number, body: z.output<typeof WebhookUpdateBodySchema>): Promise<WebhookEndpoint> {
      await endpoint(id);
      const url = body.url === undefined ? undefined : await checkUrl(body.url);
      const row = await repo.updateEndpoint(db, id, {
        ...(url !== undefined ? { url } : {}),
        ...(body.events !== undefined ? { events: body.events } : {}),
        ...(body.enabled !== undefined ? { enabled: body.enabled } : {}),
      });
      if (!row) throw notFound('Webhook endpoint');
      if (row.enabled) sender.deliverSoon();
      return toEndpoint(row);
    },

    /** A new secret, shown this once; the old one signs nothing from now on. */
    async rotateSecret(id: number): Promise<WebhookEndpointWithSecret> {
      const secret = newSecret();
      const row = await repo.updateEndpoint(db, id, { secretSealed: seal(d.key, secret) });
      if (!row) throw notFound('Webhook endpoint');
      return { ...toEndpoint(row), secret };
    },

    async remove(id: number): Promise<void> {
      if (!(await repo.deleteEndpoint(db, id))) throw notFound('Webhook endpoint');
    },

    /** An endpoint's deliveries, newest first, and the cursor of the next page (null: none). */
    async deliveries(id: number, q: WebhookDeliveriesQuery): Promise<{ deliveries: WebhookDelivery[]; next: number | null }> {
      await endpoint(id);
      const rows = await repo.selectDeliveries(db, id, q.limit + 1, q.cursor);
      const page = rows.slice(0, q.limit).map(toDelivery);
      const last = page.at(-1);
      return { deliveries: page, next: rows.length > q.limit && last ? last.id : null };
    },

    /** Sends a delivery again, with the same webhook-id and a new day of retries. 409 while an attempt is under way. */
    async resend(id: number, deliveryId: number): Promise<WebhookDelivery> {
      await endpoint(id);
      if (!(await repo.selectDelivery(db, id, deliveryId))) throw notFound('Delivery');
      if (!(await repo.requeue(db, id, deliveryId))) {
        throw new AppError('conflict', 'This delivery is being sent right now; try again in a minute');
      }
      sender.deliverSoon();
      const row = await repo.selectDelivery(db, id, deliveryId);
      if (!row) throw notFound('Delivery');
      return toDelivery(row);
    },

    sweep: sender.sweep,
    purge: () => repo.purgeEvents(db, KEEP_DAYS),
    close: sender.close,
  };
}
