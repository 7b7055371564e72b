import type { FastifyInstance } from 'fastify';
import { SITEMAP_STATIC_PATHS } from '#shared/site.ts';
import { faviconSvg, renderFaviconPng, renderOgImage } from '../domains/catalog/product-images.ts';

const DAY = 86_400;

/** An .ico file holding one PNG image (valid since Windows Vista; every browser reads it). */
export function pngToIco(png: Buffer, size: number): Buffer {
  const header = Buffer.alloc(22);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(1, 4); // one image
  header.writeUInt8(size >= 256 ? 0 : size, 6);
  header.writeUInt8(size >= 256 ? 0 : size, 7);
  header.writeUInt8(0, 8); // no palette
  header.writeUInt8(0, 9);
  header.writeUInt16LE(1, 10); // colour planes
  header.writeUInt16LE(32, 12); // bits per pixel
  header.writeUInt32LE(png.length, 14);
  header.writeUInt32LE(22, 18); // offset of the image data
  return Buffer.concat([header, png]);
}

const xmlEscape = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

export async function registerSeo(app: FastifyInstance): Promise<void> {
  const base = app.config.publicUrl;

  app.get('/robots.txt', async (_req, reply) => {
    reply.type('text/plain; charset=utf-8').header('cache-control', `public, max-age=${DAY}`);
    return [
      'User-agent: *',
      'Allow: /',
      'Disallow: /admin',
      'Disallow: /checkout',
      'Disallow: /order-confirmation',
      'Disallow: /api/',
      '',
      `Sitemap: ${base}/sitemap.xml`,
      '',
    ].join('\n');
  });

  app.get('/sitemap.xml', async (_req, reply) => {
    const products = await app.services.catalog.listActiveProducts();
    const paths = [...SITEMAP_STATIC_PATHS, ...products.map((p) => `/product/${p.id}`)];
    const urls = paths.map((p) => `  <url><loc>${xmlEscape(base + p)}</loc></url>`).join('\n');
    reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600');
    return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  });

  app.get('/favicon.ico', async (_req, reply) => {
    const ico = pngToIco(await renderFaviconPng(32), 32);
    return reply
      .type('image/x-icon')
      .header('cache-control', `public, max-age=${7 * DAY}`)
      .send(ico);
  });
  app.get('/favicon.svg', async (_req, reply) =>
    reply
      .type('image/svg+xml')
      .header('cache-control', `public, max-age=${7 * DAY}`)
      .send(faviconSvg()),
  );
  app.get('/apple-touch-icon.png', async (_req, reply) =>
    reply
      .type('image/png')
      .header('cache-control', `public, max-age=${7 * DAY}`)
      .send(await renderFaviconPng(180)),
  );
  for (const size of [192, 512]) {
    app.get(`/icon-${size}.png`, async (_req, reply) =>
      reply
        .type('image/png')
        .header('cache-control', `public, max-age=${7 * DAY}`)
        .send(await renderFaviconPng(size)),
    );
  }
  app.get('/og-image.png', async (_req, reply) =>
    reply
      .type('image/png')
      .header('cache-control', `public, max-age=${7 * DAY}`)
      .send(await renderOgImage()),
  );
  app.get('/site.webmanifest', async (_req, reply) => {
    reply.type('application/manifest+json').header('cache-control', `public, max-age=${DAY}`);
    return {
      name: 'Ironwake Smelling Salts',
      short_name: 'Ironwake',
      start_url: '/',
      display: 'standalone',
      background_color: '#f7f4ef',
      theme_color: '#111111',
      icons: [
        { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
        { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
      ],
    };
  });
}
