import { LIMITED_QUANTITY_MARK } from '#shared/ground-only.ts';
import { drawLimitedQuantityMark, LABEL_SIZE, newLabelDoc } from './label-pdf.ts';
import { winAnsi } from './pdf-text.ts';

export interface SlipOrder {
  id: number;
  label: string;
  createdAt: Date;
  shipTo: string[];
  items: { name: string; quantity: number }[];
  supportEmail: string;
  /**
   * The box holds limited-quantity goods (docs/decisions/0046): the slip carries the mark, and the
   * UN numbers and proper shipping names the owner entered; null for a standard parcel.
   */
  limitedQuantity: { declarations: string[] } | null;
}

/** A 4×6 packing slip: what goes in the box, for whom. */
export async function packingSlipPdf(o: SlipOrder): Promise<Buffer> {
  const l = await newLabelDoc(`Packing slip, order ${o.id}`);
  const { page, bold, regular } = l;
  const [w, h] = LABEL_SIZE;
  const m = 16;
  let y = h - 36;
  page.drawText('IRONWAKE', { x: m, y, size: 18, font: bold });
  if (o.limitedQuantity) await drawLimitedQuantityMark(l, { cx: w - m - 26, cy: h - 46, size: 48 });
  y -= 18;
  page.drawText('Packing slip', { x: m, y, size: 11, font: regular });
  y -= 24;
  page.drawText(winAnsi(`Order ${o.label}  (#${o.id})`), { x: m, y, size: 10, font: bold });
  y -= 14;
  page.drawText(`Placed ${o.createdAt.toISOString().slice(0, 10)}`, { x: m, y, size: 9, font: regular });
  y -= 22;
  page.drawText('SHIP TO', { x: m, y, size: 8, font: bold });
  for (const line of o.shipTo) {
    y -= 12;
    page.drawText(winAnsi(line), { x: m, y, size: 10, font: regular });
  }
  y -= 26;
  page.drawText('QTY', { x: m, y, size: 8, font: bold });
  page.drawText('ITEM', { x: m + 40, y, size: 8, font: bold });
  for (const item of o.items) {
    y -= 16;
    page.drawText(String(item.quantity), { x: m, y, size: 11, font: bold });
    page.drawText(winAnsi(item.name), { x: m + 40, y, size: 11, font: regular });
  }
  if (o.limitedQuantity) {
    y -= 24;
    page.drawText(`${LIMITED_QUANTITY_MARK} - ship by ground only`, { x: m, y, size: 9, font: bold });
    for (const line of o.limitedQuantity.declarations) {
      y -= 12;
      page.drawText(winAnsi(line).slice(0, 60), { x: m, y, size: 8, font: regular });
    }
  }
  page.drawText(winAnsi(`Questions? ${o.supportEmail}`), { x: m, y: 40, size: 9, font: regular });
  page.drawText('For external use only. Keep away from children.', { x: m, y: 26, size: 8, font: regular });
  return l.save();
}

/** The page 'Test Printer' sends. */
export async function testPagePdf(printerUrl: string): Promise<Buffer> {
  const l = await newLabelDoc('Printer test page');
  const { page, bold, regular } = l;
  page.drawRectangle({ x: 8, y: 8, width: 272, height: 416, borderWidth: 2 });
  page.drawText('IRONWAKE', { x: 20, y: 380, size: 22, font: bold });
  page.drawText('Printer test page', { x: 20, y: 356, size: 14, font: regular });
  page.drawText(winAnsi(printerUrl).slice(0, 60), { x: 20, y: 330, size: 8, font: regular });
  page.drawText(new Date().toISOString(), { x: 20, y: 316, size: 8, font: regular });
  page.drawText('If this page is sharp and fits the label,', { x: 20, y: 60, size: 9, font: regular });
  page.drawText('shipping labels will print correctly.', { x: 20, y: 46, size: 9, font: regular });
  return l.save();
}
