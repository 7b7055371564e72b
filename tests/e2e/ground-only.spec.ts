import { fillShipping } from './support/checkout.ts';
import { signIn } from './support/sign-in.ts';
import { expect, test } from './support/test.ts';

/**
 * Ground-only shipping as a shopper and the owner meet it (issue "Sell it lawfully", item 1;
 * docs/decisions/0046): the product page and the checkout say the smelling salts ship by ground
 * within the US; an APO address is refused with the reason beside the State field; the owner sees
 * the shipping class and the Alaska, Hawaii and territories setting. SHOTS=dir saves screenshots.
 */
const shot = async (page: import('@playwright/test').Page, name: string, project: string, fullPage = true) => {
  if (process.env.SHOTS) await page.screenshot({ path: `${process.env.SHOTS}/${project}-${name}.png`, fullPage });
};

test('the shopper reads that the salts ship by ground, and an APO address is refused with the reason', async ({ page }, info) => {
  await page.goto('/product/5');
  await expect(page.getByText('Ships by ground within the US')).toBeVisible();
  await expect(page.getByText('Not to APO, FPO or DPO addresses')).toBeVisible();
  await shot(page, 'product', info.project.name);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByRole('button', { name: /Open cart, 1 item/ })).toBeVisible();
  await page.getByRole('button', { name: /Open cart/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Checkout' }).click();
  await expect(page.getByRole('heading', { name: 'Shipping Information' })).toBeVisible();
  await expect(page.getByLabel('Order summary').getByText('Ships by ground within the US (3-5 business days)')).toBeVisible();

  await fillShipping(page, { Address: 'Unit 2050 Box 4190', City: 'APO', State: 'AE', 'ZIP Code': '09012' });
  const state = page.getByRole('textbox', { name: 'State', exact: true });
  await expect(state).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('We can’t ship to APO, FPO or DPO addresses', { exact: true })).toBeVisible();
  await expect(page.getByText(/Smelling salts are a hazardous material that carriers take by ground only/).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Shipping Information' })).toBeVisible();
  await shot(page, 'checkout-apo', info.project.name);

  await fillShipping(page);
  await expect(page.getByRole('heading', { name: 'Complete Your Order' })).toBeVisible();
});

test('the owner sees each product’s shipping class and the Alaska, Hawaii and territories setting', async ({ page }, info) => {
  await signIn(page);
  await page.getByRole('button', { name: 'Close', exact: true }).click();
  await page.getByRole('tab', { name: 'Inventory' }).click();
  const card = page
    .locator('article, li, div')
    .filter({ hasText: 'Single Bottle' })
    .getByRole('button', { name: 'Edit Product' });
  await card.first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel(/^Shipping class/)).toHaveValue('limited-quantity');
  await expect(dialog.getByLabel(/^UN number/)).toHaveValue('');
  await dialog.getByLabel(/^Proper shipping name/).scrollIntoViewIfNeeded();
  await shot(page, 'product-dialog', info.project.name, false);
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('tab', { name: 'Settings' }).click();
  const remote = page.getByRole('checkbox', { name: /Alaska, Hawaii and the US territories/ });
  await expect(remote).not.toBeChecked();
  await shot(page, 'settings', info.project.name);
});
