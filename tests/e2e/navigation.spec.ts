import { expect, test } from './support/test.ts';

test('a hash in the home URL scrolls to that section', async ({ page }) => {
  await page.goto('/#instructions');
  await expect(page.locator('#instructions')).toBeInViewport();
});

test('a route change scrolls to the top', async ({ page }) => {
  await page.goto('/');
  await page.locator('#products').scrollIntoViewIfNeeded();
  await page.locator('#products a[href="/product/5"]').first().click();
  await expect(page).toHaveURL(/\/product\/5$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test('back on the page first loaded, by way of the home page’s products, the page starts at the top', async ({ page }) => {
  await page.goto('/product/6');
  const menu = page.getByRole('button', { name: 'Open menu' });
  if (await menu.isVisible()) await menu.click();
  await page
    .getByRole('navigation', { name: /^(Main|Mobile)$/ })
    .getByRole('button', { name: 'Products' })
    .click();
  await expect(page).toHaveURL(/\/#choose-your-power$/);
  await expect(page.locator('#choose-your-power')).toBeInViewport();
  await page.locator('#products a[href="/product/6"]').first().click();
  await expect(page).toHaveURL(/\/product\/6$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test('a page whose code cannot load offers a reload, and the rest of the store keeps working', async ({ page }) => {
  // As after a release that replaced the page's chunk while the shopper had the store open.
  await page.route('**/assets/product-page-*.js', (route) => route.fulfill({ status: 404, body: 'gone' }));
  await page.goto('/');
  await page.locator('#products article').filter({ hasText: 'Single Bottle' }).first().getByRole('link').first().click();
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reload page' })).toBeVisible();
  // Header navigation still works and clears the error.
  await page.getByRole('link', { name: 'Ironwake home' }).click();
  await expect(page.locator('#products').getByText('Smelling Salts 3-Pack').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toHaveCount(0);
});
