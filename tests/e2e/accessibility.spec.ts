import AxeBuilder from '@axe-core/playwright';
import { type Locator, type Page, request } from '@playwright/test';
import { createCode } from '../support/discounts.ts';
import { signIn } from './support/sign-in.ts';
import { type DemoStore, startDemoStore } from './support/demo-store.ts';
import type { StoreServer } from './support/store-server.ts';
import { expect, test } from './support/test.ts';

/**
 * What axe finds on the owner's dashboard and the shop's pages, at desktop and phone widths:
 * nothing, for WCAG 2.2 AA and axe's best practices. The dashboard is looked at on a store of a
 * small demo year, so every tab has its rows (orders of each status, customers, returns, reviews,
 * analytics) and a discount code; the shop on the suite's own store. Each page is also kept as a screenshot
 * (test-results) for a person to look at.
 */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/** What axe found, as a failure prints it: each rule, its impact and the elements it names. */
async function violations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  return violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(' ')) }));
}

/** Pages taller than this are kept as their top and, apart, their end (Chromium draws very tall shots with gaps). */
const SHOT_HEIGHT = 4000;

async function screenshot(page: Page, name: string): Promise<void> {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  const width = page.viewportSize()?.width ?? 1280;
  const path = (part: string) => test.info().outputPath(`${name}${part}.png`);
  await page.screenshot({ path: path(''), fullPage: true, clip: { x: 0, y: 0, width, height: Math.min(height, SHOT_HEIGHT) } });
  if (height <= SHOT_HEIGHT) return;
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.screenshot({ path: path('-end') });
  await page.evaluate(() => window.scrollTo(0, 0));
}

let demo: DemoStore;
let store: StoreServer;

test.beforeAll(async () => {
  test.setTimeout(180_000); // a demo year written, then a store process started, on a busy machine
  demo = await startDemoStore('a11y', { orders: 200, events: 3000, seed: 7 });
  store = demo.store;
});
test.afterAll(async () => {
  await demo?.stop();
});

/**
 * Each tab of the dashboard, what shows once its content has loaded, and what opens in it that is
 * looked at too (a customer's orders, a product's stock history: lists inside the tab).
 */
const TABS: {
  name: string;
  ready: (panel: Locator) => Locator;
  open?: { what: string; show: (page: Page) => Promise<void>; close?: (page: Page) => Promise<void> };
}[] = [
  { name: 'Orders', ready: (p) => p.getByRole('list', { name: 'Orders' }).getByRole('article').first() },
  {
    name: 'Customers',
    ready: (p) => p.getByRole('list', { name: 'Customers' }).getByRole('listitem').first(),
    open: {
      what: "a customer's orders",
      show: async (page) => {
        await page.getByRole('list', { name: 'Customers' }).getByRole('button').first().click();
        await expect(
          page
            .getByRole('list', { name: /^Orders of / })
            .getByRole('listitem')
            .first(),
        ).toBeVisible();
      },
    },
  },
  { name: 'Returns', ready: (p) => p.getByRole('list', { name: 'Returns' }).getByRole('article').first() },
  { name: 'Discounts', ready: (p) => p.getByText('SALTY10').filter({ visible: true }).first() },
  { name: 'Reviews', ready: (p) => p.getByRole('list', { name: 'Reviews' }).getByRole('article').first() },
  { name: 'Analytics', ready: (p) => p.getByRole('img', { name: /^Sessions and revenue per day/ }) },
  {
    name: 'Inventory',
    ready: (p) => p.getByRole('list', { name: 'Products' }).getByRole('article').first(),
    open: {
      what: "a product's stock history",
      show: async (page) => {
        await page.getByRole('button', { name: 'Stock History' }).first().click();
        const dialog = page.getByRole('dialog', { name: 'Stock History' });
        await expect(dialog.getByRole('row').nth(1)).toBeVisible();
        // Its end, with the list's footer: a year of sales is more than a page.
        await dialog.getByRole('button', { name: 'Load more' }).scrollIntoViewIfNeeded();
      },
      close: (page) => page.keyboard.press('Escape'),
    },
  },
  { name: 'Settings', ready: (p) => p.getByRole('form', { name: 'Store settings' }) },
  { name: 'Support', ready: (p) => p.getByRole('heading', { name: /e-mail/i }).first() },
  { name: 'Your account', ready: (p) => p.getByRole('heading', { name: 'Your sessions' }) },
];

test('axe finds nothing on the sign-in page nor on any tab of the dashboard', async ({ page }) => {
  test.setTimeout(180_000); // eleven tabs, each analysed
  await page.goto(`${store.baseURL}/admin/login`);
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
  expect.soft(await violations(page), 'the sign-in page').toEqual([]);

  await signIn(page, store.baseURL);
  // A code, so the Discounts tab shows its list (the demo year has none).
  const owner = await request.newContext({ baseURL: store.baseURL, storageState: await page.context().storageState() });
  await createCode(owner, 'SALTY10', {}, store.baseURL);
  await owner.dispose();
  for (const tab of TABS) {
    await page.getByRole('tab', { name: new RegExp(`^${tab.name}`) }).click();
    const panel = page.getByRole('tabpanel');
    await expect(tab.ready(panel)).toBeVisible({ timeout: 15_000 });
    await expect(panel.getByText(/^Loading/)).toHaveCount(0);
    await screenshot(page, `dashboard-${tab.name.toLowerCase()}`);
    expect.soft(await violations(page), `the ${tab.name} tab`).toEqual([]);
    if (tab.open) {
      await tab.open.show(page);
      await screenshot(page, `dashboard-${tab.name.toLowerCase()}-open`);
      expect.soft(await violations(page), `the ${tab.name} tab with ${tab.open.what} open`).toEqual([]);
      await tab.open.close?.(page);
    }
  }
});

test('axe finds nothing on the shop: home, a product, the checkout with a cart, the order lookup and an article', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const look = async (name: string) => {
    await page.waitForLoadState('networkidle');
    await screenshot(page, `shop-${name}`);
    expect.soft(await violations(page), `the ${name} page`).toEqual([]);
  };

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await look('home');

  await page.goto('/product/6');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await look('product');

  await page.getByRole('button', { name: 'Add 3-Pack Bundle to Cart' }).click();
  await expect(page.getByText('Added to cart', { exact: true })).toBeVisible();
  // The checkout as a shopper reaches it: from the cart drawer, which starts it.
  await page.getByRole('button', { name: /Open cart/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Checkout' }).click();
  await expect(page.getByRole('heading', { name: 'Shipping Information' })).toBeVisible({ timeout: 10_000 });
  await look('checkout');

  await page.goto('/order-status');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await look('order-status');

  await page.goto('/education');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await look('article');
});
