import { type APIRequestContext, type Locator, request } from '@playwright/test';
import { createCode } from '../support/discounts.ts';
import { fillShipping, fillTestCard } from './support/checkout.ts';
import { ADMIN } from './support/sign-in.ts';
import { expect, test } from './support/test.ts';

/**
 * A shopper's discount code (issue "Grow the store", item 1): a shared link's code goes on the
 * checkout by itself; the shopper takes it off, is told why another code cannot be used, types it
 * again and pays the discounted total, which the confirmation shows. Desktop and phone.
 */
let owner: APIRequestContext;

test.beforeAll(async ({ baseURL }) => {
  owner = await request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL ?? '' } });
  const signIn = await owner.post('/api/admin/login', { data: ADMIN });
  expect(signIn.status()).toBe(200);
});
test.afterAll(async () => {
  await owner?.dispose();
});

/** The summary's discount line: its term and amount. */
const discountLine = (summary: Locator) => summary.locator('dl > div').filter({ hasText: /^Discount \(/ });

test('a shared link’s code is on the checkout, comes off, is explained when wrong, and is paid with', async ({ page }) => {
  test.setTimeout(60_000);
  const code = `SALT${test.info().project.name.toUpperCase()}${Date.now() % 100_000}`;
  // 10% codes of this run's own (each project makes its own).
  await createCode(owner, code);
  await createCode(owner, `${code}-BIG`, { minSubtotal: '500.00' });

  // The owner's link: /?code=…
  await page.goto(`/?code=${code.toLowerCase()}`);
  await page.goto('/product/6');
  await page.getByRole('button', { name: 'Add 3-Pack Bundle to Cart' }).click();
  await page.getByRole('button', { name: /Open cart, 1 item/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Checkout' }).click();
  await expect(page.getByRole('heading', { name: 'Shipping Information' })).toBeVisible();

  // 44.99 − 4.50 + 3.91.
  const summary = page.getByRole('region', { name: 'Order summary' });
  await expect(discountLine(summary)).toHaveText(`Discount (${code})−$4.50`);
  await expect(summary.getByTestId('order-total')).toHaveText('$44.40');
  await expect(summary.getByText(`Code ${code} applied`, { exact: true })).toBeVisible();
  await expect(summary.getByRole('status')).toHaveText(`Code ${code} applied: $4.50 off.`);

  await summary.getByRole('button', { name: `Remove code ${code}` }).click();
  await expect(summary.getByTestId('order-total')).toHaveText('$48.90');
  await expect(discountLine(summary)).toHaveCount(0);
  // The keyboard stays in the summary: on the way to enter another code.
  await expect(summary.getByRole('button', { name: 'Have a discount code?' })).toBeFocused();

  // A code below its minimum: the server's reason, next to the field.
  await summary.getByRole('button', { name: 'Have a discount code?' }).click();
  const field = summary.getByRole('textbox', { name: 'Discount code' });
  await expect(field).toBeFocused();
  await field.fill(`${code}-big`);
  await field.press('Enter');
  await expect(summary.getByRole('alert')).toHaveText('This code needs a subtotal of at least $500.00.');
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(summary.getByTestId('order-total')).toHaveText('$48.90');

  // Not the form of a code: said at once, nothing sent.
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/discount')) sent.push(r.url());
  });
  await field.fill('two words');
  await field.press('Enter');
  await expect(summary.getByRole('alert')).toHaveText('A code is 3 to 32 letters, digits, dashes or underscores');
  expect(sent).toEqual([]);

  await field.fill(code.toLowerCase());
  await summary.getByRole('button', { name: 'Apply' }).click();
  await expect(summary.getByTestId('order-total')).toHaveText('$44.40');
  await expect(summary.getByRole('alert')).toHaveCount(0);
  await expect(summary.getByRole('button', { name: `Remove code ${code}` })).toBeFocused();

  // Paid at the discounted total.
  await fillShipping(page);
  await expect(page.getByRole('heading', { name: 'Complete Your Order' })).toBeVisible();
  await fillTestCard(page);
  await page.getByRole('button', { name: 'Complete Purchase' }).click();
  await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible({ timeout: 15_000 });
  await expect(discountLine(page.getByRole('region', { name: 'Order summary' }))).toHaveText(`Discount (${code})−$4.50`);
  await expect(page.getByTestId('order-total')).toHaveText('$44.40');

  // The owner sees it used once.
  const codes = (await (await owner.get('/api/admin/discounts')).json()) as {
    code: string;
    redeemed: number;
    savedTotal: string;
  }[];
  expect(codes.find((c) => c.code === code)).toMatchObject({ redeemed: 1, savedTotal: '4.50' });
});
