import { createHash, randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminProduct } from '#shared/admin.ts';
import type { CartItem } from '#shared/cart.ts';
import type { ProductPicture, PublicProduct } from '#shared/catalog.ts';
import type { CheckoutOrder } from '#shared/checkout.ts';
import { ADMIN, multipartBody, signedIn } from '../support/admin.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { count, secretOf, setInventory, shopper } from '../support/checkout.ts';

/**
 * The owner's uploaded product images reach the shop (docs/decisions/0030): stored in sizes at
 * upload, served at content-named addresses, shown by the product list, the product, the cart and
 * the checkout; the drawn art where there is no upload.
 */
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password });
  admin = await signedIn(t.app);
  await setInventory(t.app, 5, 100);
  await setInventory(t.app, 6, 100);
});
afterAll(() => t?.close());

/** A photo-like image (a gradient with a bright band), `width` × `height`, in `format`. */
function photo(width: number, height: number, format: 'jpeg' | 'png', shade = 0): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const band = Math.abs(x - width / 2) < width / 10;
      pixels[i] = band ? 250 : (x * 255) / width;
      pixels[i + 1] = (y * 255) / height;
      pixels[i + 2] = shade;
    }
  }
  const img = sharp(pixels, { raw: { width, height, channels: 3 } });
  return (format === 'jpeg' ? img.jpeg() : img.png()).toBuffer();
}

function upload(data: Buffer, field = 'image', type = 'image/jpeg') {
  const { body, contentType } = multipartBody(field, 'photo.jpg', type, data);
  return admin.call('POST', '/api/admin/upload-image', body, { 'content-type': contentType });
}

