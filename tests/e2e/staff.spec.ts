import type { Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { signIn } from './support/sign-in.ts';

/**
 * Staff with roles (docs/decisions/0057): the owner invites a packer, the packer sets a password
 * from the link, signs in, sees the Orders tab without Refund and prints a label; the owner reads
 * who did it in the Activity view. With SHOTS_DIR set, the pages are photographed there.
 */

const shot = async (page: Page, name: string) => {
  const dir = process.env.SHOTS_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${name}-${test.info().project.name}.png`, fullPage: true });
};

async function placeOrder(page: Page, email: string): Promise<void> {
  const sessionId = `session-${Date.now()}-${Math.random().toString(36).slice(2).padEnd(32, 'q').slice(0, 32)}`;
  const post = (url: string, data: unknown) => page.request.post(url, { data });
  expect((await post('/api/cart', { sessionId, productId: 5, quantity: 1 })).ok()).toBe(true);
  const { checkoutUrl } = await (await post('/api/checkout', { sessionId })).json();
  const secret = decodeURIComponent(String(checkoutUrl).split('payment_intent=')[1] ?? '');
  await post('/api/orders/shipping', {
    paymentIntentId: secret.split('_secret_')[0],
    ageConfirmed: true,
    email,
    firstName: 'Robin',
    lastName: 'Stone',
    phone: '5550100123',
    address: '9 Anvil Road',
    city: 'Denver',
    state: 'CO',
    zip: '80202',
    country: 'US',
  });
  const paid = await (
    await post('/api/payments/test/confirm', { paymentIntentId: secret, cardNumber: '4242424242424242' })
  ).json();
  expect(paid.status).toBe('succeeded');
}

test('the owner invites a packer who sets a password, prints a label without seeing Refund; the owner reads it in Activity', async ({
  page,
  browser,
}) => {
  const packerName = `packer${Date.now().toString(36)}`;
  const email = `robin.${Date.now()}@example.com`;
  await placeOrder(page, email);

  await signIn(page);
  await page.getByRole('tab', { name: 'Staff' }).click();
  await page.getByLabel('Username').fill(packerName);
  await page.getByLabel('Role', { exact: true }).first().selectOption('fulfilment');
  await page.getByRole('button', { name: 'Invite' }).click();
  const link = await page.getByLabel(`Set-password link for ${packerName}`).inputValue();
  expect(link).toMatch(/\/admin\/set-password\?token=/);
  await expect(page.getByRole('listitem').filter({ hasText: packerName })).toContainText('Invited: has not set a password yet');
  await shot(page, 'staff-tab');

  const packerContext = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  const packer = await packerContext.newPage();
  await packer.goto(link);
  await expect(packer.getByRole('heading', { name: 'Choose your password' })).toBeVisible();
  await packer.getByLabel('New password').fill('short');
  await packer.getByLabel('The same password again').fill('short');
  await packer.getByRole('button', { name: 'Set Password' }).click();
  await expect(packer.getByText('Use at least 10 characters.')).toBeVisible();
  await shot(packer, 'set-password');
  await packer.getByLabel('New password').fill('packing-tape-dispenser');
  await packer.getByLabel('The same password again').fill('packing-tape-dispenser');
  await packer.getByRole('button', { name: 'Set Password' }).click();
  await expect(packer.getByText(`Sign in as ${packerName}.`)).toBeVisible();
  await packer.getByRole('link', { name: 'Go to Sign In' }).click();
  await packer.getByLabel('Username').fill(packerName);
  await packer.getByLabel('Password').fill('packing-tape-dispenser');
  await packer.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(packer.getByRole('heading', { name: 'Order Management Dashboard' })).toBeVisible({ timeout: 10_000 });
  await expect(packer.getByText(`Signed in as ${packerName} (fulfilment)`)).toBeVisible();
  for (const hidden of ['Customers', 'Discounts', 'Analytics', 'Settings', 'Staff', 'Activity']) {
    await expect(packer.getByRole('tab', { name: hidden, exact: true })).toHaveCount(0);
  }
  await packer.getByPlaceholder('Search by name, e-mail, payment ID or order number').fill(email);
  const card = packer.getByRole('article').filter({ hasText: email });
  await expect(card).toHaveCount(1);
  await expect(card.getByRole('button', { name: 'Refund' })).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Cancel Order' })).toHaveCount(0);
  await expect(packer.getByRole('form', { name: 'Export orders' })).toHaveCount(0);
  await card.getByRole('button', { name: 'Print Label' }).click();
  await expect(packer.getByText('Label Created', { exact: true })).toBeVisible();
  await expect(card).toContainText(/IW\d{18}/);
  await shot(packer, 'packer-orders');
  await packerContext.close();

  await page.getByRole('tab', { name: 'Activity' }).click();
  await page.getByLabel('Who (username)').fill(packerName);
  await page.getByRole('button', { name: 'Show' }).click();
  const entries = page.getByRole('list', { name: 'Activity, newest first' }).getByRole('listitem');
  await expect(entries.first()).toContainText(/label bought for order \d+/);
  await expect(entries.first()).toContainText(packerName);
  await page.getByLabel('Who (username)').fill('');
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(entries.filter({ hasText: `${packerName} invited as fulfilment` })).toHaveCount(1);
  await shot(page, 'activity');
});
