import { randomBytes, randomInt } from 'node:crypto';
import { type Label, type LabelProvider, LabelProviderError, type Quote, type ShipmentRequest } from './label-provider.ts';
import { LIMITED_QUANTITY_MARK } from '#shared/ground-only.ts';
import {
  code128Png,
  drawAddressBlocks,
  drawLimitedQuantityMark,
  LABEL_MARGIN,
  LABEL_SIZE,
  newLabelDoc,
  textLines,
} from './label-pdf.ts';
import { winAnsi } from './pdf-text.ts';

/** IW + 18 digits: the store's own tracking reference, unique per label (and per order in the database). */
export function newTrackingNumber(): string {
  let digits = '';
  for (let i = 0; i < 18; i++) digits += String(randomInt(10));
  return `IW${digits}`;
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
  const l = await newLabelDoc(`Shipping label ${trackingNumber}`);
  const { page, bold, regular } = l;
  const [w, h] = LABEL_SIZE;
  const m = LABEL_MARGIN;

  page.drawText(winAnsi(opts.carrier.toUpperCase()), { x: m, y: h - 34, size: 22, font: bold });
  page.drawText(winAnsi(opts.service), { x: m, y: h - 52, size: 11, font: regular });
  page.drawText(winAnsi(`Order ${req.orderLabel}`), { x: w - m - 100, y: h - 34, size: 10, font: bold });
  page.drawText(`#${req.orderId}`, { x: w - m - 100, y: h - 48, size: 9, font: regular });

  const f = req.shipFrom;
  const t = req.shipTo;
  const after = drawAddressBlocks(l, [f.name, f.street, `${f.city}, ${f.state} ${f.zip}`], {
    title: 'SHIP TO',
    lines: [
      t.name.toUpperCase(),
      t.street.toUpperCase(),
      `${t.city}, ${t.state} ${t.zip}`.toUpperCase(),
      t.country === 'US' ? 'UNITED STATES' : t.country,
    ],
  });

  const ounces = (req.weightGrams / 28.3495).toFixed(1);
  const below = textLines(page, regular, { x: m, y: after - 24 }, 9, [
    `Weight: ${ounces} oz (${req.weightGrams} g)`,
    `Date: ${new Date().toISOString().slice(0, 10)}`,
  ]);
  if (req.limitedQuantity) {
    textLines(page, bold, { x: m, y: below - 6 }, 10, [LIMITED_QUANTITY_MARK, 'GROUND ONLY']);
    await drawLimitedQuantityMark(l, { cx: w - m - 32, cy: (after - 8 + 122) / 2, size: 56 });
  }

  const png = await l.doc.embedPng(await code128Png(trackingNumber));
  page.drawImage(png, { x: m, y: 52, width: w - 2 * m, height: 70 });
  page.drawText('TRACKING #', { x: m, y: 36, size: 7, font: bold });
  page.drawText(trackingNumber.replace(/(.{4})/g, '$1 ').trim(), { x: m, y: 20, size: 12, font: bold });
  return l.save();
}

/** The return slip: send to the store, from the shopper, the RMA number as text and barcode, the box's contents. */
async function returnSlipPdf(req: ShipmentRequest): Promise<Buffer> {
  const l = await newLabelDoc(`Return ${req.reference}`);
  const { page, bold, regular } = l;
  const [w, h] = LABEL_SIZE;
  const m = LABEL_MARGIN;

  page.drawText('RETURN', { x: m, y: h - 34, size: 22, font: bold });
  page.drawText(winAnsi(req.reference), { x: w - m - 110, y: h - 34, size: 14, font: bold });
  page.drawText(`Order #${req.orderId}`, { x: w - m - 110, y: h - 50, size: 9, font: regular });

  const t = req.shipTo;
  const f = req.shipFrom;
  const after = drawAddressBlocks(l, [t.name, t.street, `${t.city}, ${t.state} ${t.zip}`], {
    title: 'SEND TO',
    lines: [
      f.name.toUpperCase(),
      `RETURNS ${req.reference}`,
      f.street.toUpperCase(),
      `${f.city}, ${f.state} ${f.zip}`.toUpperCase(),
    ],
  });

  let y = textLines(page, bold, { x: m, y: after - 24 }, 8, ['IN THE BOX']);
  y = textLines(
    page,
    regular,
    { x: m, y },
    9,
    (req.items ?? []).map((i) => `${i.quantity} x ${i.name}`),
  );
  textLines(page, regular, { x: m, y: y - 6 }, 7, [
    'Put this slip in the box and post the parcel to the address above.',
    'Keep the postage receipt: the postage is refunded with your return.',
    ...(req.limitedQuantity ? [`${LIMITED_QUANTITY_MARK}: post it by ground only (USPS Ground Advantage).`] : []),
  ]);
  // Between "RETURN" and the RMA number, where the box's contents and the notes never reach.
  if (req.limitedQuantity) await drawLimitedQuantityMark(l, { cx: 134, cy: h - 36, size: 40 });

  const png = await l.doc.embedPng(await code128Png(req.reference));
  page.drawImage(png, { x: m, y: 30, width: w - 2 * m, height: 44 });
  page.drawText(winAnsi(req.reference), { x: m, y: 16, size: 10, font: bold });
  return l.save();
}
