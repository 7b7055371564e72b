import { createHash, randomUUID } from 'node:crypto';
import type { OrderStatus } from '#shared/admin.ts';
import { estimateDelivery } from '#shared/delivery.ts';
import { formatCents } from '#shared/money.ts';
import { customerName, shipToLines } from '#shared/ship-to.ts';
import { mailboxOf } from '#shared/mailbox.ts';
import {
  ORDER_LINK_INVALID,
  ORDER_LINKS_SENT,
  ORDER_LOOKUP_MISS,
  type OrderLinksSent,
  type OrderStatusEvent,
  type OrderStatusView,
} from '#shared/order-status.ts';
import type { OrderEventType } from '#shared/order-events.ts';
import type { Database } from '#db/client.ts';
import { AppError } from '../../errors.ts';
import type { StoreContact } from '../../lib/mail-layout.tsx';
import type { Outbox } from '../../lib/mail-outbox.ts';
import { hitBucket, throttle } from '../../lib/rate-buckets.ts';
import type { FulfilmentService } from '../fulfilment/service.ts';
import { discountOf, type OrdersService } from '../orders/service.ts';

import { returnWindow, type ReturnsService } from '../returns/service.ts';
import { orderLinksMail } from './emails/order-links.tsx';
import type { OrderLinks } from './links.ts';

export type OrderStatusService = ReturnType<typeof createOrderStatusService>;
export type { OrderLinks } from './links.ts';

const HOUR_MS = 3_600_000;
/** How many of an address's orders its links e-mail lists, newest first. */
const LINKED_ORDERS = 20;

const STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'Awaiting payment',
  paid: 'Preparing to ship',
  shipped: 'On its way',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
};

const KINDS: Partial<Record<OrderEventType, OrderStatusEvent['kind']>> = {
  tracking: 'tracking',
  label_created: 'shipping',
  refunded: 'refund',
  return_requested: 'return',
  return_approved: 'return',
  return_refused: 'return',
  return_received: 'return',
};

/**
 * The shopper's order page without an account (docs/decisions/0038): opened by the signed link in
 * every order e-mail, or found by order number and e-mail address (limited per client address and
 * per e-mail address, one answer for any mismatch). It shows the order, its history as the shopper
 * reads it, the parcel's tracking and delivery estimate, and its returns, and takes return requests.
 */
