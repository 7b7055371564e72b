import { randomBytes, randomInt } from 'node:crypto';
import type { PDFFont, PDFPage } from 'pdf-lib';
import { onDemand } from '../../lib/on-demand.ts';
import { type Label, type LabelProvider, LabelProviderError, type Quote, type ShipmentRequest } from './label-provider.ts';
import { winAnsi } from './pdf-text.ts';

/** 4 × 6 inches in PDF points. */
export const LABEL_SIZE: [number, number] = [288, 432];

/** IW + 18 digits: the store's own tracking reference, unique per label (and per order in the database). */
export function newTrackingNumber(): string {
  let digits = '';
  for (let i = 0; i < 18; i++) digits += String(randomInt(10));
  return `IW${digits}`;
}

/** pdf-lib and bwip-js load with the first label or slip, not with the server. */
export const loadPdfLib = onDemand(() => import('pdf-lib'));
const loadBarcodes = onDemand(async () => (await import('bwip-js/node')).default);

export async function code128Png(text: string): Promise<Buffer> {
  const bwipjs = await loadBarcodes();
  return bwipjs.toBuffer({ bcid: 'code128', text, scale: 3, height: 14, includetext: false, paddingwidth: 0 });
}

function lines(page: PDFPage, font: PDFFont, at: { x: number; y: number }, size: number, texts: string[], gap = 1.25): number {
  let y = at.y;
  for (const t of texts) {
    page.drawText(winAnsi(t), { x: at.x, y, size, font }); // black, pdf-lib's default
    y -= size * gap;
  }
  return y;
}

/**
 * The built-in label provider: one rate (carrier, service and cost from configuration) and a 4×6
 * PDF with ship-from, ship-to, the order's label, service, weight and a Code 128 barcode of the
 * store's own tracking reference; postage is bought separately (docs/decisions/0013). A return gets
 * a slip instead: the store's address, the RMA number and what goes in the box, for the shopper to
 * post the parcel with (docs/decisions/0037). It follows no parcel.
 */
export function createBuiltinLabelProvider(opts: { carrier: string; service: string; costCents: number }): LabelProvider {
  return {
    name: 'builtin',
    tracks: false,

    async quote(): Promise<Quote> {
      return {
        shipmentId: `builtin_${randomBytes(12).toString('hex')}`,
        rates: [
          { id: BUILTIN_RATE, carrier: opts.carrier, service: opts.service, costCents: opts.costCents, deliveryDays: null },
        ],
      };
    },

    async buy(req: ShipmentRequest, chosen: { shipmentId: string; rateId: string }): Promise<Label> {
      if (chosen.rateId !== BUILTIN_RATE) throw new LabelProviderError('refused', 'No such rate: ask for the rates again');
      if (req.isReturn) {
        return {
          shipmentId: chosen.shipmentId,
          trackingNumber: null,
          carrier: 'Any carrier',
          service: 'Return slip',
          costCents: 0,
          pdf: await returnSlipPdf(req),
          trackingUrl: null,
          estimatedDeliveryDate: null,
        };
      }
      const trackingNumber = newTrackingNumber();
      return {
        shipmentId: chosen.shipmentId,
        trackingNumber,
        carrier: opts.carrier,
        service: opts.service,
        costCents: opts.costCents,
        pdf: await labelPdf(req, trackingNumber, opts),
        trackingUrl: null,
        estimatedDeliveryDate: null,
      };
    },

    async void() {
      // The built-in label bought no postage: nothing to refund.
    },
  };
}

const BUILTIN_RATE = 'builtin';

