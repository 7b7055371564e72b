import type { Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { fillShipping, fillTestCard } from './support/checkout.ts';

async function addAndCheckout(page: Page) {
  await page.goto('/');
  const card = page.locator('#products article').filter({ hasText: 'Single Bottle' }).first();
  await card.getByRole('button', { name: 'Increase quantity' }).click();
  await card.getByRole('button', { name: /add to cart/i }).click();
  await expect(page.getByRole('button', { name: /Open cart, 2 items/ })).toBeVisible();
  await page.goto('/product/6');
  await page.getByRole('button', { name: 'Add 3-Pack Bundle to Cart' }).click();
  await expect(page.getByRole('button', { name: /Open cart, 3 items/ })).toBeVisible();
  await page.getByRole('button', { name: /Open cart/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout\?payment_intent=pi_[A-Za-z0-9]+_secret_[A-Za-z0-9]+$/);
  await expect(page.getByRole('heading', { name: 'Shipping Information' })).toBeVisible();
}

/** Step 1 refuses empty required fields, then takes the shopper's details. */
async function shipping(page: Page) {
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page.getByText('Missing Information', { exact: true })).toBeVisible();
  await expect(page.getByText('Required', { exact: true })).toHaveCount(7);
  await fillShipping(page);
  await expect(page.getByRole('heading', { name: 'Complete Your Order' })).toBeVisible();
}

async function payWith(page: Page, cardNumber: string) {
  await expect(page.getByRole('heading', { name: 'Test card' })).toBeVisible();
  await fillTestCard(page, cardNumber);
  await page.getByRole('button', { name: 'Complete Purchase' }).click();
}

test('a shopper buys both products with the test card and sees the confirmed order, also after a reload and on another device', async ({
  page,
  browser,
}) => {
  await addAndCheckout(page);
  // The order's real items and total: 2 × 18.99 + 44.99 + 3.91 shipping.
  await expect(page.getByTestId('order-total')).toHaveText('$86.88');
  await shipping(page);
  await expect(page.getByLabel('Shipping to')).toContainText('12 Iron Way');
  await payWith(page, '4242 4242 4242 4242');
  await expect(page.getByText('Payment Successful', { exact: true })).toBeVisible();
  // The payment id does not stay in the address, where marketing tags would read it (ADR 0018).
  await expect(page).toHaveURL(/\/order-confirmation$/, { timeout: 10_000 });
  await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible();
  await expect(page.getByText('dana@example.com')).toBeVisible();
  await expect(page.getByText(/Order ID: #\d+/)).toBeVisible();
  await expect(page.getByText('Single Bottle')).toBeVisible();
  await expect(page.getByText('Smelling Salts 3-Pack')).toBeVisible();
  await expect(page.getByTestId('order-total')).toHaveText('$86.88');
  await expect(page.getByText('Standard Shipping (3-5 business days)')).toBeVisible();
  // The cart was emptied by the paid order.
  await expect(page.getByRole('button', { name: /Open cart, 0 items/ })).toBeVisible();
  const saved = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('order_pi_')));
  expect(saved).toHaveLength(1);
  const orderId = await page.getByText(/^Order ID: #\d+$/).textContent();

  // A reload shows the same order, from the saved summary (with the e-mail).
  await page.reload();
  await expect(page.getByText(orderId ?? '')).toBeVisible();
  await expect(page.getByText('dana@example.com')).toBeVisible();
  await expect(page.getByTestId('order-total')).toHaveText('$86.88');

  // The confirmation link on another device: the server's summary, without the e-mail or address.
  const device = await browser.newContext({ baseURL: new URL(page.url()).origin });
  try {
    const other = await device.newPage();
    const paymentIntentId = saved[0]?.slice('order_'.length) ?? '';
    await other.goto(`/order-confirmation?payment_intent=${paymentIntentId}`);
    await expect(other.getByText(orderId ?? '')).toBeVisible({ timeout: 10_000 });
    await expect(other.getByTestId('order-total')).toHaveText('$86.88');
    await expect(other.getByText('A confirmation e-mail is on its way to you.')).toBeVisible();
    await expect(other.getByText('dana@example.com')).toHaveCount(0);
    await expect(other).toHaveURL(/\/order-confirmation$/);
    // An unknown payment id finds nothing.
    await other.goto('/order-confirmation?payment_intent=pi_unknown00000000');
    await expect(other.getByRole('heading', { name: 'Order not found' })).toBeVisible({ timeout: 10_000 });
    await other.goto('/order-confirmation');
    await expect(other.getByRole('heading', { name: 'Order not found' })).toBeVisible({ timeout: 10_000 });
  } finally {
    await device.close();
  }
});

test('a declined card leaves the order unpaid and says why; another card then pays it', async ({ page }) => {
  await addAndCheckout(page);
  await shipping(page);
  await payWith(page, '4000 0000 0000 0002');
  await expect(page.getByText('Payment Failed', { exact: true })).toBeVisible();
  await expect(page.getByText('Your card was declined.', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/checkout\?/);
  await page.getByRole('textbox', { name: 'Card number', exact: true }).fill('4242424242424242');
  await page.getByRole('button', { name: 'Complete Purchase' }).click();
  await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible({ timeout: 10_000 });
});

test('checkout without payment information says so and leads back to the store', async ({ page }) => {
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { name: 'Checkout Error' })).toBeVisible();
  await expect(page.getByText('No payment information found')).toBeVisible();
  await page.getByRole('button', { name: 'Return to Store' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('an empty cart cannot check out', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => localStorage.setItem('cart_session_id', 'session-1790000000000-abcdefghijklmnopqrstuvwxyzABCDEF'));
  const res = await page.request.post('/api/checkout', {
    data: { sessionId: 'session-1790000000000-abcdefghijklmnopqrstuvwxyzABCDEF' },
  });
  expect(res.status()).toBe(400);
  expect((await res.json()).message).toBe('Your cart is empty');
});
