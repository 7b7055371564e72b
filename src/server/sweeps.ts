import type { FastifyInstance } from 'fastify';

/**
 * The periodic work of a running store, started by main.ts; tests run the same functions. Each
 * part logs its own failure and never stops the others.
 */
export async function sweepEveryMinute(app: FastifyInstance): Promise<void> {
  // Lapsed holds give their stock back, unpaid checkouts past their end close; e-mails whose delivery failed and refunds
  // the payment provider did not answer are retried; checkouts left at the payment step past the owner's delay get
  // their one reminder (docs/decisions/0041), and paid orders whose shopper asked for one their reorder reminder (0051). The summary's figures take in the orders' changes, and the analytics
  // roll up the days that closed.
  await Promise.all([
    app.services.checkout.sweepExpired().catch((err: unknown) => app.log.warn({ err }, 'order sweep failed')),
    app.services.outbox.sweep().catch((err: unknown) => app.log.warn({ err }, 'mail sweep failed')),
    app.services.webhooks.sweep().catch((err: unknown) => app.log.warn({ err }, 'webhook sweep failed')),
    app.services.checkout.retryPendingRefunds().catch((err: unknown) => app.log.warn({ err }, 'refund retry failed')),
    app.services.checkout.retryTaxRecords().catch((err: unknown) => app.log.warn({ err }, 'tax record retry failed')),
    app.services.settings.refresh().catch((err: unknown) => app.log.warn({ err }, 'settings refresh failed')),
    app.services.recovery.sweep().catch((err: unknown) => app.log.warn({ err }, 'checkout reminder sweep failed')),
    // Subscriptions' notices first, then their due renewals (docs/decisions/0053).
    app.services.subscriptions.notices
      .sweep()
      .then(() => app.services.subscriptions.renewals.sweep())
      .catch((err: unknown) => app.log.warn({ err }, 'subscription renewal sweep failed')),
    app.services.reorders.sweep().catch((err: unknown) => app.log.warn({ err }, 'reorder reminder sweep failed')),
  ]);
  // After the order sweep, so the orders it closed are folded in now rather than a minute later.
  await app.services.orders.foldSummary().catch((err: unknown) => app.log.warn({ err }, 'orders summary fold failed'));
  await app.services.analytics.rollUp().catch((err: unknown) => app.log.warn({ err }, 'analytics rollup failed'));
}

export async function sweepEveryHour(app: FastifyInstance): Promise<void> {
  await Promise.all([
    app.services.cart.sweepStaleCarts().catch((err: unknown) => app.log.warn({ err }, 'cart sweep failed')),
    app.services.adminAuth.sweep().catch((err: unknown) => app.log.warn({ err }, 'session sweep failed')),
    app.services.outbox.purge().catch((err: unknown) => app.log.warn({ err }, 'mail purge failed')),
    app.services.webhooks.purge().catch((err: unknown) => app.log.warn({ err }, 'webhook purge failed')),
    app.services.reviews.sweep().catch((err: unknown) => app.log.warn({ err }, 'review code sweep failed')),
    app.services.analytics.sweep().catch((err: unknown) => app.log.warn({ err }, 'analytics sweep failed')),
  ]);
}

/** Starts both sweeps; the returned function stops them. */
export function startSweeps(app: FastifyInstance): () => void {
  const minute = setInterval(() => void sweepEveryMinute(app), 60_000);
  const hour = setInterval(() => void sweepEveryHour(app), 60 * 60_000);
  minute.unref();
  hour.unref();
  return () => {
    clearInterval(minute);
    clearInterval(hour);
  };
}
