import fs from 'node:fs';
import path from 'node:path';
import { PRODUCT_IMAGE_WIDTHS, type ProductImageKind, ProductImageKindSchema } from '#shared/catalog.ts';
import { loadSharp } from '../../lib/sharp.ts';
import { faviconArt, ogArt, singleSvg, threePackSvg } from './product-art.ts';

/**
 * The images the build drew (scripts/build-server.mjs runs prerender-images.ts): beside the built
 * server, dist/server/images. The sources have none there, so under tsx or Vite they are drawn here.
 * A production process then never loads sharp and libvips for them, whose threads and buffers hold
 * some 60 MB for as long as it runs (docs/decisions/0024).
 */
export const PREBUILT_IMAGES = path.join(import.meta.dirname, 'images');

/** Drawn (or read from the build) once per image, then served from memory. */
const cache = new Map<string, Promise<Buffer>>();

function memo(file: string, make: () => Promise<Buffer>): Promise<Buffer> {
  let hit = cache.get(file);
  if (!hit) {
    const prebuilt = path.join(PREBUILT_IMAGES, file);
    hit = fs.existsSync(prebuilt) ? fs.promises.readFile(prebuilt) : make();
    hit.catch(() => cache.delete(file));
    cache.set(file, hit);
  }
  return hit;
}

export function productImageSvg(kind: ProductImageKind): string {
  return kind === 'single' ? singleSvg() : threePackSvg();
}

/** Renders the SVG at the target size (density scaled), so every width is crisp rather than upscaled. */
async function rasterise(svg: string, viewBoxWidth: number, width: number, height = width) {
  const sharp = await loadSharp();
  const density = Math.max(1, Math.round((72 * width) / viewBoxWidth));
  return sharp(Buffer.from(svg), { density }).resize(width, height, { fit: 'cover' });
}

export function renderProductImage(kind: ProductImageKind, width: number, format: 'webp' | 'png'): Promise<Buffer> {
  return memo(`product-${kind}-${width}.${format}`, async () => {
    const img = await rasterise(productImageSvg(kind), 1200, width);
    return format === 'webp' ? img.webp({ quality: 82 }).toBuffer() : img.png({ compressionLevel: 9 }).toBuffer();
  });
}

/**
 * Renders (or reads from the build) every storefront size of both product images ahead of the first
 * shopper, one at a time: the first page views after a start then wait for no image to be drawn (it
 * is the LCP element).
 */
export async function warmProductImages(): Promise<void> {
  for (const width of PRODUCT_IMAGE_WIDTHS) {
    for (const kind of ProductImageKindSchema.options) await renderProductImage(kind, width, 'webp');
  }
}

export function faviconSvg(): string {
  return faviconArt();
}

export function renderFaviconPng(size: number): Promise<Buffer> {
  return memo(`favicon-${size}.png`, async () => (await rasterise(faviconArt(), 64, size)).png().toBuffer());
}

export function renderOgImage(): Promise<Buffer> {
  return memo('og.png', async () => (await rasterise(ogArt(), 1200, 1200, 630)).png({ compressionLevel: 9 }).toBuffer());
}

/** The favicon sizes the store serves (plugins/seo.ts). */
export const FAVICON_SIZES = [32, 180, 192, 512] as const;

/** Draws every image the store serves into `dir`, named as memo() looks for them (the build's step). */
export async function drawAllImages(dir: string): Promise<number> {
  const jobs: [string, () => Promise<Buffer>][] = [['og.png', renderOgImage]];
  for (const kind of ProductImageKindSchema.options) {
    for (const width of PRODUCT_IMAGE_WIDTHS) {
      for (const format of ['webp', 'png'] as const) {
        jobs.push([`product-${kind}-${width}.${format}`, () => renderProductImage(kind, width, format)]);
      }
    }
  }
  for (const size of FAVICON_SIZES) jobs.push([`favicon-${size}.png`, () => renderFaviconPng(size)]);
  fs.mkdirSync(dir, { recursive: true });
  for (const [file, draw] of jobs) fs.writeFileSync(path.join(dir, file), await draw());
  return jobs.length;
}
