import { formatCents } from '#shared/money.ts';
import { customerName, shipToLines } from '#shared/ship-to.ts';
import type {
  AdminSubscription,
  AdminSubscriptionDetail,
  AdminSubscriptionsPage,
  AdminSubscriptionsQuery,
  AdminSubscriptionsSummary,
} from '#shared/subscriptions-admin.ts';
import { AppError } from '../../errors.ts';
import * as adminRepo from './admin-repo.ts';
import { changeSubscription, decisions } from './changes.ts';
import type { SubscriptionsDeps } from './deps.ts';
import * as repo from './pages-repo.ts';
import type { SubscriptionItemRow, SubscriptionRow } from './pages-repo.ts';
import { discountedCents, productsOf } from './quote.ts';

const DAY_MS = 86_400_000;
/** The churn's window, in days. */
export const CHURN_DAYS = 30;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function listed(row: SubscriptionRow, items: readonly SubscriptionItemRow[]): AdminSubscription {
  return {
    id: row.id,
    status: row.status,
    email: row.email,
    name: customerName(row),
    intervalWeeks: row.intervalWeeks,
    discountPercent: row.discountPercent,
    nextRenewalAt: row.nextRenewalAt.toISOString(),
    items: items.map((i) => ({ productId: i.productId, name: i.name, quantity: i.quantity })),
    failedAttempts: row.failedAttempts,
    lastFailure: row.lastFailure,
    createdAt: row.createdAt.toISOString(),
    pausedAt: iso(row.pausedAt),
    cancelledAt: iso(row.cancelledAt),
  };
}

/**
 * The owner's Subscriptions tab (docs/decisions/0054): the list a page at a time, the figures (counts,
 * monthly recurring revenue, churn), one subscription's history and orders, and the owner's pause
 * and cancel (events with the admin's name; a cancellation e-mails the shopper).
 */
export function createSubscriptionsAdmin(d: SubscriptionsDeps) {
  async function withItems(rows: readonly SubscriptionRow[]): Promise<AdminSubscription[]> {
    const items = await repo.selectItems(
      d.db,
      rows.map((r) => r.id),
    );
    return rows.map((r) =>
      listed(
        r,
        items.filter((i) => i.subscriptionId === r.id),
      ),
    );
  }

  /** Each active subscription's items at today's prices less its discount, × 52 / 12 / its interval: in cents, rounded once. */
  async function mrrCents(): Promise<number> {
    const terms = await adminRepo.selectActiveTerms(d.db);
    const items = await repo.selectItems(
      d.db,
      terms.map((t) => t.id),
    );
    const products = await productsOf(d.catalog, [...new Set(items.map((i) => i.productId))]);
    let monthly = 0;
    for (const t of terms) {
      let perDelivery = 0;
      for (const i of items) {
        const p = i.subscriptionId === t.id ? products.get(i.productId) : null;
        if (p?.isActive) perDelivery += discountedCents(p.priceCents, t.discountPercent) * i.quantity;
      }
      monthly += (perDelivery * 52) / 12 / t.intervalWeeks;
    }
    return Math.round(monthly);
  }

  async function detail(id: number): Promise<AdminSubscriptionDetail> {
    const row = await repo.selectSubscription(d.db, id);
    if (!row) throw new AppError('not_found', 'Subscription not found');
    const [[base], events] = await Promise.all([withItems([row]), repo.selectEvents(d.db, id)]);
    if (!base) throw new AppError('not_found', 'Subscription not found');
    const orderIds = [...new Set([row.firstOrderId, ...events.map((e) => e.orderId).filter((o): o is number => o !== null)])];
    const found = await d.orders.withItems(orderIds);
    const orders = orderIds
      .map((oid) => found.get(oid)?.order)
      .filter((o) => o !== undefined)
      .sort((a, b) => b.id - a.id)
      .map((o) => ({
        id: o.id,
        renewal: o.id !== row.firstOrderId,
        status: o.status,
        total: formatCents(o.totalCents),
        placedAt: (o.paidAt ?? o.createdAt).toISOString(),
      }));
    return {
      ...base,
      phone: row.phone,
      shipTo: [customerName(row), ...shipToLines(row)].filter(Boolean),
      card: row.cardLast4 ? { brand: row.cardBrand ?? 'card', last4: row.cardLast4 } : null,
      askFirst: row.askFirst,
      firstOrderId: row.firstOrderId,
      history: events.map((e) => ({
        at: e.createdAt.toISOString(),
        kind: e.kind,
        detail: e.detail,
        actor: e.actor,
        orderId: e.orderId,
      })),
      orders,
    };
  }

  return {
    /** GET /api/admin/subscriptions. */
    async list(q: AdminSubscriptionsQuery): Promise<AdminSubscriptionsPage> {
      const { rows, more } = await adminRepo.selectPage(d.db, q);
      const last = rows.at(-1);
      return { subscriptions: await withItems(rows), nextCursor: more && last ? last.id : null };
    },

    /** GET /api/admin/subscriptions/summary. */
    async summary(now = new Date()): Promise<AdminSubscriptionsSummary> {
      const [counts, churn, mrr] = await Promise.all([
        adminRepo.selectCounts(d.db, now),
        adminRepo.selectChurnCounts(d.db, new Date(now.getTime() - CHURN_DAYS * DAY_MS)),
        mrrCents(),
      ]);
      const percent = churn.atStart === 0 ? 0 : (churn.lost * 100) / churn.atStart;
      return { ...counts, mrr: formatCents(mrr), churn: (Math.round(percent * 10) / 10).toFixed(1) };
    },

    detail,

    async pause(id: number, admin: string): Promise<AdminSubscriptionDetail> {
      await changeSubscription(d, id, (row) => decisions.pause(row), { actor: 'owner', name: admin }).catch(notFoundAsOwner);
      return detail(id);
    },

    async cancel(id: number, admin: string): Promise<AdminSubscriptionDetail> {
      await changeSubscription(d, id, (row) => decisions.cancel(row), { actor: 'owner', name: admin }).catch(notFoundAsOwner);
      return detail(id);
    },
  };
}

/** The shopper's "link does not work" is the owner's "not found". */
function notFoundAsOwner(err: unknown): never {
  if (err instanceof AppError && err.code === 'not_found') throw new AppError('not_found', 'Subscription not found');
  throw err;
}
