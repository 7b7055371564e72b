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
