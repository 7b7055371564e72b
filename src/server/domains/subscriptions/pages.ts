import { formatCents } from '#shared/money.ts';
import {
  CARD_CONFIRMED_BY_TEST_FORM,
  type CardConfirmResult,
  type CardSetupStarted,
  SUBSCRIPTION_INTERVAL_NOT_OFFERED,
  SUBSCRIPTION_LINK_INVALID,
  SUBSCRIPTION_SETUP_NOT_FINISHED,
  type SubscriptionChange,
  type SubscriptionPageView,
} from '#shared/subscription-page.ts';
import { AppError } from '../../errors.ts';
import { type Change, changeSubscription, day, decisions, deliveryOn, newDate, refuseCancelled } from './changes.ts';
import type { SubscriptionsDeps } from './deps.ts';
import * as repo from './pages-repo.ts';
import type { SubscriptionEventRow, SubscriptionRow } from './pages-repo.ts';
import { productsOf, quote } from './quote.ts';

const DAY_MS = 86_400_000;
const WEEK_MS = 7 * DAY_MS;
/** The history lines the page shows. */
const HISTORY_LINES = 20;
const shopper = { actor: 'shopper' } as const;

/** d***@example.com: enough to know which address the e-mails go to, not enough to read it off a shared screen. */
export const maskEmail = (email: string) => {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain}`;
};

/** An owner's change as the shopper reads it: what happened, not who at the store did it. */
const historyText = (e: SubscriptionEventRow) =>
  e.actor === 'owner' ? e.detail.replace(/ by the store \(.*\)$/, ' by the store') : e.detail;

/**
 * The shopper's subscription page (docs/decisions/0054): the signed token is the key; every answer
 * for a token that opens nothing is the one 404. Each change is one transaction on the locked row
 * and one event (actor 'shopper'); only a cancellation sends an e-mail, once.
 */
export function createSubscriptionPages(d: SubscriptionsDeps) {
  const idOf = (token: string) => {
    const id = d.links.subscriptionIdOf(token);
    if (id === null) throw new AppError('not_found', SUBSCRIPTION_LINK_INVALID);
    return id;
  };

  async function priced(row: SubscriptionRow) {
    const lines = await repo.selectItems(d.db, [row.id]);
    const products = await productsOf(
      d.catalog,
      lines.map((l) => l.productId),
    );
    return quote(row, lines, products, d.shipping());
  }

  async function viewOf(id: number): Promise<SubscriptionPageView> {
    const row = await repo.selectSubscription(d.db, id);
    if (!row || row.erasedAt) throw new AppError('not_found', SUBSCRIPTION_LINK_INVALID);
    const [q, events] = await Promise.all([priced(row), repo.selectEvents(d.db, id, HISTORY_LINES)]);
    return {
      id: row.id,
      status: row.status,
      email: maskEmail(row.email),
      items: q.items,
      intervalWeeks: row.intervalWeeks,
      intervalsOffered: q.intervalsOffered,
      discountPercent: row.discountPercent,
      nextRenewalAt: row.nextRenewalAt.toISOString(),
      nextSubtotal: formatCents(q.subtotalCents),
      nextShipping: formatCents(q.shippingCents),
      nextAmount: formatCents(q.totalCents),
      askFirst: row.askFirst,
      awaitingConfirmation:
        row.status === 'active' && row.askFirst && row.confirmedFor?.getTime() !== row.nextRenewalAt.getTime(),
      card: row.cardLast4 ? { brand: row.cardBrand ?? 'card', last4: row.cardLast4 } : null,
      failedAttempts: row.failedAttempts,
      lastFailure: row.failedAttempts > 0 ? row.lastFailure : null,
      pausedAt: row.pausedAt?.toISOString() ?? null,
      cancelledAt: row.cancelledAt?.toISOString() ?? null,
      history: events.map((e) => ({ at: e.createdAt.toISOString(), kind: e.kind, text: historyText(e) })),
    };
  }

  /** A change the shopper asked for, then the page as it is after it. */
  async function act(token: string, decide: Parameters<typeof changeSubscription>[2]): Promise<SubscriptionPageView> {
    const id = idOf(token);
    await changeSubscription(d, id, decide, shopper);
    return viewOf(id);
  }

  /** The new interval (one offered today, or the current) and "ask me first", from the last renewal or the start. */
  async function decideChange(
    row: SubscriptionRow,
    body: SubscriptionChange,
    intervalsOffered: readonly number[],
    tx: Parameters<typeof repo.selectLastRenewalAt>[0],
  ) {
    refuseCancelled(row);
    const set: Change['set'] = {};
    const said: string[] = [];
    if (body.intervalWeeks !== undefined && body.intervalWeeks !== row.intervalWeeks) {
      if (!intervalsOffered.includes(body.intervalWeeks)) throw new AppError('bad_request', SUBSCRIPTION_INTERVAL_NOT_OFFERED);
      const from = (await repo.selectLastRenewalAt(tx, row.id)) ?? row.createdAt;
      const earliest = Date.now() + DAY_MS;
      const next = new Date(Math.max(from.getTime() + body.intervalWeeks * WEEK_MS, earliest));
      Object.assign(set, { intervalWeeks: body.intervalWeeks, nextRenewalAt: next, noticeSentFor: null, confirmedFor: null });
      said.push(
        `Interval changed from every ${row.intervalWeeks} to every ${body.intervalWeeks} weeks; next delivery on ${day(next)}`,
      );
    }
    if (body.nextDeliveryOn !== undefined && set.intervalWeeks === undefined) {
      const next = deliveryOn(body.nextDeliveryOn, row.nextRenewalAt);
      if (next.getTime() !== row.nextRenewalAt.getTime()) {
        Object.assign(set, newDate(next));
        said.push(`Next delivery moved from ${day(row.nextRenewalAt)} to ${day(next)}`);
      }
    }
    if (body.askFirst !== undefined && body.askFirst !== row.askFirst) {
      set.askFirst = body.askFirst;
      said.push(body.askFirst ? 'Each renewal now waits for a confirmation' : 'Renewals no longer wait for a confirmation');
    }
    if (said.length === 0) return null;
    const kind =
      set.intervalWeeks !== undefined
        ? 'interval_changed'
        : set.nextRenewalAt !== undefined
          ? 'date_changed'
          : 'ask_first_changed';
    return { set, kind, detail: said.join('. ') };
  }

  return {
    /** GET /api/subscriptions/:token. */
    view: (token: string) => viewOf(idOf(token)),
    skip: (token: string) => act(token, (row) => decisions.skip(row)),
    pause: (token: string) => act(token, (row) => decisions.pause(row)),
    resume: (token: string) => act(token, (row) => decisions.resume(row)),
    /** One click; asked again, the same answer and no second e-mail. */
    cancel: (token: string) => act(token, (row) => decisions.cancel(row)),
    async change(token: string, body: SubscriptionChange): Promise<SubscriptionPageView> {
      // The products' intervals are read before the row is locked (nothing but the transaction may query inside it).
      const before = await repo.selectSubscription(d.db, idOf(token));
      const offered = before && !before.erasedAt ? (await priced(before)).intervalsOffered : [];
      return act(token, (row, tx) => decideChange(row, body, offered, tx));
    },

    /** POST /api/subscriptions/:token/card: a setup at the provider for the subscription's customer. */
    async startCard(token: string): Promise<CardSetupStarted> {
      const row = await repo.selectSubscription(d.db, idOf(token));
      if (!row || row.erasedAt) throw new AppError('not_found', SUBSCRIPTION_LINK_INVALID);
      refuseCancelled(row);
      if (!row.providerCustomerId) {
        throw new AppError(
          'conflict',
          'This subscription has no customer at the payment provider: contact us to change the card.',
        );
      }
      const started = await d.payments.startSetup(row.providerCustomerId);
      return { ...started, publishableKey: started.provider === 'stripe' ? d.stripePublishableKey : null };
    },

    /**
     * POST /api/subscriptions/:token/card/confirm (Stripe): the server confirms the setup with the
     * card form's ConfirmationToken, only for this subscription's customer; the page then completes it.
     */
    async confirmCard(token: string, setupId: string, confirmationToken: string | null): Promise<CardConfirmResult> {
      const row = await repo.selectSubscription(d.db, idOf(token));
      if (!row || row.erasedAt) throw new AppError('not_found', SUBSCRIPTION_LINK_INVALID);
      refuseCancelled(row);
      if (!row.providerCustomerId) throw new AppError('conflict', SUBSCRIPTION_SETUP_NOT_FINISHED);
      // The built-in provider's card form confirms its setups itself (POST /api/payments/test/setup/confirm).
      if (d.payments.providerName === 'test') throw new AppError('conflict', CARD_CONFIRMED_BY_TEST_FORM);
      const r = await d.payments.confirmSetup(setupId, row.providerCustomerId, confirmationToken);
      if (r.foreign) throw new AppError('conflict', SUBSCRIPTION_SETUP_NOT_FINISHED);
      return { status: r.status, ...(r.message ? { message: r.message } : {}) };
    },

    /** POST /api/subscriptions/:token/card/complete: the card the setup saved becomes the subscription's. */
    async completeCard(token: string, setupId: string): Promise<SubscriptionPageView> {
      idOf(token);
      const saved = await d.payments.finishSetup(setupId);
      return act(token, (row) => {
        refuseCancelled(row);
        // A setup made for another customer (another subscription's) saves nothing here.
        if (!saved || saved.customerId !== row.providerCustomerId)
          throw new AppError('conflict', SUBSCRIPTION_SETUP_NOT_FINISHED);
        if (saved.paymentMethodId === row.paymentMethodId) return null;
        const brand = saved.brand ?? 'card';
        return {
          set: { paymentMethodId: saved.paymentMethodId, cardBrand: brand, cardLast4: saved.last4 },
          kind: 'card_replaced',
          detail: `Card replaced: ${brand.charAt(0).toUpperCase()}${brand.slice(1)} ending ${saved.last4 ?? '????'} (was ending ${row.cardLast4 ?? '????'})`,
        };
      });
    },
  };
}
