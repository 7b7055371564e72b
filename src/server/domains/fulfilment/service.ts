import type { AdminOrder } from '#shared/admin.ts';
import type { ShippingQuote } from '#shared/fulfilment.ts';
import { formatCents, formatUsd } from '#shared/money.ts';
import type { FastifyBaseLogger } from 'fastify';
import { customerName, shipToLines } from '#shared/ship-to.ts';
import type { Database } from '#db/client.ts';
import type { Config } from '../../config.ts';
import { AppError, notFound } from '../../errors.ts';
import type { FileStore } from '../files/service.ts';
import type { CatalogService } from '../catalog/service.ts';
import type { Actor, OrdersService } from '../orders/service.ts';
import { packingSlipPdf, testPagePdf } from './documents.ts';
import { assertGroundDestination, holdsLimitedQuantity, limitedQuantityOf, NO_GROUND_RATE, ratesFor } from './ground-only.ts';
import type { LabelProvider, ShipmentRequest } from './label-provider.ts';
import { createLabelPurchase, LabelNotKept, providerFailure } from './label-purchase.ts';
import { createPrinting } from './printing.ts';
import { type ReturnLabelView, type ReturnParcel, toReturnLabel } from './return-labels.ts';
import * as repo from './shipments-repo.ts';
import { createTracking } from './tracking.ts';

export type FulfilmentService = ReturnType<typeof createFulfilmentService>;
export type { PrintOutcome } from './printing.ts';
export type { ReturnLabelView, ReturnParcel } from './return-labels.ts';
export { forgetOrderLabels } from './customer-privacy.ts';

/** The box and its filling around the bottles, for the parcel's weight. */
const PACKAGING_GRAMS = 100;

const labelFile = (orderId: number, tracking: string) => `${orderId}-${tracking}.pdf`;
const returnLabelFile = (returnId: number, shipmentId: number) => `return-${returnId}-${shipmentId}.pdf`;

/**
 * Postage, labels, packing slips and printing (docs/decisions/0013, 0036): the order's rates from the
 * label provider, the chosen one bought once per order unless the owner voids it, the PDF kept in
 * the database and served only to a signed-in admin, printed over IPP when PRINTER_URL is set; the
 * return labels of approved returns; and the carrier's tracking, which moves the orders.
 */
/** Labels are refused for an order in dispute until the owner allows them (docs/decisions/0059): 409 with the reason. */
function refuseDisputed(order: AdminOrder): AdminOrder {
  if (order.dispute?.labelsBlocked) {
    throw new AppError('conflict', order.dispute.labelsBlockedReason ?? 'This order is disputed: labels are refused for it');
  }
  return order;
}