async function uploaded(data: Buffer): Promise<{ imageUrl: string; image: ProductPicture }> {
  const res = await upload(data);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** The owner's product form, saved with another image address. */
async function pointAt(productId: number, imageUrl: string): Promise<void> {
  const p = ((await admin.call('GET', '/api/admin/products')).json() as AdminProduct[]).find((x) => x.id === productId);
  if (!p) throw new Error(`no product ${productId}`);
  const { name, description, price, isActive, inventory, displayOrder } = p;
  const res = await admin.call('PUT', `/api/admin/products/${productId}`, {
    name,
    description,
    price,
    imageUrl,
    isActive,
    inventory,
    displayOrder,
  });
  expect(res.statusCode, res.body).toBe(200);
}

const listed = async (id: number) =>
  ((await t.app.inject({ url: '/api/products' })).json() as PublicProduct[]).find((p) => p.id === id);
const product = async (id: number) => (await t.app.inject({ url: `/api/products/${id}` })).json() as PublicProduct;

const stored = async () => ({
  files: await count(t.app, 'stored_files', `folder = 'uploads'`),
  sized: await count(t.app, 'uploaded_images'),
});

describe('an upload', () => {
  it('is stored as WebP in every size the pages use, each at an address named by its content, cached for a year', async () => {
    const { imageUrl, image } = await uploaded(await photo(2400, 1800, 'jpeg'));
    expect(image.uploaded).toBe(true);
    expect(image.variants.map((v) => [v.width, v.height])).toEqual([
      [160, 120],
      [320, 240],
      [480, 360],
      [800, 600],
      [1200, 900],
      [1600, 1200],
    ]);
    expect(image.variants.at(-1)?.url).toBe(imageUrl);
    expect([image.src, image.width, image.height]).toEqual([image.variants[3]?.url, 800, 600]);

    const bytes: number[] = [];
    for (const v of image.variants) {
      expect(v.url).toMatch(/^\/uploads\/[a-f0-9]{32}\.webp$/);
      const res = await t.app.inject({ url: v.url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(res.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', v.width, v.height]);
      expect(v.url).toBe(`/uploads/${createHash('sha256').update(res.rawPayload).digest('hex').slice(0, 32)}.webp`);
      bytes.push(res.rawPayload.length);
    }
    // A phone's thumbnail is a small fraction of the full image.
    expect(bytes[0]).toBeLessThan((bytes.at(-1) ?? 0) / 10);
  });

  it('of an image narrower than the sizes has only the sizes below its own width, and itself', async () => {
    const { image } = await uploaded(await photo(600, 900, 'png'));
    expect(image.variants.map((v) => [v.width, v.height])).toEqual([
      [160, 240],
      [320, 480],
      [480, 720],
      [600, 900],
    ]);
    expect(image.src).toBe(image.variants.at(-1)?.url);
  });

  it('that cannot be stored writes nothing: no file, no sizes, the product unchanged', async () => {
    const before = await stored();
    const single = await product(5);
    const png = await photo(40, 40, 'png');
    const cases: [Buffer, string, string, number][] = [
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'image', 'image/svg+xml', 415],
      [Buffer.from('<!doctype html><script>alert(1)</script>'), 'image', 'image/png', 415],
      [Buffer.from('GIF89a/*\x00\x00*/=1;alert(document.cookie)//'), 'image', 'image/gif', 400],
      [png.subarray(0, png.length - 30), 'image', 'image/png', 400],
      [Buffer.concat([png, Buffer.alloc(6 * 1024 * 1024)]), 'image', 'image/png', 413],
      [png, 'file', 'image/png', 400],
    ];
    for (const [data, field, type, status] of cases) {
      const res = await upload(data, field, type);
      expect(res.statusCode, `${type} ${field}`).toBe(status);
      expect(res.json().message).toEqual(expect.any(String));
    }
    expect(await stored()).toEqual(before);
    expect(await product(5)).toEqual(single);
  });
});

describe('a product pointing at an upload', () => {
  it('shows it in the list, on its page, in the cart and at checkout; a product without one keeps the drawn art', async () => {
    const { imageUrl, image } = await uploaded(await photo(1600, 1600, 'jpeg'));
    await pointAt(5, imageUrl);

    for (const p of [await listed(5), await product(5)]) {
      expect(p).toMatchObject({ imageUrl, image });
    }
    const art = (await product(6)).image;
    expect(art).toMatchObject({ uploaded: false, src: '/api/product-images/3-pack?w=640', width: 640, height: 640 });

    const buyer = shopper(t.app);
    // Three bottles would show the drawn 3-pack; an uploaded image is shown whatever the quantity.
    expect((await buyer.add(5, 3)).json().image).toEqual(image);
    await buyer.add(6, 1);
    const cart = (await t.app.inject({ url: `/api/cart/${buyer.sessionId}` })).json() as CartItem[];
    expect(cart.map((i) => [i.productId, i.image])).toEqual([
      [5, image],
      [6, art],
    ]);

    const { paymentIntentId } = secretOf((await buyer.checkout()).json().checkoutUrl);
    const order = (
      await t.app.inject({ url: `/api/checkout/${paymentIntentId}`, headers: { 'x-session-id': buyer.sessionId } })
    ).json() as CheckoutOrder;
    expect(order.items.map((i) => [i.productId, i.image])).toEqual([
      [5, image],
      [6, art],
    ]);
  });

  it('shows the new sizes once the image is replaced, while the old addresses still answer', async () => {
    const first = await uploaded(await photo(1200, 1200, 'jpeg', 40));
    await pointAt(5, first.imageUrl);
    const second = await uploaded(await photo(1200, 1200, 'jpeg', 200));
    await pointAt(5, second.imageUrl);

    const now = (await product(5)).image;
    expect(now).toEqual(second.image);
    const oldUrls = first.image.variants.map((v) => v.url);
    expect(now.variants.filter((v) => oldUrls.includes(v.url))).toEqual([]);
    for (const url of oldUrls) expect((await t.app.inject({ url })).statusCode).toBe(200);
  });

  it('keeps showing the drawn art when its address is no upload of this store', async () => {
    await pointAt(5, 'https://cdn.example.com/bottle.png');
    expect((await product(5)).image).toMatchObject({ uploaded: false, src: '/api/product-images/single?w=640' });
    await pointAt(5, '/api/product-images/single');
  });
});

describe('an image uploaded before sizes were made', () => {
  it('is sized after a start, then shown with its stored file as the full image', async () => {
    const name = `${randomBytes(16).toString('hex')}.webp`;
    const old = await sharp(await photo(1000, 500, 'png'))
      .webp()
      .toBuffer();
    await t.app.uploads.save(name, old);
    await pointAt(6, `/uploads/${name}`);
    expect((await product(6)).image.uploaded).toBe(false);

    expect(await t.app.services.catalog.sizeEarlierUploads()).toBe(1);
    const image = (await product(6)).image;
    expect(image.uploaded).toBe(true);
    expect(image.variants.map((v) => [v.width, v.height])).toEqual([
      [160, 80],
      [320, 160],
      [480, 240],
      [800, 400],
      [1000, 500],
    ]);
    expect(image.variants.at(-1)?.url).toBe(`/uploads/${name}`);
    for (const v of image.variants) expect((await t.app.inject({ url: v.url })).statusCode).toBe(200);
    expect(await t.app.services.catalog.sizeEarlierUploads()).toBe(0);
    await pointAt(6, '/api/product-images/3-pack');
  });
});
