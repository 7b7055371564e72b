import type { AdminOrder, OrdersExportQuery, OrdersQuery, OrdersSummary } from '#shared/admin.ts';
import { formatCents } from '#shared/money.ts';
import type { OrderEvent } from '#shared/order-events.ts';
import type { Database } from '#db/client.ts';
import { AppError, notFound } from '../../errors.ts';
import { csvLine, csvLines } from '../../lib/csv.ts';
import { type Actor, recordEvent, toOrderEvent } from './history.ts';
import { LISTS, type OrderKind, paidLive, paidTest } from './kinds.ts';
import * as historyRepo from './history-repo.ts';
import * as kindsRepo from './kinds-repo.ts';
import * as ownerRepo from './owner-repo.ts';
import * as repo from './repo.ts';
import type { OrderDisputesService } from './disputes.ts';
import { toAdminOrder } from './views.ts';

const EXPORT_BATCH = 500;
const EXPORT_COLUMNS = [
  'Order',
  'Placed at (UTC)',
  'Paid at (UTC)',
  'Status',
  'Payment mode',
  'Payment problem',
  'Email',
  'First name',
  'Last name',
  'Phone',
  'Address',
  'City',
  'State',
  'ZIP',
  'Country',
  'Items',
  'Subtotal',
  'Discount code',
  'Discount',
  'Shipping',
  'Total',
  'Refunded',
  'Payment method',
  'Tracking number',
  'Payment id',
  // Added after the others so that a sheet reading columns by position keeps reading them (docs/decisions/0047).
  'Sales tax',
  'Sales tax refunded',
];

