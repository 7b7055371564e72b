import type { AdminOrder } from '#shared/admin.ts';
import type { ShippingQuote } from '#shared/fulfilment.ts';
import { formatCents, formatUsd } from '#shared/money.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '#db/client.ts';
import type { Config } from '../../config.ts';
import { AppError, notFound } from '../../errors.ts';
import type { FileStore } from '../files/store.ts';
import type { CatalogService } from '../catalog/service.ts';
import type { Actor, OrdersService } from '../orders/service.ts';
import { packingSlipPdf, testPagePdf } from './documents.ts';
import { type Label, type LabelProvider, LabelProviderError, type ShipmentRequest } from './label-provider.ts';
import { createPrinting } from './printing.ts';
import * as repo from './shipments-repo.ts';
import { createTracking } from './tracking.ts';

export type FulfilmentService = ReturnType<typeof createFulfilmentService>;
export type { PrintOutcome } from './printing.ts';

/** The box and its filling around the bottles, for the parcel's weight. */
const PACKAGING_GRAMS = 100;

const labelFile = (orderId: number, tracking: string) => `${orderId}-${tracking}.pdf`;
const returnLabelFile = (returnId: number, shipmentId: number) => `return-${returnId}-${shipmentId}.pdf`;

/** A provider's refusal or silence, as the owner reads it. */
function providerFailure(err: unknown): AppError {
  if (err instanceof LabelProviderError) {
    return new AppError(err.kind === 'refused' ? 'conflict' : 'unavailable', err.message);
  }
  return new AppError('unavailable', 'The label provider did not answer; try again in a moment');
}

/** The return a label is made for, as the returns domain describes it. */
export interface ReturnParcel {
  returnId: number;
  rma: string;
  orderId: number;
  items: readonly { productId: number; name: string; quantity: number }[];
}

