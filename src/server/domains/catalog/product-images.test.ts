import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { productImageSvg, renderFaviconPng, renderOgImage, renderProductImage } from './product-images.ts';

describe('product images', () => {
  it('renders each kind at the requested square size', async () => {
    for (const kind of ['single', '3-pack'] as const) {
      const meta = await sharp(await renderProductImage(kind, 320, 'webp')).metadata();
      expect(meta.format).toBe('webp');
      expect([meta.width, meta.height]).toEqual([320, 320]);
    }
    const png = await sharp(await renderProductImage('single', 640, 'png')).metadata();
    expect([png.format, png.width]).toEqual(['png', 640]);
  });

  it('draws the single bottle and the 3-pack differently', async () => {
    const a = await sharp(await renderProductImage('single', 320, 'png'))
      .raw()
      .toBuffer();
    const b = await sharp(await renderProductImage('3-pack', 320, 'png'))
      .raw()
      .toBuffer();
    expect(a.equals(b)).toBe(false);
    expect(productImageSvg('3-pack')).toContain('3-PACK');
  });

  it('references nothing outside the image', () => {
    for (const kind of ['single', '3-pack'] as const) {
      const svg = productImageSvg(kind);
      expect(svg).not.toMatch(/href="http|<script|<image/);
    }
  });

  it('makes the favicon and the share image at their sizes', async () => {
    expect((await sharp(await renderFaviconPng(32)).metadata()).width).toBe(32);
    const og = await sharp(await renderOgImage()).metadata();
    expect([og.width, og.height]).toEqual([1200, 630]);
  });
});
