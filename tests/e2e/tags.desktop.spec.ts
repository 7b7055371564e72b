import type { Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { type StoreServer, startStore } from './support/store-server.ts';

/**
 * Marketing tags on a store configured with GA4, Google Ads and a Meta Pixel. Their origins are
 * routed to stubs that record what was loaded; the calls the store makes are read from the tags'
 * own queues (gtag's dataLayer, fbq's queue), as the real scripts would read them.
 */
let store: StoreServer;
test.beforeAll(async () => {
  store = await startStore({
    GA_MEASUREMENT_ID: 'G-TEST123',
    GOOGLE_ADS_ID: 'AW-987654',
    GOOGLE_ADS_CONVERSION_LABEL: 'conv-label',
    META_PIXEL_ID: '1234567890',
  });
});
test.afterAll(async () => store?.stop());
test.use({ userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/139.0 Safari/537.36' });

async function stubTags(page: Page): Promise<string[]> {
  const loaded: string[] = [];
  for (const origin of ['https://www.googletagmanager.com/**', 'https://connect.facebook.net/**']) {
    await page.route(origin, (route) => {
      loaded.push(new URL(route.request().url()).origin);
      return route.fulfill({ status: 200, contentType: 'application/javascript', body: '/* tag stub */' });
    });
  }
  return loaded;
}

type Call = unknown[];
const gtagCalls = (page: Page) =>
  page.evaluate(() => ((window as unknown as { dataLayer?: IArguments[] }).dataLayer ?? []).map((a) => Array.from(a)) as Call[]);
const fbqCalls = (page: Page) =>
  page.evaluate(() => ((window as unknown as { fbq?: { queue: Call[] } }).fbq?.queue ?? []) as Call[]);
const events = (calls: Call[], name: string) => calls.filter((c) => c[0] === 'event' && c[1] === name);

test('configured tags get page views, view_item, add to cart, and one purchase with the Ads conversion; never on /checkout', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const loaded = await stubTags(page);
  await page.goto(`${store.baseURL}/product/6`);
  await expect.poll(async () => events(await gtagCalls(page), 'view_item').length, { timeout: 10_000 }).toBe(1);
  expect(new Set(loaded)).toEqual(new Set(['https://www.googletagmanager.com', 'https://connect.facebook.net']));
  const calls = await gtagCalls(page);
  expect(calls).toContainEqual(['config', 'G-TEST123', { send_page_view: false }]);
  expect(events(calls, 'page_view')[0]?.[2]).toMatchObject({ page_path: '/product/6' });
  expect(events(calls, 'view_item')[0]?.[2]).toMatchObject({
    currency: 'USD',
    value: 44.99,
    items: [{ item_id: '6', item_name: 'Smelling Salts 3-Pack' }],
  });
  expect(await fbqCalls(page)).toContainEqual(['init', '1234567890']);

  await page.getByRole('button', { name: 'Add 3-Pack Bundle to Cart' }).click();
  await expect.poll(async () => events(await gtagCalls(page), 'add_to_cart').length).toBe(1);
  expect(events(await gtagCalls(page), 'add_to_cart')[0]?.[2]).toMatchObject({ currency: 'USD', value: 44.99 });
  expect((await fbqCalls(page)).filter((c) => c[1] === 'AddToCart')).toHaveLength(1);

  // The checkout loads no tag: the drawer enters it with a page load.
  const before = loaded.length;
  await page.getByRole('button', { name: /Open cart/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Checkout' }).click();
  await expect(page.getByRole('heading', { name: 'Shipping Information' })).toBeVisible();
  await page.waitForTimeout(2500); // idle time, when tags would load
  expect(loaded.length).toBe(before);
  expect(await page.evaluate(() => 'gtag' in window || 'fbq' in window)).toBe(false);

  const box = (name: string) => page.getByRole('textbox', { name, exact: true });
  await box('Email').fill('tags@example.com');
  await box('First Name').fill('Tia');
  await box('Last Name').fill('Gray');
  await box('Address').fill('1 Elm St');
  await box('City').fill('Reno');
  await box('State').fill('NV');
  await box('ZIP Code').fill('89501');
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await box('Card number').fill('4242 4242 4242 4242');
  await box('Expiry (MM/YY)').fill('12/39');
  await box('CVC').fill('123');
  await page.getByRole('button', { name: 'Complete Purchase' }).click();
  await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible({ timeout: 10_000 });

  // On the confirmation page (reached without a page load), tags start and report the purchase once.
  await expect.poll(async () => events(await gtagCalls(page), 'purchase').length, { timeout: 10_000 }).toBe(1);
  const all = await gtagCalls(page);
  expect(events(all, 'purchase')[0]?.[2]).toMatchObject({ currency: 'USD', value: 48.9 });
  expect(events(all, 'conversion')[0]?.[2]).toMatchObject({ send_to: 'AW-987654/conv-label', value: 48.9, currency: 'USD' });
  expect((await fbqCalls(page)).filter((c) => c[1] === 'Purchase')).toHaveLength(1);

  await page.reload();
  await page.waitForTimeout(2500);
  expect(events(await gtagCalls(page), 'purchase')).toHaveLength(0);
});

test('without tags configured, the storefront contacts no third party', async ({ page }) => {
  const outside: string[] = [];
  page.on('request', (r) => {
    const origin = new URL(r.url()).origin;
    if (!origin.startsWith('http://127.0.0.1')) outside.push(origin);
  });
  await page.goto('/');
  await page.goto('/product/5');
  await page.waitForTimeout(2500);
  expect(outside).toEqual([]);
});
