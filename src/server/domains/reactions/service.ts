import { randomUUID } from 'node:crypto';
import type { Database } from '#db/client.ts';
import { REACTION_THANKS, type ReactionReportSent } from '#shared/reaction-texts.ts';
import type { ReactionReportBody } from '#shared/reactions.ts';
import type { StoreContact } from '../../lib/mail-layout.tsx';
import type { Outbox } from '../../lib/mail-outbox.ts';
import { throttle } from '../../lib/rate-buckets.ts';
import { reactionReportMail } from './emails/reaction-report.tsx';

const HOUR_MS = 3_600_000;

export interface ReactionsDeps {
  db: Database;
  outbox: Outbox;
  store: StoreContact;
  /** The owner's alerts address as the settings are now; without one, reports go to the support address. */
  readonly ownerEmail: string | undefined;
  limits: { perNetworkPerHour: number; perHour: number };
}

export type ReactionsService = ReturnType<typeof createReactionsService>;

/**
 * Reaction reports (docs/decisions/0050): each one is e-mailed to the owner through the outbox; a
 * client network may send a few an hour, and the whole store a bounded number, so no one can bury
 * the owner's inbox. Nothing else is kept: the e-mail's bodies are erased once it is delivered.
 */
export function createReactionsService(d: ReactionsDeps) {
  return {
    async report(body: ReactionReportBody, network: string): Promise<ReactionReportSent> {
      const busy = 'Too many reports from your network.';
      await throttle(d.db, [`reaction:ip:${network}`], d.limits.perNetworkPerHour, HOUR_MS, busy);
      await throttle(d.db, ['reaction:store'], d.limits.perHour, HOUR_MS, 'The store has received too many reports.');
      const id = randomUUID();
      const mail = await reactionReportMail(
        d.ownerEmail ?? d.store.supportEmail,
        {
          reference: `R-${id.slice(0, 8).toUpperCase()}`,
          whatHappened: body.whatHappened,
          product: body.product,
          when: body.when,
          ...(body.mayContact && body.email ? { contact: body.email } : {}),
          receivedAt: new Date(),
        },
        d.store,
      );
      await d.db.transaction((tx) => d.outbox.enqueue(tx, { key: `reaction:${id}`, kind: 'reaction_report', ...mail }));
      d.outbox.deliverSoon();
      return { message: REACTION_THANKS };
    },
  };
}
