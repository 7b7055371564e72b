import type { PDFDocument, PDFFont, PDFPage } from 'pdf-lib';
import { onDemand } from '../../lib/on-demand.ts';
import { winAnsi } from './pdf-text.ts';

/** 4 × 6 inches in PDF points: labels, slips and test pages alike. */
export const LABEL_SIZE: [number, number] = [288, 432];
/** The label's margin. */
export const LABEL_MARGIN = 14;

/** pdf-lib and bwip-js load with the first label or slip, not with the server. */
const loadPdfLib = onDemand(() => import('pdf-lib'));
const loadBarcodes = onDemand(async () => (await import('bwip-js/node')).default);

export async function code128Png(text: string): Promise<Buffer> {
  const bwipjs = await loadBarcodes();
  return bwipjs.toBuffer({ bcid: 'code128', text, scale: 3, height: 14, includetext: false, paddingwidth: 0 });
}

/** A 4×6 page of its own document, with the two fonts every label and slip writes in. */
export interface LabelDoc {
  doc: PDFDocument;
  page: PDFPage;
  bold: PDFFont;
  regular: PDFFont;
  save(): Promise<Buffer>;
}

export async function newLabelDoc(title: string): Promise<LabelDoc> {
  const { PDFDocument, StandardFonts } = await loadPdfLib();
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  doc.setProducer('Ironwake store');
  const page = doc.addPage(LABEL_SIZE);
  const [bold, regular] = await Promise.all([doc.embedFont(StandardFonts.HelveticaBold), doc.embedFont(StandardFonts.Helvetica)]);
  return { doc, page, bold, regular, save: async () => Buffer.from(await doc.save()) };
}

/** Lines one under the other from `at`, in WinAnsi; the height under the last one. */
export function textLines(
  page: PDFPage,
  font: PDFFont,
  at: { x: number; y: number },
  size: number,
  texts: readonly string[],
  gap = 1.25,
): number {
  let y = at.y;
  for (const t of texts) {
    page.drawText(winAnsi(t), { x: at.x, y, size, font }); // black, pdf-lib's default
    y -= size * gap;
  }
  return y;
}

/**
 * The middle of a label or slip: a rule under its header, the sender small ("FROM"), the
 * addressee large under `to.title` ("SHIP TO", "SEND TO"), and a rule under them. Returns the
 * height of that last rule, where the rest of the label starts.
 */
export function drawAddressBlocks(l: LabelDoc, from: readonly string[], to: { title: string; lines: readonly string[] }): number {
  const [w, h] = LABEL_SIZE;
  const m = LABEL_MARGIN;
  l.page.drawLine({ start: { x: m, y: h - 62 }, end: { x: w - m, y: h - 62 }, thickness: 2 });
  l.page.drawText('FROM', { x: m, y: h - 78, size: 7, font: l.bold });
  textLines(l.page, l.regular, { x: m, y: h - 90 }, 8, from);
  l.page.drawText(to.title, { x: m, y: h - 132, size: 8, font: l.bold });
  const after = textLines(l.page, l.bold, { x: m + 10, y: h - 150 }, 13, to.lines);
  l.page.drawLine({ start: { x: m, y: after - 8 }, end: { x: w - m, y: after - 8 }, thickness: 2 });
  return after;
}

/**
 * The limited-quantity mark (49 CFR 172.315(a)): a square on point, its top and bottom black, its
 * centre white, `size` points across and centred at (cx, cy) (docs/decisions/0046).
 */
export async function drawLimitedQuantityMark(l: LabelDoc, at: { cx: number; cy: number; size: number }): Promise<void> {
  const { rgb } = await loadPdfLib();
  const r = at.size / 2;
  const band = r * 0.42;
  const border = Math.max(1.5, r * 0.08);
  l.page.drawSvgPath(`M 0 ${-r} L ${r} 0 L 0 ${r} L ${-r} 0 Z`, { x: at.cx, y: at.cy, color: rgb(0, 0, 0) });
  // The white band: the diamond's middle between -band and +band, inside the black border.
  const inner = r - border * Math.SQRT2;
  const w = inner - band;
  l.page.drawSvgPath(`M ${-inner} 0 L ${-w} ${-band} L ${w} ${-band} L ${inner} 0 L ${w} ${band} L ${-w} ${band} Z`, {
    x: at.cx,
    y: at.cy,
    color: rgb(1, 1, 1),
  });
}