async function labelPdf(
  req: ShipmentRequest,
  trackingNumber: string,
  opts: { carrier: string; service: string },
): Promise<Buffer> {
  const { PDFDocument, StandardFonts } = await loadPdfLib();
  const doc = await PDFDocument.create();
  doc.setTitle(`Shipping label ${trackingNumber}`);
  doc.setProducer('Ironwake store');
  const page = doc.addPage(LABEL_SIZE);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const [w, h] = LABEL_SIZE;
  const m = 14;

  page.drawText(winAnsi(opts.carrier.toUpperCase()), { x: m, y: h - 34, size: 22, font: bold });
  page.drawText(winAnsi(opts.service), { x: m, y: h - 52, size: 11, font: regular });
  page.drawText(winAnsi(`Order ${req.orderLabel}`), { x: w - m - 100, y: h - 34, size: 10, font: bold });
  page.drawText(`#${req.orderId}`, { x: w - m - 100, y: h - 48, size: 9, font: regular });
  page.drawLine({ start: { x: m, y: h - 62 }, end: { x: w - m, y: h - 62 }, thickness: 2 });

  page.drawText('FROM', { x: m, y: h - 78, size: 7, font: bold });
  const f = req.shipFrom;
  lines(page, regular, { x: m, y: h - 90 }, 8, [f.name, f.street, `${f.city}, ${f.state} ${f.zip}`]);

  page.drawText('SHIP TO', { x: m, y: h - 132, size: 8, font: bold });
  const t = req.shipTo;
  const after = lines(page, bold, { x: m + 10, y: h - 150 }, 13, [
    t.name.toUpperCase(),
    t.street.toUpperCase(),
    `${t.city}, ${t.state} ${t.zip}`.toUpperCase(),
    t.country === 'US' ? 'UNITED STATES' : t.country,
  ]);
  page.drawLine({ start: { x: m, y: after - 8 }, end: { x: w - m, y: after - 8 }, thickness: 2 });

  const ounces = (req.weightGrams / 28.3495).toFixed(1);
  lines(page, regular, { x: m, y: after - 24 }, 9, [
    `Weight: ${ounces} oz (${req.weightGrams} g)`,
    `Date: ${new Date().toISOString().slice(0, 10)}`,
  ]);

  const png = await doc.embedPng(await code128Png(trackingNumber));
  const bw = w - 2 * m;
  const bh = 70;
  page.drawImage(png, { x: m, y: 52, width: bw, height: bh });
  page.drawText('TRACKING #', { x: m, y: 36, size: 7, font: bold });
  page.drawText(trackingNumber.replace(/(.{4})/g, '$1 ').trim(), { x: m, y: 20, size: 12, font: bold });
  return Buffer.from(await doc.save());
}

/** The return slip: send to the store, from the shopper, the RMA number as text and barcode, the box's contents. */
async function returnSlipPdf(req: ShipmentRequest): Promise<Buffer> {
  const { PDFDocument, StandardFonts } = await loadPdfLib();
  const doc = await PDFDocument.create();
  doc.setTitle(`Return ${req.reference}`);
  doc.setProducer('Ironwake store');
  const page = doc.addPage(LABEL_SIZE);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const [w, h] = LABEL_SIZE;
  const m = 14;

  page.drawText('RETURN', { x: m, y: h - 34, size: 22, font: bold });
  page.drawText(winAnsi(req.reference), { x: w - m - 110, y: h - 34, size: 14, font: bold });
  page.drawText(`Order #${req.orderId}`, { x: w - m - 110, y: h - 50, size: 9, font: regular });
  page.drawLine({ start: { x: m, y: h - 62 }, end: { x: w - m, y: h - 62 }, thickness: 2 });

  page.drawText('FROM', { x: m, y: h - 78, size: 7, font: bold });
  const t = req.shipTo;
  lines(page, regular, { x: m, y: h - 90 }, 8, [t.name, t.street, `${t.city}, ${t.state} ${t.zip}`]);

  page.drawText('SEND TO', { x: m, y: h - 132, size: 8, font: bold });
  const f = req.shipFrom;
  const after = lines(page, bold, { x: m + 10, y: h - 150 }, 13, [
    f.name.toUpperCase(),
    `RETURNS ${req.reference}`,
    f.street.toUpperCase(),
    `${f.city}, ${f.state} ${f.zip}`.toUpperCase(),
  ]);
  page.drawLine({ start: { x: m, y: after - 8 }, end: { x: w - m, y: after - 8 }, thickness: 2 });

  let y = lines(page, bold, { x: m, y: after - 24 }, 8, ['IN THE BOX']);
  y = lines(
    page,
    regular,
    { x: m, y },
    9,
    (req.items ?? []).map((i) => `${i.quantity} x ${i.name}`),
  );
  lines(page, regular, { x: m, y: y - 6 }, 7, [
    'Put this slip in the box and post the parcel to the address above.',
    'Keep the postage receipt: the postage is refunded with your return.',
  ]);

  const png = await doc.embedPng(await code128Png(req.reference));
  page.drawImage(png, { x: m, y: 30, width: w - 2 * m, height: 44 });
  page.drawText(winAnsi(req.reference), { x: m, y: 16, size: 10, font: bold });
  return Buffer.from(await doc.save());
}
