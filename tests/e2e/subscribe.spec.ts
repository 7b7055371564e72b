import { expect, test } from './support/test.ts';
import { fillShipping, fillTestCard } from './support/checkout.ts';

/** Subscribe and save (docs/decisions/0052): the shopper chooses it on the product page, agrees to its terms at checkout, and pays. */
test('a shopper subscribes to the Single Bottle every 6 weeks at 10 % off, agrees to the terms and pays with the test card', async ({
  page,
}) => {
  await page.goto('/product/5');
  const once = page.getByRole('radio', { name: /^One-time/ });
  const subscribe = page.getByRole('radio', { name: /^Subscribe and save 10 %/ });
  await expect(once).toBeChecked();
  await expect(subscribe).not.toBeChecked();
  // Keyboard: from One-time, the arrow key moves to Subscribe and save.
  await once.focus();
  await page.keyboard.press('ArrowDown');
  await expect(subscribe).toBeChecked();
  await page.getByLabel('How often').selectOption('6');
  const terms = page.getByTestId('subscribe-terms');
  await expect(terms).toContainText('$17.09 (10 % off)');
  await expect(terms).toContainText('every 6 weeks until you cancel');
  await expect(terms).toContainText('Cancel any time from the link in every e-mail or your subscription page.');
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByRole('button', { name: /Open cart, 1 item/ })).toBeVisible();

  await page.getByRole('button', { name: /Open cart/ }).click();
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByTestId('cart-line-subscription')).toHaveText('Every 6 weeks, 10 % off');
  await expect(drawer.getByText('$17.09 each')).toBeVisible();
  // The cart's delivery choice shows the line's interval; the shopper could switch it to one-time here.
  await expect(drawer.getByRole('combobox', { name: 'Delivery' })).toHaveValue('6');
  await page.screenshot({ path: test.info().outputPath('cart-delivery.png') });
  await drawer.getByRole('button', { name: 'Checkout' }).click();
  await expect(page.getByRole('heading', { name: 'Shipping Information' })).toBeVisible();
  // 17.09 + 3.91 shipping.
  await expect(page.getByTestId('order-total')).toHaveText('$21.00');

  // The terms beside an unticked box; continuing without it is refused beside the box.
  const box = page.getByRole('checkbox', { name: 'I agree to these subscription terms and to the automatic renewal charges.' });
  await expect(page.getByTestId('subscription-terms')).toContainText('$17.09 (10 % off) plus shipping and tax');
  await expect(box).not.toBeChecked();
  await fillShipping(page);
  await expect(box).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('heading', { name: 'Complete Your Order' })).toHaveCount(0);
  await box.check();
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page.getByRole('heading', { name: 'Complete Your Order' })).toBeVisible();

  await fillTestCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Complete Purchase' }).click();
  await expect(page).toHaveURL(/\/order-confirmation$/, { timeout: 10_000 });
  await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible();
  await expect(page.getByTestId('order-total')).toHaveText('$21.00');
});

test('the subscribe choice answers the keyboard as soon as the page has hydrated, however late the scripts outside its first load arrive', async ({
  page,
}) => {
  // The scripts the page names in its HTML are its first load; any other is held back three seconds.
  const html = await (await page.request.get('/product/5')).text();
  const firstLoad = new Set(html.match(/\/assets\/[^"']+\.js/g) ?? []);
  await page.route('**/assets/*.js', async (route) => {
    if (!firstLoad.has(new URL(route.request().url()).pathname)) await new Promise((r) => setTimeout(r, 3000));
    await route.continue();
  });
  await page.goto('/product/5');
  await page.getByRole('radio', { name: /^One-time/ }).focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('radio', { name: /^Subscribe and save 10 %/ })).toBeChecked();
  await expect(page.getByLabel('How often')).toBeVisible({ timeout: 1500 });
});
