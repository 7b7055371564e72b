import { and, asc, eq, inArray, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Tx } from '#db/client.ts';
import { mailOutbox } from '#db/schema/index.ts';
import type { Mail, Mailer } from './mailer.ts';

/**
 * The mail outbox (docs/decisions/0020): an e-mail is written to the database when it becomes due,
 * in the caller's transaction, and delivered in the background right after; a failed delivery is
 * tried again by the sweep with exponential backoff (1, 2, 4, 8 minutes, then every 15) until it is
 * sent or has used its attempts (then it is marked failed and logged for the owner). Each attempt
 * claims its message with one conditional update, so two senders (two sweeps, two instances) never
 * send the same message. A message may carry header fields of its own (List-Unsubscribe), kept
 * with it and erased with its bodies.
 */
export const MAIL_MAX_ATTEMPTS = 20;
const FIRST_RETRY_MS = 60_000;
const MAX_RETRY_MS = 15 * 60_000;
/** How long a claim holds: longer than any one delivery may take (SEND_TIMEOUT_MS). */
const CLAIM_MS = 5 * 60_000;
const SEND_TIMEOUT_MS = 2 * 60_000;
/** Messages one sweep sends at most, one after the other. */
const BATCH = 50;

/** The wait after the `attempts`-th failed attempt. */
export const retryDelayMs = (attempts: number) => Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), MAX_RETRY_MS);

export interface OutboxMessage extends Mail {
  /** Unique per message: the same key again is not queued again (e.g. `order-confirmation:1001`). */
  key: string;
  kind: string;
  /** What the message is about, handed to the kind's delivered hook (an order id). */
  ref?: number;
  /** Not sent after this (a code that has expired by then is useless). */
  expiresAt?: Date;
}

type Row = typeof mailOutbox.$inferSelect;
/** Told of a delivered message: its reference (an order id) and the address it went to. */
type DeliveredHook = (tx: Tx, ref: number | null, to: string) => Promise<void>;

export type Outbox = ReturnType<typeof createOutbox>;

