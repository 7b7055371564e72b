import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { fillShipping } from './support/checkout.ts';
import { ADMIN } from './support/sign-in.ts';

/**
 * Units held in other shoppers' checkouts (docs/decisions/0019), as a shopper meets them: the
 * product page and the cart say how many are held and when they are back; a checkout that the
 * shelf cannot cover says why; the checkout page says until when the items are reserved.
 */

/** A product of its own with `inventory` units, made through the owner's API. */
async function newProduct(request: APIRequestContext, baseURL: string, inventory: number): Promise<number> {
  const headers = { origin: baseURL };
  expect((await request.post('/api/admin/login', { data: ADMIN, headers })).ok()).toBe(true);
  const res = await request.post('/api/admin/products', {
    headers,
    data: {
      name: `Travel Bottle ${Date.now()}`,
      description: 'A small bottle for the gym bag.',
      price: '12.00',
      imageUrl: '/api/product-images/single',
      isActive: true,
      inventory,
      displayOrder: 9,
    },
  });
  expect(res.ok()).toBe(true);
  return (await res.json()).id;
}

/** Another shopper, through the API, who starts a checkout for `quantity` units and leaves it open. */
async function holdElsewhere(request: APIRequestContext, productId: number, quantity: number): Promise<void> {
  const sessionId = `session-${Date.now()}-${'h'.repeat(20)}${Math.random().toString(36).slice(2, 14).padEnd(12, 'x')}`;
  expect((await request.post('/api/cart', { data: { sessionId, productId, quantity } })).ok()).toBe(true);
  expect((await request.post('/api/checkout', { data: { sessionId } })).status()).toBe(201);
}

/** An order paid with the test card, through the API. */
async function paidTestOrder(request: APIRequestContext, productId: number): Promise<void> {
  const sessionId = `session-${Date.now()}-${'p'.repeat(20)}${Math.random().toString(36).slice(2, 14).padEnd(12, 'x')}`;
  expect((await request.post('/api/cart', { data: { sessionId, productId, quantity: 1 } })).ok()).toBe(true);
  const { checkoutUrl } = await (await request.post('/api/checkout', { data: { sessionId } })).json();
  const secret = decodeURIComponent(String(checkoutUrl).split('payment_intent=')[1] ?? '');
  const paymentIntentId = secret.split('_secret_')[0] ?? '';
  const shipping = { paymentIntentId, email: 'paid@example.com', firstName: 'Sam', lastName: 'Reed', address: '1 Main St' };
  await request.post('/api/orders/shipping', {
    data: { ...shipping, city: 'Boise', state: 'ID', zip: '83702', country: 'US', ageConfirmed: true },
  });
  await request.post('/api/payments/test/confirm', { data: { paymentIntentId: secret, cardNumber: '4242424242424242' } });
  const done = await request.post('/api/orders/complete', { data: { paymentIntentId } });
  expect(done.ok()).toBe(true);
}

async function addToCart(page: Page, productId: number) {
  await page.goto(`/product/${productId}`);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Added to cart', { exact: true })).toBeVisible();
}

test('held units are named on the product page, in the cart and at checkout; the checkout page says until when', async ({
  page,
  baseURL,
}) => {
  const productId = await newProduct(page.request, baseURL ?? '', 4);
  await addToCart(page, productId);
  await addToCart(page, productId);

  await holdElsewhere(page.request, productId, 3);
  await page.goto(`/product/${productId}`);
  await expect(page.getByText('In Stock - Ready to Ship', { exact: true })).toBeVisible();
  await expect(
    page.getByText(/^3 more are in checkouts in progress: back by \d{1,2}:\d{2} (AM|PM) if not bought\.$/),
  ).toBeVisible();

  await page.getByRole('button', { name: /Open cart/ }).click();
  const line = page.getByTestId('cart-line-stock');
  await expect(line).toContainText('Only 1 left in stock');
  await expect(line).toContainText(/3 more are in other shoppers' checkouts: back by/);
  await page.getByRole('button', { name: 'Checkout' }).click();
  await expect(page.getByText('Checkout Error', { exact: true })).toBeVisible();
  await expect(
    page.getByText(
      /^Only 1 of Travel Bottle \d+ left in stock\. 3 more are in other shoppers' checkouts: back within \d+ minutes if not bought\.$/,
    ),
  ).toBeVisible();

  await page.getByRole('button', { name: 'Decrease quantity' }).click();
  await expect(line).toHaveCount(0);
  await page.getByRole('button', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout\?payment_intent=/);
  await expect(
    page.getByText(/^Your items are reserved for you until \d{1,2}:\d{2} (AM|PM) while this page is open\.$/),
  ).toBeVisible();
});

test('the owner sees test orders marked, outside the revenue, and open checkouts only under Pending', async ({
  page,
  baseURL,
}) => {
  const productId = await newProduct(page.request, baseURL ?? '', 10);
  await paidTestOrder(page.request, productId);
  await addToCart(page, productId);
  await page.getByRole('button', { name: /Open cart/ }).click();
  await page.getByRole('button', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout\?payment_intent=/);
  const email = `open.${Date.now()}@example.com`;
  await fillShipping(page, { Email: email });
  await expect(page.getByRole('heading', { name: 'Complete Your Order' })).toBeVisible();

  // Signed in already: newProduct() signed in with this browser's cookies.
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Order Management Dashboard' })).toBeVisible();
  await page.getByPlaceholder('Search by name, e-mail, payment ID or order number').fill(email);
  await expect(page.getByText(/^No orders (yet|match your filters)$/)).toBeVisible();
  await page.getByLabel('Filter orders').selectOption('pending');
  const card = page.getByRole('article').filter({ hasText: email });
  await expect(card).toHaveCount(1);
  await expect(card.getByTestId('order-status')).toHaveText('Pending');
  await expect(card).toContainText('Test order: test payments, no money taken');
  await expect(page.getByTestId('summary-total-revenue')).toHaveText('$0.00');
  await expect(page.getByTestId('summary-test-orders')).toContainText(
    /Not counted: \d+ test orders? \(\$[\d,.]+\) paid with test payments/,
  );
});
