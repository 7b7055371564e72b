import { expect, test } from '@playwright/test';

// Playwright's own page here: `goto` must not wait for hydration, the taps come before it.
test('taps made before the scripts have run are kept and carried out in order once they have', async ({ page }) => {
  // A slow link: the page is painted and usable to read while its JavaScript is still on the way.
  await page.route('**/assets/core-*.js', async (route) => {
    await new Promise((r) => setTimeout(r, 1500));
    await route.continue();
  });
  await page.goto('/');
  const card = page.locator('#products article').filter({ hasText: 'Single Bottle' }).first();
  await card.getByRole('button', { name: 'Increase quantity' }).click();
  await card.getByRole('button', { name: /add to cart/i }).click();
  await expect(page.getByRole('button', { name: /Open cart, 2 items/ })).toBeVisible({ timeout: 10_000 });
});

// A shopper on a slow link reads and scrolls before the scripts arrive: the page they scrolled stays
// where it is when it comes alive, so the button under their finger is still the one they tap.
test('a page scrolled before the scripts have run stays where it was scrolled, and the tap lands', async ({ page }) => {
  let release = () => {};
  const held = new Promise<void>((r) => {
    release = r;
  });
  await page.route('**/assets/core-*.js', async (route) => {
    await held;
    await route.continue();
  });
  // Not until "load": the held script keeps the page loading.
  await page.goto('/product/6', { waitUntil: 'domcontentloaded' });
  const add = page.getByRole('button', { name: 'Add 3-Pack Bundle to Cart' });
  await page.mouse.wheel(0, 300);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  const scrolled = await page.evaluate(() => window.scrollY);
  release();
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'));
  // A task later than the app's own first effects.
  await page.evaluate(() => new Promise((r) => setTimeout(r, 100)));
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
  await add.click();
  await expect(page.getByRole('button', { name: /Open cart, 1 item/ })).toBeVisible();
});

// Every page starts at the top when it loads (SPEC: routes), a reload of a scrolled page included.
test('a reloaded page starts at the top', async ({ page }) => {
  await page.goto('/product/6');
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'));
  await page.mouse.wheel(0, 300);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await page.reload();
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'));
  await page.evaluate(() => new Promise((r) => setTimeout(r, 100)));
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});
