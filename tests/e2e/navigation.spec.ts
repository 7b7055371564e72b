import { expect, test } from '@playwright/test';

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
