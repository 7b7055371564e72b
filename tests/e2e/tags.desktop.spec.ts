import type { Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { fillShipping, fillTestCard } from './support/checkout.ts';
import { type StoreServer, startStore } from './support/store-server.ts';

/**
 * Marketing tags on a store configured with GA4, Google Ads and a Meta Pixel. Their origins are
 * routed to stubs that record what was loaded; the calls the store makes are read from the tags'
 * own queues (gtag's dataLayer, fbq's queue), as the real scripts would read them.
 */
let store: StoreServer;
test.beforeAll(async () => {
  test.setTimeout(90_000); // a second store starts in 40 s when the machine is busy
  store = await startStore({
    GA_MEASUREMENT_ID: 'G-TEST123',
    GOOGLE_ADS_ID: 'AW-987654',
    GOOGLE_ADS_CONVERSION_LABEL: 'conv-label',
    META_PIXEL_ID: '1234567890',
  });
});
test.afterAll(async () => store?.stop());
test.use({ userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/139.0 Safari/537.36' });

/** The tags' hosts: every request to one is recorded (address, headers, body); none reaches the network. */
const TAG_HOST =
  /(^|\.)(googletagmanager\.com|google-analytics\.com|analytics\.google\.com|googleadservices\.com|doubleclick\.net|google\.com|facebook\.com|facebook\.net)$/;

/**
 * The tag scripts are stubs that record, when they execute, the address and referrer they would
 * read (the real ones send both to their platform on every hit).
 */
const STUB = `(window.__tagRuns = window.__tagRuns || []).push({ src: document.currentScript && document.currentScript.src, href: location.href, referrer: document.referrer });`;

interface Tags {
  /** the origins the tag scripts were loaded from */
  loaded: string[];
  /** every request to a tag host, as JSON */
  requests: string[];
}

async function stubTags(page: Page): Promise<Tags> {
  const tags: Tags = { loaded: [], requests: [] };
  await page.route(
    (url) => TAG_HOST.test(url.hostname),
    async (route) => {
      const request = route.request();
      const url = new URL(request.url());
      tags.requests.push(JSON.stringify({ url: url.href, headers: await request.allHeaders(), body: request.postData() }));
      if (url.hostname !== 'www.googletagmanager.com' && url.hostname !== 'connect.facebook.net')
        return route.fulfill({ status: 204 });
      tags.loaded.push(url.origin);
      return route.fulfill({ status: 200, contentType: 'application/javascript', body: STUB });
    },
  );
  return tags;
}

interface TagRun {
  src: string;
  href: string;
  referrer: string;
}
const tagRuns = (page: Page) =>
  page.evaluate(() => ((window as unknown as { __tagRuns?: TagRun[] }).__tagRuns ?? []) as TagRun[]);

type Call = unknown[];
const gtagCalls = (page: Page) =>
  page.evaluate(() => ((window as unknown as { dataLayer?: IArguments[] }).dataLayer ?? []).map((a) => Array.from(a)) as Call[]);
const fbqCalls = (page: Page) =>
  page.evaluate(() => ((window as unknown as { fbq?: { queue: Call[] } }).fbq?.queue ?? []) as Call[]);
const events = (calls: Call[], name: string) => calls.filter((c) => c[0] === 'event' && c[1] === name);

/** At the checkout: shipping, then the test card that succeeds. */
async function payWithTestCard(page: Page): Promise<void> {
  await fillShipping(page, { Email: 'tags@example.com' });
  await fillTestCard(page);
  await page.getByRole('button', { name: 'Complete Purchase' }).click();
}

test('configured tags get page views, view_item, add to cart, and one purchase with the Ads conversion; never on /checkout', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const { loaded } = await stubTags(page);
  // A campaign link with an ad click id and a parameter the tags have no business with.
  await page.goto(`${store.baseURL}/product/6?utm_source=newsletter&gclid=Cj0click&review=s3cret#reviews`);
  await expect.poll(async () => events(await gtagCalls(page), 'view_item').length, { timeout: 10_000 }).toBe(1);
  expect(new Set(loaded)).toEqual(new Set(['https://www.googletagmanager.com', 'https://connect.facebook.net']));
  const calls = await gtagCalls(page);
  expect(calls).toContainEqual(['config', 'G-TEST123', { send_page_view: false }]);
  expect(calls).toContainEqual(['config', 'AW-987654', { send_page_view: false }]);
  // One page view, for both Google tags, with the campaign's parameters only.
  expect(events(calls, 'page_view')).toHaveLength(1);
  expect(events(calls, 'page_view')[0]?.[2]).toMatchObject({
    page_path: '/product/6',
    page_location: `${store.baseURL}/product/6?utm_source=newsletter&gclid=Cj0click`,
  });
  expect(JSON.stringify(calls)).not.toContain('s3cret');
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
  // Sent by the cart's add itself: the page's fetch is still the browser's own.
  expect(await page.evaluate(() => Function.prototype.toString.call(window.fetch))).toContain('[native code]');

  // The checkout loads no tag: the drawer enters it with a page load.
  const before = loaded.length;
  await page.getByRole('button', { name: /Open cart/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Checkout' }).click();
  await expect(page.getByRole('heading', { name: 'Shipping Information' })).toBeVisible();
  await page.waitForTimeout(2500); // idle time, when tags would load
  expect(loaded.length).toBe(before);
  expect(await page.evaluate(() => 'gtag' in window || 'fbq' in window)).toBe(false);

  await payWithTestCard(page);
  await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible({ timeout: 10_000 });

  // On the confirmation page (reached with a page load), tags start and report the purchase once.
  await expect.poll(async () => events(await gtagCalls(page), 'purchase').length, { timeout: 10_000 }).toBe(1);
  const all = await gtagCalls(page);
  expect(events(all, 'purchase')[0]?.[2]).toMatchObject({ currency: 'USD', value: 48.9 });
  expect(events(all, 'conversion')[0]?.[2]).toMatchObject({ send_to: 'AW-987654/conv-label', value: 48.9, currency: 'USD' });
  expect((await fbqCalls(page)).filter((c) => c[1] === 'Purchase')).toHaveLength(1);

  await page.reload();
  await page.waitForTimeout(2500);
  expect(events(await gtagCalls(page), 'purchase')).toHaveLength(0);
});

test("a purchase's payment id never reaches the tags, and the confirmation page still shows the order on reload and on another device", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const tags = await stubTags(page);
  await page.goto(`${store.baseURL}/product/5`);
  await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
  await expect(page.getByRole('button', { name: /Open cart, 1 item/ })).toBeVisible();
  await page.getByRole('button', { name: /Open cart/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Checkout' }).click();
  await expect(page.getByRole('heading', { name: 'Shipping Information' })).toBeVisible();
  const paymentId = /[?&]payment_intent=(pi_[A-Za-z0-9]+)_secret_/.exec(page.url())?.[1] ?? '';
  expect(paymentId).toMatch(/^pi_[A-Za-z0-9]{8,}$/);
  await payWithTestCard(page);
  await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible({ timeout: 10_000 });
  const orderId = (await page.getByText(/^Order ID: #\d+$/).textContent())?.replace(/\D/g, '') ?? '';

  /** Everything the tags were given or could read on this page, and everything sent to their hosts. */
  const seenByTags = async (p: Page, t: Tags) => [
    ...(await gtagCalls(p)).map((c) => JSON.stringify(c)),
    ...(await fbqCalls(p)).map((c) => JSON.stringify(c)),
    ...(await tagRuns(p)).map((r) => JSON.stringify(r)),
    ...t.requests,
  ];
  const leaks = (seen: string[]) => seen.filter((s) => s.includes(paymentId) || s.includes('payment_intent'));

  // The address no longer holds the payment id by the time the tags run; the purchase is reported
  // once, for this order.
  await expect(page).toHaveURL(`${store.baseURL}/order-confirmation`);
  await expect.poll(async () => events(await gtagCalls(page), 'purchase').length, { timeout: 10_000 }).toBe(1);
  await expect.poll(async () => (await tagRuns(page)).length).toBe(2);
  for (const run of await tagRuns(page)) expect(run.href).toBe(`${store.baseURL}/order-confirmation`);
  const calls = await gtagCalls(page);
  expect(events(calls, 'purchase')[0]?.[2]).toMatchObject({ transaction_id: orderId, currency: 'USD', value: 22.9 });
  expect(events(calls, 'conversion')).toHaveLength(1);
  expect(events(calls, 'page_view').at(-1)?.[2]).toMatchObject({ page_location: `${store.baseURL}/order-confirmation` });
  expect((await fbqCalls(page)).filter((c) => c[1] === 'Purchase')).toHaveLength(1);
  expect(tags.requests.length).toBeGreaterThan(0);
  expect(leaks(await seenByTags(page, tags))).toEqual([]);

  // A reload finds the same order (the saved summary, with the e-mail) and reports no second purchase.
  tags.requests.length = 0;
  await page.reload();
  await expect(page.getByText(`Order ID: #${orderId}`)).toBeVisible();
  await expect(page.getByText('tags@example.com')).toBeVisible();
  await expect(page.getByTestId('order-total')).toHaveText('$22.90');
  await expect.poll(async () => (await tagRuns(page)).length, { timeout: 10_000 }).toBe(2);
  await page.waitForTimeout(1000);
  expect(events(await gtagCalls(page), 'purchase')).toHaveLength(0);
  expect(leaks(await seenByTags(page, tags))).toEqual([]);

  // Another device opens the confirmation link: the server's summary, without the e-mail; the
  // payment id leaves the address before the tags run there too.
  const device = await browser.newContext({ userAgent: await page.evaluate(() => navigator.userAgent) });
  try {
    const other = await device.newPage();
    const otherTags = await stubTags(other);
    await other.goto(`${store.baseURL}/order-confirmation?payment_intent=${paymentId}`);
    await expect(other.getByText(`Order ID: #${orderId}`)).toBeVisible({ timeout: 10_000 });
    await expect(other.getByText('A confirmation e-mail is on its way to you.')).toBeVisible();
    await expect(other.getByTestId('order-total')).toHaveText('$22.90');
    await expect(other).toHaveURL(`${store.baseURL}/order-confirmation`);
    await expect.poll(async () => (await tagRuns(other)).length, { timeout: 10_000 }).toBe(2);
    await expect.poll(async () => events(await gtagCalls(other), 'page_view').length).toBe(1);
    await other.waitForTimeout(1000); // time for the tags to ask for the order and report it
    expect(leaks(await seenByTags(other, otherTags))).toEqual([]);
    await other.reload();
    await expect(other.getByText(`Order ID: #${orderId}`)).toBeVisible({ timeout: 10_000 });
  } finally {
    await device.close();
  }
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

test.describe('a browser that sends Global Privacy Control (docs/decisions/0049)', () => {
  test.use({ extraHTTPHeaders: { 'Sec-GPC': '1' } });

  test('loads no tag on any page and is told so on the privacy page', async ({ page }) => {
    test.setTimeout(60_000);
    const tags = await stubTags(page);
    await page.goto(`${store.baseURL}/product/6?utm_source=newsletter`);
    await page.getByRole('button', { name: 'Add 3-Pack Bundle to Cart' }).click();
    await expect(page.getByRole('button', { name: /Open cart, 1 item/ })).toBeVisible();
    await page.goto(`${store.baseURL}/privacy`);
    await expect(
      page.getByText('Your browser sends Global Privacy Control, so this store loads none', { exact: false }),
    ).toBeVisible();
    await page.waitForTimeout(2500); // idle time, when tags would load
    expect(tags.requests).toEqual([]);
  });
});

test('a browser that only exposes navigator.globalPrivacyControl loads no tag either', async ({ page }) => {
  test.setTimeout(60_000);
  await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true }));
  const tags = await stubTags(page);
  await page.goto(`${store.baseURL}/product/6`);
  await page.waitForTimeout(2500); // idle time, when tags would load
  expect(tags.requests).toEqual([]);
});
