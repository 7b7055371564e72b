import type { Browser, Locator } from '@playwright/test';
import sharp from 'sharp';
import type { ImageVariant, PublicProduct } from '#shared/catalog.ts';
import { signIn } from './support/sign-in.ts';
import { type StoreServer, startStore } from './support/store-server.ts';
import { expect, test } from './support/test.ts';

/**
 * The owner uploads a product photo in the dashboard; the shopper sees it on the home page, the
 * product page, in the cart drawer and at checkout, each in a size fit for the screen
 * (docs/decisions/0030). Its own built store: the catalog it changes is no other spec's.
 */
let store: StoreServer;
let base: string;

test.beforeAll(async () => {
  test.setTimeout(90_000); // a store process starting on a busy machine
  store = await startStore({ DATA_DIR: 'memory://' }, undefined, { built: true });
  base = store.baseURL;
});
test.afterAll(async () => {
  await store?.stop();
});

/** A 4:3 photo of a teal bottle, unlike the drawn amber art. */
function photo(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1200">
    <rect width="1600" height="1200" fill="#dfe9e6"/>
    <rect x="650" y="160" width="300" height="170" rx="24" fill="#1f2937"/>
    <rect x="560" y="320" width="480" height="760" rx="70" fill="#0f766e"/>
    <rect x="560" y="560" width="480" height="260" fill="#f8fafc"/>
    <text x="800" y="715" text-anchor="middle" font-family="Arial" font-weight="700" font-size="72" fill="#0f172a">PHOTO</text>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
}

/** The address the browser chose from the image's srcset, once it has loaded. */
async function shown(img: Locator): Promise<string> {
  await expect(img).toBeVisible();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
  return new URL(await img.evaluate((el: HTMLImageElement) => el.currentSrc)).pathname;
}

function sizeOf(sizes: readonly ImageVariant[], path: string): ImageVariant {
  const size = sizes.find((v) => v.url === path);
  if (!size) throw new Error(`${path} is not one of the upload's sizes`);
  return size;
}

/** In the owner's own browser: its cache holds the full image from the form's preview, a shopper's does not. */
async function uploadAsOwner(browser: Browser): Promise<string> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, base);
  await page.getByRole('tab', { name: 'Inventory' }).click();
  const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: 'Single Bottle', exact: true }) });
  await card.getByRole('button', { name: 'Edit Product' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Product' });
  await dialog.getByLabel('Image file').setInputFiles({ name: 'bottle.jpg', mimeType: 'image/jpeg', buffer: await photo() });
  await expect(page.getByText('Image uploaded successfully', { exact: true })).toBeVisible();
  const imageUrl = await dialog.getByLabel('Product Image').inputValue();
  expect(imageUrl).toMatch(/^\/uploads\/[a-f0-9]{32}\.webp$/);
  await dialog.getByRole('button', { name: 'Update Product' }).click();
  await expect(page.getByText('Product Updated', { exact: true })).toBeVisible();
  await context.close();
  return imageUrl;
}

test('the owner’s uploaded image is what the shopper sees, in a size fit for the screen', async ({ browser, page, isMobile }) => {
  test.setTimeout(60_000);
  const imageUrl = await uploadAsOwner(browser);
  const product = (await (await page.request.get(`${base}/api/products/5`)).json()) as PublicProduct;
  expect(product.imageUrl).toBe(imageUrl);
  const sizes = product.image.variants;
  expect(sizes.map((v) => v.width)).toEqual([160, 320, 480, 800, 1200, 1600]);

  // The shopper's first look is their cart and checkout, where a line's picture is a thumbnail. (The
  // cart is filled through the API: a browser that already holds a larger size shows that one.)
  const sessionId = `session-${Date.now()}-${'s'.repeat(24)}`;
  await page.addInitScript((id) => localStorage.setItem('cart_session_id', id), sessionId);
  expect((await page.request.post(`${base}/api/cart`, { data: { sessionId, productId: 5, quantity: 1 } })).ok()).toBe(true);
  await page.goto(`${base}/contact`);
  await page.getByRole('button', { name: /Open cart, 1 item/ }).click();
  const drawer = page.getByRole('dialog');
  const inCart = sizeOf(sizes, await shown(drawer.getByRole('img', { name: 'Single Bottle' })));
  expect(inCart.width).toBeLessThanOrEqual(320);

  await drawer.getByRole('button', { name: 'Checkout' }).click();
  const summary = page.getByRole('region', { name: 'Order summary' });
  const atCheckout = sizeOf(sizes, await shown(summary.getByRole('img', { name: 'Single Bottle' })));
  expect(atCheckout.width).toBeLessThanOrEqual(320);

  // Home: the single bottle's card shows the upload; the 3-pack, which has none, its drawn art.
  await page.goto(`${base}/`);
  const cardOf = (name: string) =>
    page.locator('#products article').filter({ has: page.getByRole('heading', { name, exact: true }) });
  const card = cardOf('Single Bottle').locator('img');
  await card.scrollIntoViewIfNeeded();
  const onHome = sizeOf(sizes, await shown(card));
  await expect(card).toHaveAttribute('src', /^\/uploads\//);
  await expect(card).toHaveAttribute('width', /\d+/);
  await expect(cardOf('Smelling Salts 3-Pack').locator('img')).toHaveAttribute('src', /\/api\/product-images\/3-pack/);
  // A card is at most 480 px wide: a desktop screen gets the 480 px size, a phone of 390 px at 2.6 dots per px the 1200.
  expect(onHome.width).toBe(isMobile ? 1200 : 480);

  // The product page: the picture, the sharing image and the structured data.
  await page.goto(`${base}/product/5`);
  const main = page.getByRole('img', { name: 'Single Bottle', exact: true });
  // The picture is 560 px wide on a desktop screen (the 800 px size), the screen's width on a phone.
  expect(sizeOf(sizes, await shown(main)).width).toBe(isMobile ? 1200 : 800);
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', `${base}${imageUrl}`);
  expect(await page.locator('script[type="application/ld+json"]').first().textContent()).toContain(`${base}${imageUrl}`);

  // Added from the product page, the line shows the upload too.
  await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
  await page.getByRole('button', { name: /Open cart, 2 items/ }).click();
  sizeOf(sizes, await shown(page.getByRole('dialog').getByRole('img', { name: 'Single Bottle' })));
});
