import { expect, test } from './support/test.ts';

// A shopper's journeys through the storefront, in Chromium, at desktop and phone widths.

test('home lists both products; the 3-pack shows its saving computed from the prices', async ({ page }) => {
  await page.goto('/');
  const products = page.locator('#products');
  await expect(products.getByText('Single Bottle').first()).toBeVisible();
  await expect(products.getByText('Smelling Salts 3-Pack').first()).toBeVisible();
  await expect(products.getByText('$18.99').first()).toBeVisible();
  await expect(products.getByText('$44.99').first()).toBeVisible();
  await expect(products.getByText('$74.97').first()).toBeVisible();
  // (74.97 − 44.99) / 74.97 = 39.99 % → "Save 39%", never the spec's hard-coded 21 %.
  await expect(products.getByText('Save 39%').first()).toBeVisible();
  await expect(page.getByText('Save 21%')).toHaveCount(0);
});

test('add from a product card, change quantities in the drawer, and see correct totals', async ({ page }) => {
  await page.goto('/');
  const card = page.locator('#products article').filter({ hasText: 'Single Bottle' }).first();
  const decrease = card.getByRole('button', { name: 'Decrease quantity' });
  await expect(decrease).toBeDisabled();
  await card.getByRole('button', { name: 'Increase quantity' }).click();
  await expect(decrease).toBeEnabled();
  await card.getByRole('button', { name: /add to cart/i }).click();
  await expect(page.getByText('Added to cart').first()).toBeVisible();
  await expect(page.getByRole('button', { name: /Open cart, 2 items/ })).toBeVisible();

  await page.getByRole('button', { name: /Open cart/ }).click();
  const drawer = page.getByRole('dialog');
  await expect(drawer).toBeVisible();
  await expect(drawer.getByTestId('cart-total')).toHaveText('$37.98'); // 2 × 18.99
  await expect(drawer.locator('img[src*="single"]')).toHaveCount(1);
  await drawer.getByRole('button', { name: 'Increase quantity' }).click();
  await expect(drawer.getByTestId('cart-total')).toHaveText('$56.97'); // 3 × 18.99, no float drift
  // Three or more bottles are pictured as the three-bottle image.
  await expect(drawer.locator('img[src*="3-pack"]')).toHaveCount(1);
  await drawer.getByRole('button', { name: 'Remove item' }).click();
  await expect(page.getByText('Removed from cart').first()).toBeVisible();
  await expect(drawer.getByText(/cart is empty/i)).toBeVisible();
  await drawer.getByRole('button', { name: 'Close' }).first().click();
  await expect(drawer).toBeHidden();
});

test('the product page adds one bottle, or one 3-pack bundle, and the cart survives a reload', async ({ page }) => {
  await page.goto('/product/5');
  await expect(page.getByRole('heading', { level: 1, name: 'Single Bottle' })).toBeVisible();
  await expect(page.getByText('In Stock - Ready to Ship')).toBeVisible();
  await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
  await expect(page.getByRole('button', { name: /Open cart, 1 item/ })).toBeVisible();

  await page.goto('/product/6');
  await expect(page.getByRole('heading', { level: 1, name: 'Smelling Salts 3-Pack' })).toBeVisible();
  await page.getByRole('button', { name: 'Add 3-Pack Bundle to Cart' }).click();
  await expect(page.getByRole('button', { name: /Open cart, 2 items/ })).toBeVisible();

  await page.reload();
  await page.getByRole('button', { name: /Open cart, 2 items/ }).click();
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByTestId('cart-total')).toHaveText('$63.98'); // 18.99 + 44.99
  // The bundle line shows the three-bottle picture.
  await expect(drawer.locator('img[src*="3-pack"]')).toHaveCount(1);
  // Backdrop click closes the drawer.
  await page.mouse.click(5, 400);
  await expect(drawer).toBeHidden();
});

test('an unknown product and an unknown page say so', async ({ page }) => {
  await page.goto('/product/9999');
  await expect(page.getByText('Product Not Found')).toBeVisible();
  await expect(page.getByText("The product you're looking for doesn't exist.")).toBeVisible();
  await page
    .getByRole('button', { name: 'Back to Home' })
    .or(page.getByRole('link', { name: 'Back to Home' }))
    .click();
  await expect(page).toHaveURL(/\/$/);

  const res = await page.goto('/definitely-not-here');
  expect(res?.status()).toBe(404);
  await expect(page.getByText('404 Page Not Found')).toBeVisible();
});

test('the FAQ lets several answers be open at once', async ({ page }) => {
  await page.goto('/');
  const items = page.locator('#faq details');
  await expect(items).toHaveCount(6);
  await items.nth(0).locator('summary').click();
  await items.nth(1).locator('summary').click();
  await expect(items.nth(0)).toHaveAttribute('open', '');
  await expect(items.nth(1)).toHaveAttribute('open', '');
});

test('pages hydrate without errors and client-side navigation loads each page', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));

  await page.goto('/');
  const card = page.locator('#products article').filter({ hasText: 'Single Bottle' }).first();
  // The quantity selector only responds once React has hydrated the server's HTML.
  await card.getByRole('button', { name: 'Increase quantity' }).click();
  await expect(card.getByText('2', { exact: true })).toBeVisible();

  // To the product page without a page load: its chunk arrives and it renders.
  await card.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/product\/5$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Single Bottle' })).toBeVisible();
  await expect(page).toHaveTitle(/Single Bottle/);
  await page.getByRole('button', { name: /Back to Products/i }).click();
  await expect(page.locator('#products').getByText('Smelling Salts 3-Pack').first()).toBeVisible();

  // And a first load of the product page hydrates just as cleanly.
  await page.goto('/product/6');
  await page.getByRole('button', { name: 'Add 3-Pack Bundle to Cart' }).click();
  await expect(page.getByRole('button', { name: /Open cart, 1 item/ })).toBeVisible();
  expect(errors).toEqual([]);
});

test('adding shows ADDING... while the request runs, and a failure says so in a toast', async ({ page }) => {
  await page.goto('/product/5');
  let release!: () => void;
  const held = new Promise<void>((r) => {
    release = r;
  });
  await page.route('**/api/cart', async (route) => {
    await held;
    await route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Internal server error"}' });
  });
  await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
  await expect(page.getByRole('button', { name: 'ADDING...' })).toBeDisabled();
  release();
  await expect(page.getByText('Failed to add item to cart. Please try again.', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add to Cart', exact: true })).toBeEnabled();
});

test("a refused add shows the server's reason: no more than 99 of an item", async ({ page }) => {
  await page.goto('/product/5');
  await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
  await expect(page.getByRole('button', { name: /Open cart, 1 item/ })).toBeVisible();
  // Fill the line up to the limit through the API, as another tab of the same shopper would.
  const status = await page.evaluate(async () => {
    const sessionId = localStorage.getItem('cart_session_id');
    const res = await fetch('/api/cart', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ sessionId, productId: 5, quantity: 98 }),
    });
    return res.status;
  });
  expect(status).toBe(201);
  await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
  await expect(page.getByText('You can have at most 99 of this item in your cart', { exact: true })).toBeVisible();
});
