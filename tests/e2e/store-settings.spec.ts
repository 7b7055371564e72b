import type { Page } from '@playwright/test';
import { type StoreServer, startStore } from './support/store-server.ts';
import { signIn } from './support/sign-in.ts';
import { expect, test } from './support/test.ts';

/**
 * The owner's free-shipping offer from the dashboard (issue "Grow the store", item 2): the Settings
 * tab sets the shipping rate and free shipping over an amount; the shopper's cart says how far it is
 * from it and the checkout charges accordingly. A store of its own, so the other journeys keep the
 * default rate.
 */
let store: StoreServer;
let base: string;

test.beforeAll(async () => {
  test.setTimeout(90_000); // a store process starting on a busy machine
  store = await startStore({ DATA_DIR: 'memory://' });
  base = store.baseURL;
});
test.afterAll(async () => {
  await store?.stop();
});

/** The cart drawer's checkout, on to the checkout page. */
async function checkout(page: Page) {
  await page.getByRole('dialog').getByRole('button', { name: 'Checkout' }).click();
  await expect(page.getByRole('heading', { name: 'Shipping Information' })).toBeVisible();
}

test('the owner sets a shipping rate and free shipping over $50; the cart and checkout follow', async ({ page, browser }) => {
  test.setTimeout(90_000);
  await signIn(page, base);
  await page.getByRole('tab', { name: 'Settings' }).click();
  const form = page.getByRole('form', { name: 'Store settings' });
  await form.getByLabel('Shipping rate ($)').fill('4.50');
  await form.getByLabel('Free shipping over ($)').fill('50.00');
  // A careless value is refused next to its field, and nothing is saved.
  await form.getByLabel('Support e-mail').fill('not an address');
  await form.getByRole('button', { name: 'Save Settings' }).click();
  await expect(form.getByLabel('Support e-mail')).toHaveAttribute('aria-invalid', 'true');
  await form.getByLabel('Support e-mail').fill('help@ironwake.test');
  await form.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText('Settings Saved', { exact: true })).toBeVisible();
  await expect(form.getByText(/^Last saved by owner/)).toBeVisible();

  // A shopper, elsewhere: one bottle ships at the new rate, and the cart says how far free shipping is.
  const shopper = await (await browser.newContext({ baseURL: base, viewport: page.viewportSize() ?? undefined })).newPage();
  await shopper.goto(`${base}/product/5`);
  await shopper.getByRole('button', { name: 'Add to Cart', exact: true }).click();
  await shopper.getByRole('button', { name: /Open cart, 1 item/ }).click();
  const drawer = shopper.getByRole('dialog');
  await expect(drawer.getByTestId('free-shipping')).toContainText('Add $31.01 more for free shipping.');
  await checkout(shopper);
  const summary = shopper.getByRole('region', { name: 'Order summary' });
  await expect(summary.getByTestId('order-total')).toHaveText('$23.49');
  // The footer shows the new support address.
  await expect(shopper.getByRole('contentinfo')).toContainText('help@ironwake.test');

  // Three bottles: $56.97, free.
  await shopper.goto(`${base}/product/5`);
  for (const count of [2, 3]) {
    await shopper.getByRole('button', { name: 'Add to Cart', exact: true }).click();
    await expect(shopper.getByRole('button', { name: `Open cart, ${count} items` })).toBeVisible();
  }
  await shopper.getByRole('button', { name: /Open cart, 3 items/ }).click();
  await expect(shopper.getByRole('dialog').getByTestId('free-shipping')).toContainText('You get free shipping.');
  await checkout(shopper);
  await expect(summary.getByText('Free', { exact: true })).toBeVisible();
  await expect(summary.getByTestId('order-total')).toHaveText('$56.97');
  await shopper.context().close();
});
