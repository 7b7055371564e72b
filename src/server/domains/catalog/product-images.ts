import sharp from 'sharp';
import { PRODUCT_IMAGE_WIDTHS, type ProductImageKind, ProductImageKindSchema } from '#shared/catalog.ts';
import { faviconArt, ogArt, singleSvg, threePackSvg } from './product-art.ts';

/** Rendered once per kind, width and format, then served from memory. */
const cache = new Map<string, Promise<Buffer>>();

function memo(key: string, make: () => Promise<Buffer>): Promise<Buffer> {
  let hit = cache.get(key);
  if (!hit) {
    hit = make();
    hit.catch(() => cache.delete(key));
    cache.set(key, hit);
  }
  return hit;
}

export function productImageSvg(kind: ProductImageKind): string {
  return kind === 'single' ? singleSvg() : threePackSvg();
}

/** Renders the SVG at the target size (density scaled), so every width is crisp rather than upscaled. */
function rasterise(svg: string, viewBoxWidth: number, width: number, height = width) {
  const density = Math.max(1, Math.round((72 * width) / viewBoxWidth));
  return sharp(Buffer.from(svg), { density }).resize(width, height, { fit: 'cover' });
}

export function renderProductImage(kind: ProductImageKind, width: number, format: 'webp' | 'png'): Promise<Buffer> {
  return memo(`${kind}:${width}:${format}`, () => {
    const img = rasterise(productImageSvg(kind), 1200, width);
    return format === 'webp' ? img.webp({ quality: 82 }).toBuffer() : img.png({ compressionLevel: 9 }).toBuffer();
  });
}

/**
 * Renders every storefront size of both product images ahead of the first shopper, one at a time:
 * the first page views after a start then wait for no image to be drawn (it is the LCP element).
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
  return memo(`favicon:${size}`, () => rasterise(faviconArt(), 64, size).png().toBuffer());
}

export function renderOgImage(): Promise<Buffer> {
  return memo('og', () => rasterise(ogArt(), 1200, 1200, 630).png({ compressionLevel: 9 }).toBuffer());
}
