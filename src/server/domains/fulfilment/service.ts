import type { AdminOrder } from '#shared/admin.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import { AppError, notFound } from '../../errors.ts';
import { IppError, jobState, printPdf } from '../../lib/ipp.ts';
import type { FileStore } from '../files/store.ts';
import type { CatalogService } from '../catalog/service.ts';
import type { OrdersService } from '../orders/service.ts';
import { packingSlipPdf, testPagePdf } from './documents.ts';
import type { LabelProvider } from './label-provider.ts';

export type FulfilmentService = ReturnType<typeof createFulfilmentService>;

/** Packaging around the bottles, for the label's weight. */
const PACKAGING_GRAMS = 100;

export interface PrintOutcome {
  printed: boolean;
  /** What to tell the owner: the job's state, or why nothing was printed. */
  message: string;
}

const labelFile = (orderId: number, tracking: string) => `${orderId}-${tracking}.pdf`;

/**
 * Shipping labels, packing slips and printing (issue "Fulfilment"): one label per order unless the
 * owner voids it, stored under DATA_DIR/labels and served only to a signed-in admin; printed over
 * IPP when PRINTER_URL is set.
 */
export function createFulfilmentService(d: {
  config: Config;
  orders: OrdersService;
  catalog: CatalogService;
  provider: LabelProvider;
  labels: FileStore;
  log: FastifyBaseLogger;
}) {
  const printerUrl = d.config.printerUrl;
  const orderLabel = (o: AdminOrder) => (o.stripePaymentIntentId ?? String(o.id)).slice(-8);

  /** Sends a PDF to the printer and checks the job for a moment; never throws. */
  async function print(pdf: Buffer, jobName: string): Promise<PrintOutcome> {
    if (!printerUrl) {
      return { printed: false, message: 'No printer is configured (PRINTER_URL); the label can be downloaded with View Label.' };
    }
    try {
      const job = await printPdf(printerUrl, pdf, jobName);
      let state = job.state;
      // Accepted jobs are followed until the printer takes them (processing) or ends them.
      for (let i = 0; i < 10 && state === 'pending'; i++) {
        await new Promise((r) => setTimeout(r, 300));
        state = await jobState(printerUrl, job.jobId);
      }
      if (state === 'aborted' || state === 'canceled') {
        return { printed: false, message: `The printer ${state} job ${job.jobId}.` };
      }
      return { printed: true, message: `Sent to the printer (job ${job.jobId}, ${state}).` };
    } catch (err) {
      d.log.warn({ err }, 'printing failed');
      return { printed: false, message: err instanceof IppError ? err.message : 'Printer connection failed' };
    }
  }

  async function labelPdf(order: AdminOrder): Promise<Buffer | null> {
    if (!order.trackingNumber) return null;
    return d.labels.read(labelFile(order.id, order.trackingNumber));
  }

  const service = {
    /**
     * POST /api/orders/:id/create-label: the order's label (made once; the same one again after
     * that), then printed when a printer is configured.
     */
    async createLabel(orderId: number): Promise<{ order: AdminOrder } & PrintOutcome> {
      const order = await d.orders.orderForLabel(orderId);
      let current = order;
      let pdf = await labelPdf(order);
      if (!pdf) {
        let weight = PACKAGING_GRAMS;
        for (const item of order.items) weight += (await d.catalog.unitWeightGrams(item.productId)) * item.quantity;
        const label = await d.provider.create({
          orderId,
          orderLabel: orderLabel(order),
          shipFrom: { ...d.config.shipping.from, country: 'US' },
          shipTo: {
            name: `${order.firstName ?? ''} ${order.lastName ?? ''}`.trim() || 'Customer',
            street: order.shippingAddress ?? '',
            city: order.shippingCity ?? '',
            state: order.shippingState ?? '',
            zip: order.shippingZip ?? '',
            country: order.shippingCountry ?? 'US',
            phone: order.phone,
          },
          weightGrams: weight,
        });
        await d.labels.save(labelFile(orderId, label.trackingNumber), label.pdf);
        const kept = await d.orders.attachLabel(orderId, {
          trackingNumber: label.trackingNumber,
          shippingCarrier: label.carrier,
          shippingService: label.service,
          shippingCostCents: label.costCents,
          labelUrl: `/api/orders/${orderId}/label`,
        });
        if (!kept) {
          // Another request made the label first: this one is not used.
          await d.provider.void(label.trackingNumber).catch(() => {});
        }
        current = await d.orders.adminOrder(orderId);
        pdf = (await labelPdf(current)) ?? label.pdf;
      }
      const outcome = await print(pdf, `Label ${orderLabel(current)}`);
      return { order: current, ...outcome };
    },

    /** DELETE /api/orders/:id/label: voids the label so a new one can be made. */
    async voidLabel(orderId: number): Promise<AdminOrder> {
      const order = await d.orders.adminOrder(orderId);
      if (!order.trackingNumber) throw new AppError('conflict', 'This order has no label to void');
      await d.provider.void(order.trackingNumber);
      await d.orders.detachLabel(orderId);
      return d.orders.adminOrder(orderId);
    },

    async labelFile(orderId: number): Promise<Buffer> {
      const pdf = await labelPdf(await d.orders.adminOrder(orderId));
      if (!pdf) throw notFound('Label');
      return pdf;
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
    async testPrint(): Promise<PrintOutcome> {
      if (!printerUrl)
        throw new AppError('conflict', 'No printer is configured. Set PRINTER_URL to print labels and test pages.');
      const outcome = await print(await testPagePdf(printerUrl), 'Ironwake test page');
      if (!outcome.printed) throw new AppError('unavailable', outcome.message);
      return outcome;
    },
  };
  return service;
}