/**
 * Postage, labels, packing slips and printing (docs/decisions/0013, 0036): the order's rates from the
 * label provider, the chosen one bought once per order unless the owner voids it, the PDF kept in
 * the database and served only to a signed-in admin, printed over IPP when PRINTER_URL is set; the
 * return labels of approved returns; and the carrier's tracking, which moves the orders.
 */
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
        name: `${order.firstName ?? ''} ${order.lastName ?? ''}`.trim() || 'Customer',
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
    };
  }

  /** Asks the provider for the parcel's rates and keeps the quote. */
  async function quote(order: AdminOrder, request: ShipmentRequest, returnId: number | null) {
    const answer = await provider.quote(request).catch((err: unknown) => {
      d.log.warn({ err, orderId: order.id }, 'label provider refused or failed a quote');
      throw providerFailure(err);
    });
    if (answer.rates.length === 0) throw new AppError('conflict', 'The label provider offered no rate for this parcel');
    return repo.insertQuote(d.db, {
      orderId: order.id,
      returnId,
      direction: returnId === null ? 'outbound' : 'return',
      provider: provider.name,
      providerShipmentId: answer.shipmentId,
      rates: [...answer.rates].sort((a, b) => a.costCents - b.costCents),
    });
  }

  /**
   * Buys a quoted rate, once: the quote is claimed first, so a second request (a double click,
   * another instance) is refused instead of buying twice; a refusal or no answer frees it again.
   */
  async function buy(
    shipment: repo.ShipmentRow,
    rateId: string,
    request: ShipmentRequest,
    fileName: (shipmentId: number, label: Label) => string,
  ) {
    if (!shipment.rates.some((r) => r.id === rateId)) {
      throw new AppError('bad_request', 'That rate is not one of this quote: ask for the rates again');
    }
    const claimed = await repo.claimForBuying(d.db, shipment.id);
    if (!claimed) throw new AppError('conflict', 'A label is already bought or being bought for this parcel');
    let label: Label;
    try {
      label = await provider.buy(request, { shipmentId: shipment.providerShipmentId, rateId });
    } catch (err) {
      d.log.warn({ err, orderId: shipment.orderId }, 'label provider refused or failed to sell a label');
      if (!(err instanceof LabelProviderError && err.kind === 'refused')) {
        // No answer: the label may have been bought all the same. Its postage is asked back, and the
        // quote is left claimed, so the next try buys from a new quote instead of failing on this one.
        await provider.void({ shipmentId: shipment.providerShipmentId, trackingNumber: null }).catch(() => {});
        await repo.markVoided(d.db, shipment.id);
        throw new AppError('unavailable', `${providerFailure(err).message}. Ask for the rates again.`);
      }
      await repo.releaseBuying(d.db, shipment.id);
      throw providerFailure(err);
    }
    const file = fileName(shipment.id, label);
    await d.labels.save(file, label.pdf);
    const bought = await repo.markPurchased(d.db, shipment.id, {
      rateId,
      carrier: label.carrier,
      service: label.service,
      costCents: label.costCents,
      trackingCode: label.trackingNumber,
      trackingUrl: label.trackingUrl,
      estimatedDelivery: label.estimatedDeliveryDate,
      labelFile: file,
    });
    return { label, shipment: bought };
  }

  async function labelPdf(order: AdminOrder): Promise<Buffer | null> {
    if (!order.trackingNumber) return null;
    return d.labels.read(labelFile(order.id, order.trackingNumber));
  }

  const toQuote = (row: repo.ShipmentRow): ShippingQuote => ({
    quoteId: row.id,
    provider: row.provider,
    rates: row.rates.map((r) => ({ ...r, cost: formatCents(r.costCents) })),
  });

  const service = {
    /** Which provider sells the labels, and whether it reports deliveries. */
    provider: { name: provider.name, tracks: provider.tracks },
    tracking,

    /** POST /api/orders/:id/rates: the rates for the order's parcel, cheapest first. */
    async rates(orderId: number): Promise<ShippingQuote> {
      const order = await d.orders.orderForLabel(orderId);
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
      const order = await d.orders.orderForLabel(orderId);
      let current = order;
      let pdf = await labelPdf(order);
      if (!pdf) {
        const request = await shipmentRequest(order, { items: order.items });
        const shipment = chosen ? await repo.selectShipment(d.db, chosen.quoteId) : await quote(order, request, null);
        if (!shipment || shipment.orderId !== orderId || shipment.direction !== 'outbound') {
          throw new AppError('bad_request', 'That quote is not one of this order: ask for the rates again');
        }
        const rateId = chosen?.rateId ?? shipment.rates[0]?.id ?? '';
        const bought = await buy(shipment, rateId, request, (_, l) => labelFile(orderId, l.trackingNumber ?? '')).catch(
          async (err: unknown) => {
            // Another request bought the order's label meanwhile: that one is printed.
            const now = err instanceof AppError && err.code === 'conflict' ? await d.orders.adminOrder(orderId) : null;
            if (now?.trackingNumber) return null;
            throw err;
          },
        );
        if (!bought) return service.createLabel(orderId, null, actor);
        const { label } = bought;
        const kept = await d.orders.attachLabel(orderId, {
          trackingNumber: label.trackingNumber ?? '',
          shippingCarrier: label.carrier,
          shippingService: label.service,
          shippingCostCents: label.costCents,
          labelUrl: `/api/orders/${orderId}/label`,
          trackingUrl: label.trackingUrl,
        });
        if (kept) {
          await d.orders.recordEvent(
            orderId,
            'label_created',
            `Label created: ${label.carrier} ${label.service}, tracking ${label.trackingNumber}, ${formatUsd(label.costCents)}`,
            actor,
            'Shipping label created: your parcel is being packed',
          );
        } else {
          await provider.void({ shipmentId: shipment.providerShipmentId, trackingNumber: label.trackingNumber }).catch(() => {});
        }
        current = await d.orders.adminOrder(orderId);
        pdf = (await labelPdf(current)) ?? label.pdf;
      }
      const outcome = await printing.print(pdf, `Label ${orderLabel(current)}`);
      if (outcome.printed) await d.orders.recordEvent(orderId, 'label_printed', `Label printed: ${outcome.message}`, actor);
      return { order: current, ...outcome };
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
      const pdf = await labelPdf(await d.orders.adminOrder(orderId));
      if (!pdf) throw notFound('Label');
      return pdf;
    },

    /**
     * The label for an approved return, bought once at the cheapest rate (the built-in provider
     * makes a slip); the same one when it exists.
     */
    async returnLabel(ret: ReturnParcel): Promise<repo.ShipmentRow> {
      const [existing] = await repo.selectReturnLabels(d.db, [ret.returnId]);
      if (existing) return existing;
      const order = await d.orders.adminOrder(ret.orderId);
      const request = await shipmentRequest(order, { items: ret.items, ret });
      const shipment = await quote(order, request, ret.returnId);
      const { shipment: bought } = await buy(shipment, shipment.rates[0]?.id ?? '', request, (id) =>
        returnLabelFile(ret.returnId, id),
      );
      return bought;
    },

    /** The labels of these returns, by return. */
    async returnLabels(returnIds: readonly number[]): Promise<Map<number, repo.ShipmentRow>> {
      const rows = await repo.selectReturnLabels(d.db, returnIds);
      return new Map(rows.flatMap((r) => (r.returnId === null ? [] : [[r.returnId, r] as const])));
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
        shipTo: [
          `${order.firstName ?? ''} ${order.lastName ?? ''}`.trim(),
          order.shippingAddress ?? '',
          `${order.shippingCity ?? ''}, ${order.shippingState ?? ''} ${order.shippingZip ?? ''}`,
        ],
        items: order.items.map((i) => ({ name: i.name, quantity: i.quantity })),
        supportEmail: d.config.support.email,
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