export function createOutbox(d: { db: Database; mailer: Mailer; log: FastifyBaseLogger }) {
  const { db } = d;
  const hooks = new Map<string, DeliveredHook>();
  let background: Promise<void> | null = null;
  let again = false;
  let closed = false;

  /** Claims one due message (or one whose sender's claim ran out): one statement, so one sender wins it. */
  async function claimOne(): Promise<Row | undefined> {
    const due = db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(
        and(
          or(
            and(eq(mailOutbox.status, 'pending'), sql`${mailOutbox.nextAttemptAt} <= now()`),
            and(eq(mailOutbox.status, 'sending'), sql`${mailOutbox.lockedUntil} < now()`),
          ),
          sql`(${mailOutbox.expiresAt} is null or ${mailOutbox.expiresAt} > now())`,
        ),
      )
      .orderBy(asc(mailOutbox.nextAttemptAt), asc(mailOutbox.id))
      .limit(1)
      .for('update', { skipLocked: true });
    const [row] = await db
      .update(mailOutbox)
      .set({
        status: 'sending',
        attempts: sql`${mailOutbox.attempts} + 1`,
        lockedUntil: sql`now() + make_interval(secs => ${CLAIM_MS / 1000})`,
      })
      .where(inArray(mailOutbox.id, due))
      .returning();
    return row;
  }

  async function send(row: Row): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('the mail server did not answer in time')), SEND_TIMEOUT_MS);
    });
    try {
      await Promise.race([
        d.mailer.send({
          to: row.toAddress,
          subject: row.subject,
          text: row.textBody,
          html: row.htmlBody,
          ...(row.headers ? { headers: row.headers } : {}),
        }),
        timeout,
      ]);
    } finally {
      clearTimeout(timer);
    }
  }

  async function attempt(row: Row): Promise<boolean> {
    try {
      await send(row);
    } catch (err) {
      const final = row.attempts >= MAIL_MAX_ATTEMPTS;
      const wait = retryDelayMs(row.attempts);
      await db
        .update(mailOutbox)
        .set({
          status: final ? 'failed' : 'pending',
          lockedUntil: null,
          nextAttemptAt: sql`now() + make_interval(secs => ${wait / 1000})`,
          lastError: err instanceof Error ? err.message.slice(0, 500) : String(err),
        })
        .where(and(eq(mailOutbox.id, row.id), eq(mailOutbox.status, 'sending')));
      const about = { err, mailId: row.id, kind: row.kind, key: row.key, attempts: row.attempts };
      if (final) d.log.error(about, `e-mail not delivered after ${row.attempts} attempts; given up (mail_outbox status failed)`);
      else d.log.warn({ ...about, retryInSeconds: wait / 1000 }, 'e-mail delivery failed; it will be retried');
      return false;
    }
    // Sent: the bodies are no longer needed (and may hold a code); the kind's owner records it.
    await db.transaction(async (tx) => {
      const [done] = await tx
        .update(mailOutbox)
        .set({
          status: 'sent',
          sentAt: sql`now()`,
          lockedUntil: null,
          lastError: null,
          textBody: '',
          htmlBody: '',
          headers: null,
        })
        .where(eq(mailOutbox.id, row.id))
        .returning({ id: mailOutbox.id });
      if (done) await hooks.get(row.kind)?.(tx, row.ref, row.toAddress);
    });
    return true;
  }

  /** Sends what is due, one message at a time; how many were sent. */
  async function deliverDue(): Promise<number> {
    await db
      .update(mailOutbox)
      .set({ status: 'expired', lockedUntil: null, textBody: '', htmlBody: '', headers: null })
      .where(
        and(
          inArray(mailOutbox.status, ['pending', 'sending']),
          isNotNull(mailOutbox.expiresAt),
          sql`${mailOutbox.expiresAt} <= now()`,
        ),
      );
    let sent = 0;
    for (let i = 0; i < BATCH && !closed; i++) {
      const row = await claimOne();
      if (!row) break;
      if (await attempt(row)) sent += 1;
    }
    return sent;
  }

  return {
    /** Queues a message in the caller's transaction; false when its key was queued before. */
    async enqueue(tx: Tx, m: OutboxMessage): Promise<boolean> {
      const rows = await tx
        .insert(mailOutbox)
        .values({
          key: m.key,
          kind: m.kind,
          ref: m.ref ?? null,
          toAddress: m.to,
          subject: m.subject,
          textBody: m.text,
          htmlBody: m.html,
          headers: m.headers ?? null,
          expiresAt: m.expiresAt ?? null,
        })
        .onConflictDoNothing({ target: mailOutbox.key })
        .returning({ id: mailOutbox.id });
      return rows.length > 0;
    },

    /** Run in the same transaction that marks a message of this kind sent. */
    onDelivered(kind: string, hook: DeliveredHook): void {
      hooks.set(kind, hook);
    },

    /**
     * Delivers what is due in the background, after the caller's commit: a request never waits on
     * the mail server. Calls while a delivery runs make it look once more when it ends.
     */
    deliverSoon(): void {
      if (closed) return;
      if (background) {
        again = true;
        return;
      }
      background = (async () => {
        do {
          again = false;
          await deliverDue().catch((err: unknown) => d.log.warn({ err }, 'mail delivery failed'));
        } while (again && !closed);
      })().finally(() => {
        background = null;
      });
    },

    /** The sweep (every minute): retries what is due again. Returns how many were sent. */
    sweep: () => deliverDue(),

    /** Finished messages that had an expiry (verification codes) are dropped a day after it. */
    async purge(): Promise<void> {
      await db
        .delete(mailOutbox)
        .where(
          and(
            inArray(mailOutbox.status, ['sent', 'expired', 'failed']),
            isNotNull(mailOutbox.expiresAt),
            lt(mailOutbox.expiresAt, sql`now() - interval '1 day'`),
          ),
        );
    },

    /** Stops starting deliveries and waits for the one under way (before the database closes). */
    async close(): Promise<void> {
      closed = true;
      await background;
    },
  };
}
