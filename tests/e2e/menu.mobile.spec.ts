import { expect, test } from './support/test.ts';

// Runs in the phone project only (playwright.config.ts): the menu button exists at phone width.
test('the header menu works by keyboard on a phone and the Products link reaches the products', async ({ page }) => {
  await page.goto('/product/5');
  await page.getByRole('button', { name: 'Open menu' }).focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('dialog');
  await expect(menu).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await page.getByRole('button', { name: 'Open menu' }).click();
  await menu
    .getByRole('link', { name: 'Products' })
    .or(menu.getByRole('button', { name: 'Products' }))
    .click();
  await expect(page).toHaveURL(/\/(#choose-your-power|#products)?$/);
  await expect(page.locator('#products')).toBeInViewport();
});
