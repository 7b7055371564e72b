import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '#db/client.ts';
import type { Resolve } from './addresses.ts';
import { ATTEMPT_TIMEOUT_MS, type PostOutcome, postWebhook } from './post.ts';
import * as repo from './repo.ts';
import { signedHeaders, unseal } from './signing.ts';

/**
 * The waits between attempts, after the first one right away: the Standard Webhooks
 * specification's example schedule ("Deliverability and reliability": 5 s, 5 min, 30 min, 2 h,
 * 5 h, 10 h, 14 h, …), each attempt within a day of the event; the last one at the day's end.
 */
export const RETRY_DELAYS_MS = [5_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 5 * 3_600_000, 10 * 3_600_000, 14 * 3_600_000];
export const RETRY_WINDOW_MS = 24 * 3_600_000;
/** How long a claim holds: longer than any one attempt may take. */
const CLAIM_SECONDS = 60;
/** Deliveries sent at once by one instance, and at most per run. */
const WORKERS = 4;
const BATCH = 100;

/** When the delivery is tried next after its `attempts`-th failure; undefined when its day is over. */
export function nextAttempt(attempts: number, windowStartedAt: Date, now = new Date()): Date | undefined {
  const end = windowStartedAt.getTime() + RETRY_WINDOW_MS;
  if (now.getTime() >= end) return undefined;
  const wait = RETRY_DELAYS_MS[Math.min(attempts - 1, RETRY_DELAYS_MS.length - 1)] ?? 0;
  return new Date(Math.min(now.getTime() + wait, end));
}

export interface SenderDeps {
  db: Database;
  /** The key the endpoints' secrets are sealed with. */
  key: Buffer;
  resolve: Resolve;
  allowPrivate: boolean;
  log: FastifyBaseLogger;
}

export type Sender = ReturnType<typeof createSender>;

/**
 * The webhooks' outbox (docs/decisions/0058), as the mail outbox (0020): deliveries are written in
 * the transaction of their change, sent right after its commit, and retried by the sweep; each
 * attempt is claimed with a lock expiry, so instances never send one attempt twice at once.
 */
export function createSender(d: SenderDeps) {
  let background: Promise<void> | null = null;
  let again = false;
  let closed = false;
  const timers = new Set<NodeJS.Timeout>();

  async function attempt(delivery: repo.DeliveryRow): Promise<void> {
    const what = await repo.selectAttempt(d.db, delivery);
    if (!what) return;
    const body = JSON.stringify(what.payload);
    let out: PostOutcome;
    try {
      const headers = signedHeaders(unseal(d.key, what.secretSealed), delivery.eventId, body);
      out = await postWebhook(what.url, headers, body, {
        resolve: d.resolve,
        allowPrivate: d.allowPrivate,
        timeoutMs: ATTEMPT_TIMEOUT_MS,
      });
    } catch (err) {
      out = { status: null, error: err instanceof Error ? err.message : String(err), excerpt: null };
    }
    const seen = { lastStatusCode: out.status, lastResponse: out.excerpt };
    if (out.status !== null && out.status >= 200 && out.status < 300) {
      await repo.settleAttempt(d.db, delivery.id, delivery.attempts, {
        status: 'delivered',
        ...seen,
        lastError: null,
        delivered: true,
      });
      return;
    }
    const error = out.error ?? `answered ${out.status}`;
    // 410 Gone: the receiver wants no more (the specification's "Delivery success and failure").
    const gone = out.status === 410;
    if (gone) {
      await repo.updateEndpoint(d.db, delivery.endpointId, { enabled: false });
      d.log.warn({ endpointId: delivery.endpointId }, 'webhook endpoint answered 410 Gone; disabled');
    }
    const next = gone ? undefined : nextAttempt(delivery.attempts, delivery.windowStartedAt);
    await repo.settleAttempt(d.db, delivery.id, delivery.attempts, {
      status: next ? 'pending' : 'failed',
      ...seen,
      lastError: error.slice(0, 300),
      ...(next ? { nextAttemptAt: next } : {}),
    });
    const about = { deliveryId: delivery.id, webhookId: delivery.eventId, attempts: delivery.attempts, error };
    if (!next) d.log.error(about, 'webhook not delivered within a day; given up');
    else {
      d.log.warn(about, 'webhook delivery failed; it will be retried');
      const wait = next.getTime() - Date.now();
      // A retry sooner than the next sweep is started by this instance itself.
      if (wait < 60_000) later(wait + 50);
    }
  }

  async function worker(budget: { left: number }): Promise<void> {
    while (!closed && budget.left > 0) {
      budget.left -= 1;
      const delivery = await repo.claimOne(d.db, CLAIM_SECONDS);
      if (!delivery) return;
      await attempt(delivery).catch((err: unknown) => d.log.warn({ err, deliveryId: delivery.id }, 'webhook attempt failed'));
    }
  }

  async function deliverDue(): Promise<void> {
    await repo.failStale(d.db, RETRY_WINDOW_MS / 1000);
    const budget = { left: BATCH };
    await Promise.all(Array.from({ length: WORKERS }, () => worker(budget)));
  }

  function deliverSoon(): void {
    if (closed) return;
    if (background) {
      again = true;
      return;
    }
    background = (async () => {
      do {
        again = false;
        await deliverDue().catch((err: unknown) => d.log.warn({ err }, 'webhook delivery failed'));
      } while (again && !closed);
    })().finally(() => {
      background = null;
    });
  }

  function later(ms: number): void {
    if (closed) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      deliverSoon();
    }, ms);
    timer.unref();
    timers.add(timer);
  }

  return {
    /** Sends what is due in the background; calls while a run is under way make it look once more. */
    deliverSoon,
    /** Sends what is due after `ms` (a change whose commit may not have happened yet). */
    later,
    /** The sweep (every minute). */
    sweep: () => deliverDue(),
    /** Stops starting deliveries and waits for the run under way (before the database closes). */
    async close(): Promise<void> {
      closed = true;
      for (const t of timers) clearTimeout(t);
      timers.clear();
      await background;
    },
  };
}