export function createFulfilmentService(d: {
  db: Database;
  config: Config;
  orders: OrdersService;
  catalog: CatalogService;
  provider: LabelProvider;
  labels: FileStore;
  log: FastifyBaseLogger;
}) {
  const { provider } = d;
  const orderLabel = (o: AdminOrder) => (o.stripePaymentIntentId ?? String(o.id)).slice(-8);
  const printing = createPrinting(d.config.printerUrl, d.log);
  const tracking = createTracking({ db: d.db, orders: d.orders, provider: provider.name, log: d.log });
  const buy = createLabelPurchase(d);

  async function weightOf(items: readonly { productId: number; quantity: number }[]): Promise<number> {
    let weight = PACKAGING_GRAMS;
    for (const item of items) weight += (await d.catalog.unitWeightGrams(item.productId)) * item.quantity;
    return weight;
  }

  async function shipmentRequest(
    order: AdminOrder,
    parcel: { items: readonly { productId: number; name: string; quantity: number }[]; ret?: ReturnParcel },
  ): Promise<ShipmentRequest> {
    return {
      orderId: order.id,
      orderLabel: orderLabel(order),
      reference: parcel.ret ? parcel.ret.rma : `order-${order.id}`,
      shipFrom: { ...d.config.shipping.from, country: 'US', phone: d.config.support.phone },
      shipTo: {
        name: customerName(order) || 'Customer',
        street: order.shippingAddress ?? '',
        city: order.shippingCity ?? '',
        state: order.shippingState ?? '',
        zip: order.shippingZip ?? '',
        country: order.shippingCountry ?? 'US',
        phone: order.phone,
      },
      weightGrams: await weightOf(parcel.items),
      isReturn: Boolean(parcel.ret),
      items: parcel.items.map((i) => ({ name: i.name, quantity: i.quantity })),
      limitedQuantity: await holdsLimitedQuantity(d.catalog, parcel.items),
    };
  }

  /** Asks the provider for the parcel's rates and keeps the quote. */
  async function quote(order: AdminOrder, request: ShipmentRequest, returnId: number | null) {
    assertGroundDestination(request);
    const answer = await provider.quote(request).catch((err: unknown) => {
      d.log.warn({ err, orderId: order.id }, 'label provider refused or failed a quote');
      throw providerFailure(err);
    });
    const rates = ratesFor(Boolean(request.limitedQuantity), answer.rates);
    if (rates.length === 0) {
      throw new AppError('conflict', answer.rates.length ? NO_GROUND_RATE : 'The label provider offered no rate for this parcel');
    }
    return repo.insertQuote(d.db, {
      orderId: order.id,
      returnId,
      direction: returnId === null ? 'outbound' : 'return',
      provider: provider.name,
      providerShipmentId: answer.shipmentId,
      rates: rates.sort((a, b) => a.costCents - b.costCents),
    });
  }

  async function labelPdf(order: AdminOrder): Promise<Buffer | null> {
    if (!order.trackingNumber) return null;
    return d.labels.read(labelFile(order.id, order.trackingNumber));
  }

  /** Prints an order's label (when a printer is configured); 409 when its PDF is lost. */
  async function printLabel(order: AdminOrder, actor: Actor) {
    const pdf = await labelPdf(order);
    if (!pdf) {
      throw new AppError('conflict', 'This order has a label, but its PDF is missing: void the label to make a new one');
    }
    const outcome = await printing.print(pdf, `Label ${orderLabel(order)}`);
    if (outcome.printed) await d.orders.recordEvent(order.id, 'label_printed', `Label printed: ${outcome.message}`, actor);
    return { order, ...outcome };
  }

  const toQuote = (row: repo.ShipmentRow): ShippingQuote => ({
    quoteId: row.id,
    provider: row.provider,
    rates: row.rates.map((r) => ({ ...r, cost: formatCents(r.costCents) })),
  });

  const service = {
    /** Which provider sells the labels. */
    provider: { name: provider.name },
    tracking,

    /** POST /api/orders/:id/rates: the rates for the order's parcel, cheapest first. */
    async rates(orderId: number): Promise<ShippingQuote> {
      const order = refuseDisputed(await d.orders.orderForLabel(orderId));
      if (order.trackingNumber) throw new AppError('conflict', 'This order has a label already: void it to buy another');
      return toQuote(await quote(order, await shipmentRequest(order, { items: order.items }), null));
    },

    /**
     * POST /api/orders/:id/create-label: the chosen rate bought (or, with none chosen, the cheapest
     * of a new quote), then printed when a printer is configured. An order with a label already gets
     * the same label again, printed again.
     */
    async createLabel(
      orderId: number,
      chosen: { quoteId: number; rateId: string } | null,
      actor: Actor,
    ): Promise<{ order: AdminOrder } & Awaited<ReturnType<typeof printing.print>>> {
      const order = refuseDisputed(await d.orders.orderForLabel(orderId));
      if (order.trackingNumber) return printLabel(order, actor);
      const request = await shipmentRequest(order, { items: order.items });
      const shipment = chosen ? await repo.selectShipment(d.db, chosen.quoteId) : await quote(order, request, null);
      if (!shipment || shipment.orderId !== orderId || shipment.direction !== 'outbound') {
        throw new AppError('bad_request', 'That quote is not one of this order: ask for the rates again');
      }
      const rateId = chosen?.rateId ?? shipment.rates[0]?.id ?? '';
      try {
        await buy(
          shipment,
          rateId,
          request,
          (_, l) => labelFile(orderId, l.trackingNumber ?? ''),
          async (tx, label) => {
            const kept = await d.orders.attachLabel(
              orderId,
              {
                trackingNumber: label.trackingNumber ?? '',
                shippingCarrier: label.carrier,
                shippingService: label.service,
                shippingCostCents: label.costCents,
                labelUrl: `/api/orders/${orderId}/label`,
                trackingUrl: label.trackingUrl,
              },
              tx,
            );
            if (!kept) throw new LabelNotKept();
            await d.orders.recordEvent(
              orderId,
              'label_created',
              `Label created: ${label.carrier} ${label.service}, tracking ${label.trackingNumber}, ${formatUsd(label.costCents)}`,
              actor,
              'Shipping label created: your parcel is being packed',
              tx,
            );
          },
        );
      } catch (err) {
        // Another request labelled the order meanwhile: that label is printed.
        const raced = err instanceof LabelNotKept || (err instanceof AppError && err.code === 'conflict');
        const now = raced ? await d.orders.adminOrder(orderId) : null;
        if (now?.trackingNumber) return printLabel(now, actor);
        throw err instanceof LabelNotKept ? new AppError('conflict', 'This order got another label meanwhile: try again') : err;
      }
      return printLabel(await d.orders.adminOrder(orderId), actor);
    },

    /** DELETE /api/orders/:id/label: voids the label (its postage asked back) so a new one can be bought. */
    async voidLabel(orderId: number, actor: Actor): Promise<AdminOrder> {
      const order = await d.orders.adminOrder(orderId);
      if (!order.trackingNumber) throw new AppError('conflict', 'This order has no label to void');
      const shipment = await repo.selectActiveOutbound(d.db, orderId);
      await provider
        .void({ shipmentId: shipment?.providerShipmentId ?? '', trackingNumber: order.trackingNumber })
        .catch((err: unknown) => {
          throw providerFailure(err);
        });
      if (shipment) await repo.markVoided(d.db, shipment.id);
      await d.orders.detachLabel(orderId);
      await d.orders.recordEvent(orderId, 'label_voided', `Label voided (tracking ${order.trackingNumber})`, actor);
      return d.orders.adminOrder(orderId);
    },

    async labelFile(orderId: number): Promise<Buffer> {
      const pdf = await labelPdf(refuseDisputed(await d.orders.adminOrder(orderId)));
      if (!pdf) throw notFound('Label');
      return pdf;
    },

    /**
     * The label for an approved return, bought once at the cheapest rate (the built-in provider
     * makes a slip); the same one when it exists.
     */
    async returnLabel(ret: ReturnParcel): Promise<ReturnLabelView> {
      const [existing] = await repo.selectReturnLabels(d.db, [ret.returnId]);
      if (existing) return toReturnLabel(existing);
      const order = await d.orders.adminOrder(ret.orderId);
      const request = await shipmentRequest(order, { items: ret.items, ret });
      const shipment = await quote(order, request, ret.returnId);
      const { shipment: bought } = await buy(shipment, shipment.rates[0]?.id ?? '', request, (id) =>
        returnLabelFile(ret.returnId, id),
      );
      return toReturnLabel(bought);
    },

    /** The labels of these returns, by return. */
    async returnLabels(returnIds: readonly number[]): Promise<Map<number, ReturnLabelView>> {
      const rows = await repo.selectReturnLabels(d.db, returnIds);
      return new Map(rows.flatMap((r) => (r.returnId === null ? [] : [[r.returnId, toReturnLabel(r)] as const])));
    },

    async returnLabelFile(returnId: number): Promise<Buffer> {
      const [row] = await repo.selectReturnLabels(d.db, [returnId]);
      const pdf = row?.labelFile ? await d.labels.read(row.labelFile) : null;
      if (!pdf) throw notFound('Return label');
      return pdf;
    },

    /** The order's parcel to the shopper as the carrier last reported it. */
    async outboundTracking(orderId: number): Promise<{ status: string | null; estimatedDelivery: string | null } | null> {
      const row = await repo.selectActiveOutbound(d.db, orderId);
      return row ? { status: row.trackingStatus, estimatedDelivery: row.estimatedDelivery } : null;
    },

    async packingSlip(orderId: number): Promise<Buffer> {
      const order = await d.orders.orderForLabel(orderId);
      return packingSlipPdf({
        id: order.id,
        label: orderLabel(order),
        createdAt: new Date(order.createdAt),
        shipTo: [customerName(order), ...shipToLines(order)].filter(Boolean),
        items: order.items.map((i) => ({ name: i.name, quantity: i.quantity })),
        supportEmail: d.config.support.email,
        limitedQuantity: await limitedQuantityOf(d.catalog, order.items),
      });
    },

    /** POST /api/test-print. */
    async testPrint() {
      if (!d.config.printerUrl)
        throw new AppError('conflict', 'No printer is configured. Set PRINTER_URL to print labels and test pages.');
      const outcome = await printing.print(await testPagePdf(d.config.printerUrl), 'Ironwake test page');
      if (!outcome.printed) throw new AppError('unavailable', outcome.message);
      return outcome;
    },
  };
  return service;
}