export function createOrderStatusService(d: {
  db: Database;
  orders: OrdersService;
  fulfilment: FulfilmentService;
  returns: ReturnsService;
  links: OrderLinks;
  /** The subscription page an order started or renews (the subscriptions domain's); null for none. */
  subscriptionPageOf(order: { id: number; subscriptionId: number | null }): Promise<{ path: string; renewal: boolean } | null>;
  outbox: Outbox;
  store: StoreContact;
  limits: {
    lookupsPerIpPerHour: number;
    lookupsPerEmailPerHour: number;
    linksPerIpPerHour: number;
    linksPerEmailPerHour: number;
  };
}) {
  const { orders, links } = d;

  async function view(token: string, orderId: number): Promise<OrderStatusView> {
    const found = await orders.shopperOrder(orderId);
    if (!found) throw new AppError('not_found', ORDER_LINK_INVALID);
    const { order, items, events } = found;
    const [{ returns, returnable: lines }, tracked, subscription] = await Promise.all([
      d.returns.forOrder(order, items, (id) => `/api/order-status/${token}/returns/${id}/label`),
      d.fulfilment.outboundTracking(orderId),
      d.subscriptionPageOf(order),
    ]);
    const window = returnWindow(order);
    const returnable = lines
      .filter((l) => l.left > 0)
      .map((l) => ({ productId: l.productId, name: l.name, unitPrice: formatCents(l.unitPriceCents), quantity: l.left }));
    return {
      orderNumber: order.id,
      status: order.status,
      statusLabel: STATUS_LABELS[order.status],
      placedAt: (order.paidAt ?? order.createdAt).toISOString(),
      items: items.map((i) => ({
        productId: i.productId,
        name: i.name,
        quantity: i.quantity,
        unitPrice: formatCents(i.unitPriceCents),
        lineTotal: formatCents(i.unitPriceCents * i.quantity),
      })),
      subtotal: formatCents(order.subtotalCents),
      discount: discountOf(order),
      shipping: formatCents(order.shippingCents),
      tax: formatCents(order.taxCents),
      total: formatCents(order.totalCents),
      refunded: formatCents(order.refundedCents),
      shipTo: { name: customerName(order), lines: shipToLines(order) },
      tracking: order.trackingNumber
        ? {
            carrier: order.shippingCarrier,
            service: order.shippingService,
            number: order.trackingNumber,
            url: order.trackingUrl,
            status: tracked?.status ?? null,
          }
        : null,
      delivery:
        order.status === 'cancelled' || order.status === 'refunded'
          ? null
          : estimateDelivery({
              paidAt: order.paidAt,
              shippedAt: order.shippedAt,
              deliveredAt: order.deliveredAt,
              carrierEstimate: tracked?.estimatedDelivery ?? null,
            }),
      history: events.map((e) => ({ at: e.at.toISOString(), text: e.shopperMessage ?? '', kind: KINDS[e.type] ?? 'order' })),
      returns,
      returnable: {
        open: window.open && returnable.length > 0,
        until: window.until?.toISOString() ?? null,
        reason:
          window.open && returnable.length === 0 ? 'Everything in this order is returned or refunded already.' : window.reason,
        lines: window.open ? returnable : [],
      },
      subscription,
    };
  }

  const hashed = (email: string) => createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 32);

  return {
    /** The e-mails' link to an order's page. */
    link: links.link,

    /** GET /api/order-status/:token. */
    view: (token: string) => view(token, links.orderIdOf(token)),

    /**
     * POST /api/order-status/lookup: the page's token when the number and the e-mail address are a
     * paid order's, else the one "not found" whatever did not match.
     */
    async lookup(orderNumber: number, email: string, network: string): Promise<{ token: string }> {
      await throttle(d.db, [`order-lookup:ip:${network}`], d.limits.lookupsPerIpPerHour, HOUR_MS, 'Too many order lookups.');
      // Counted from anywhere, so guessing an address's order numbers stays slow; strangers can fill
      // it, so its message points to the way in they cannot block: the links e-mailed to the address.
      await throttle(
        d.db,
        [`order-lookup:email:${hashed(email)}`],
        d.limits.lookupsPerEmailPerHour,
        HOUR_MS,
        'Too many order lookups for this e-mail address. Use “E-mail me my order links” to have them sent to it.',
      );
      const order =
        Number.isSafeInteger(orderNumber) && orderNumber <= 2_147_483_647 ? await orders.byId(orderNumber) : undefined;
      const matches = order?.paidAt && order.email !== null && order.email.toLowerCase() === email.trim().toLowerCase();
      if (!order || !matches) throw new AppError('not_found', ORDER_LOOKUP_MISS);
      return { token: links.token(order.id) };
    },

    /**
     * POST /api/order-status/links ("E-mail me my order links"): the links to the newest paid orders
     * placed with this address, e-mailed to it, the address they were placed with. The answer is
     * the same for every address (orders or none, mailed or not); an address is mailed a few times
     * an hour at most (counted by its mailbox), and a client network may ask a few times an hour.
     */
    async emailLinks(email: string, network: string): Promise<OrderLinksSent> {
      await throttle(
        d.db,
        [`order-links:ip:${network}`],
        d.limits.linksPerIpPerHour,
        HOUR_MS,
        'Too many requests for order links.',
      );
      const answer = { sent: true, message: ORDER_LINKS_SENT } as const;
      const found = await orders.paidOrdersOf(email.trim(), LINKED_ORDERS);
      const to = found[0]?.email;
      if (!to) return answer;
      const mailbox = `order-links:mailbox:${hashed(mailboxOf(to))}`;
      if ((await hitBucket(d.db, mailbox, HOUR_MS)).count > d.limits.linksPerEmailPerHour) return answer;
      const mail = await orderLinksMail(
        to,
        found.map((o) => ({
          id: o.id,
          paidAt: o.paidAt ?? o.createdAt,
          totalCents: o.totalCents,
          statusLabel: STATUS_LABELS[o.status],
          url: links.link(o.id),
        })),
        d.store,
      );
      await d.outbox.enqueue(d.db, { key: `order-links:${randomUUID()}`, kind: 'order_links', ...mail });
      d.outbox.deliverSoon();
      return answer;
    },

    /** POST /api/order-status/:token/returns. */
    async requestReturn(token: string, body: { items: { productId: number; quantity: number }[]; reason: string }) {
      const orderId = links.orderIdOf(token);
      await d.returns.request(orderId, body);
      return view(token, orderId);
    },

    /** GET /api/order-status/:token/returns/:id/label: only a return of the token's order. */
    returnLabel: (token: string, returnId: number) => d.returns.labelFile(returnId, links.orderIdOf(token)),
  };
}