/** What the owner reads of the orders: the list, the export, the summary, one order, its history and notes. */
export function createOwnerViews(
  db: Database,
  disputes: Pick<OrderDisputesService, 'ofOrders' | 'lostTotals' | 'countDisputed'>,
) {
  return {
    /**
     * GET /api/orders: a page of the dashboard's list (docs/product.md §2 "Orders tab"; repo.selectAdminOrders
     * says which orders), and the cursor of the next page when there is one.
     */
    async listForAdmin(query: OrdersQuery): Promise<{ orders: AdminOrder[]; next: number | null }> {
      const { rows, more } = await ownerRepo.selectAdminOrders(db, query);
      const disputed = await disputes.ofOrders(rows.map((r) => r.order));
      const orders = rows.map(({ order, items }) => toAdminOrder(order, items, disputed.get(order.id)));
      return { orders, next: more ? (orders.at(-1)?.id ?? null) : null };
    },

    /**
     * GET /api/orders/export.csv: the orders of a period as CSV lines, header first, read a batch at
     * a time so any number of orders streams in flat memory.
     */
    async *exportCsv(q: OrdersExportQuery): AsyncGenerator<string> {
      yield csvLine(EXPORT_COLUMNS);
      let after = 0;
      for (;;) {
        const batch = await ownerRepo.selectExportBatch(db, q, after, EXPORT_BATCH);
        if (batch.length > 0) {
          yield csvLines(
            batch.map(({ order: o, items }) => [
              o.id,
              o.createdAt.toISOString(),
              o.paidAt?.toISOString(),
              o.status,
              o.paymentMode,
              o.paymentIssue,
              o.email,
              o.firstName,
              o.lastName,
              o.phone,
              o.shippingAddress,
              o.shippingCity,
              o.shippingState,
              o.shippingZip,
              o.shippingCountry,
              items.map((i) => `${i.quantity} × ${i.name} @ ${formatCents(i.unitPriceCents)}`).join('; '),
              formatCents(o.subtotalCents),
              o.discountCode,
              formatCents(o.discountCents),
              formatCents(o.shippingCents),
              formatCents(o.totalCents),
              formatCents(o.refundedCents),
              o.paymentMethodKind,
              o.trackingNumber,
              o.paymentIntentId,
              formatCents(o.taxCents),
              formatCents(o.refundedTaxCents),
            ]),
          );
        }
        const last = batch.at(-1);
        if (!last || batch.length < EXPORT_BATCH) return;
        after = last.order.id;
      }
    },

    /** Every minute: the orders' changes since the last fold go into the summary's totals (ADR 0031), and each day's revenue rows and the customers' count rows into one (ADR 0061). */
    async foldSummary(): Promise<number> {
      const folded = await kindsRepo.foldOrderKindChanges(db);
      await kindsRepo.foldRevenueDays(db);
      await kindsRepo.foldCustomerCounts(db);
      return folded;
    },

    /** GET /api/orders/summary: the summary cards and each list's count, from the counts of each kind of order. */
    async summaryForAdmin(): Promise<OrdersSummary> {
      const [kinds, lost, disputed] = await Promise.all([
        kindsRepo.selectOrderKinds(db),
        disputes.lostTotals(),
        disputes.countDisputed(),
      ]);
      const sum = (
        which: (k: OrderKind) => boolean,
        of: 'orders' | 'totalCents' | 'refundedCents' | 'taxCents' | 'refundedTaxCents' = 'orders',
      ) => kinds.filter(which).reduce((total, k) => total + k[of], 0);
      // Revenue leaves the sales tax out: it is the states' money, collected for them (docs/decisions/0047).
      // A lost dispute counts out as a refund of what it took back (docs/decisions/0059).
      const tax = sum(paidLive, 'taxCents');
      const refundedTax = sum(paidLive, 'refundedTaxCents') + lost.taxCents;
      const gross = sum(paidLive, 'totalCents') - tax;
      const refunds = sum(paidLive, 'refundedCents') + lost.cents - refundedTax;
      return {
        totalOrders: sum(LISTS.all),
        paidOrders: sum(paidLive),
        totalRevenue: formatCents(gross - refunds),
        grossRevenue: formatCents(gross),
        refunds: formatCents(refunds),
        taxCollected: formatCents(tax - refundedTax),
        testOrders: { count: sum(paidTest), total: formatCents(sum(paidTest, 'totalCents')) },
        byStatus: {
          pending: sum(LISTS.pending),
          paid: sum((k) => k.status === 'paid'),
          shipped: sum((k) => k.status === 'shipped'),
          delivered: sum((k) => k.status === 'delivered'),
          cancelled: sum((k) => k.status === 'cancelled'),
          refunded: sum((k) => k.status === 'refunded'),
        },
        byFilter: { 'payment-problem': sum(LISTS['payment-problem']), expired: sum(LISTS.expired), disputes: disputed },
      };
    },

    /**
     * The order a label or packing slip is made for, with its items and disputes; refused unless
     * paid and addressed (labels are refused for a disputed one by fulfilment: `dispute.labelsBlocked`).
     */
    async orderForLabel(id: number): Promise<AdminOrder> {
      const row = await repo.selectById(db, id);
      if (!row) throw notFound('Order');
      if (row.status === 'pending') throw new AppError('conflict', 'This order is not paid yet: no label can be made for it');
      if (row.status === 'cancelled' || row.status === 'refunded') {
        throw new AppError('conflict', `This order is ${row.status}: no label can be made for it`);
      }
      if (!row.shippingAddress || !row.shippingCity || !row.shippingState || !row.shippingZip) {
        throw new AppError('conflict', 'This order has no shipping address: no label can be made for it');
      }
      const disputed = await disputes.ofOrders([row]);
      return toAdminOrder(row, await repo.selectItems(db, id), disputed.get(id));
    },

    /** GET /api/orders/:id/timeline: everything that happened to the order, oldest first; 404 for no such order. */
    async timeline(id: number): Promise<OrderEvent[]> {
      if (!(await repo.selectById(db, id))) throw notFound('Order');
      return (await historyRepo.selectEvents(db, id)).map(toOrderEvent);
    },

    /** POST /api/orders/:id/notes: the owner's note, kept in the order's history. */
    async addNote(id: number, text: string, actor: Actor): Promise<OrderEvent> {
      if (!(await repo.selectById(db, id))) throw notFound('Order');
      return recordEvent(db, id, 'note', text, actor);
    },
    async adminOrder(id: number): Promise<AdminOrder> {
      const row = await repo.selectById(db, id);
      if (!row) throw notFound('Order');
      const disputed = await disputes.ofOrders([row]);
      return toAdminOrder(row, await repo.selectItems(db, id), disputed.get(id));
    },
  };
}
