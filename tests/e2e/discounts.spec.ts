import type { Locator, Page } from '@playwright/test';
import { createCode } from '../support/discounts.ts';
import { expect, test } from './support/test.ts';
import { signIn } from './support/sign-in.ts';

/**
 * The owner's discount codes (issue "Grow the store", item 1; docs/decisions/0040): the Discounts
 * tab lists them (a table on a wide screen, cards on a phone), creates, changes and deletes them in
 * dialogs a keyboard can work, says what the server refuses without losing the form, and an order
 * paid with a code shows it on its card.
 */

/** Two Single Bottles paid by card, with `code` on the checkout. */
async function buyWithCode(page: Page, email: string, code: string): Promise<void> {
  const sessionId = `session-${Date.now()}-${Math.random().toString(36).slice(2).padEnd(32, 'q').slice(0, 32)}`;
  const post = (url: string, data: unknown, headers?: Record<string, string>) => page.request.post(url, { data, headers });
  expect((await post('/api/cart', { sessionId, productId: 5, quantity: 2 })).ok()).toBe(true);
  const { checkoutUrl } = await (await post('/api/checkout', { sessionId })).json();
  const secret = decodeURIComponent(String(checkoutUrl).split('payment_intent=')[1] ?? '');
  const paymentIntentId = secret.split('_secret_')[0] ?? '';
  const applied = await post(
    `/api/checkout/${paymentIntentId}/discount`,
    { code: code.toLowerCase() },
    { 'x-session-id': sessionId },
  );
  expect(applied.status(), await applied.text()).toBe(200);
  const shipped = await post('/api/orders/shipping', {
    paymentIntentId,
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
  expect(shipped.ok(), await shipped.text()).toBe(true);
  const paid = await post('/api/payments/test/confirm', { paymentIntentId: secret, cardNumber: '4242424242424242' });
  expect((await paid.json()).status).toBe('succeeded');
}

test('the owner creates, changes and deletes codes, and is told what the store refuses', async ({ page, baseURL }, info) => {
  test.setTimeout(60_000);
  const phone = info.project.name === 'mobile';
  // Both projects share one store: each has codes of its own.
  const tag = `${phone ? 'M' : 'D'}${Date.now().toString(36).toUpperCase()}`;
  const spring = `SPRING-${tag}`;
  const taken = `TAKEN-${tag}`;
  const old = `OLD-${tag}`;
  await signIn(page);
  // Made through the API, as the dashboard makes them (signed in, from the store's origin).
  const origin = String(baseURL);
  await createCode(
    page.request,
    taken,
    { kind: 'fixed', value: '5.00', minSubtotal: '40.00', oncePerEmail: true, productIds: [5] },
    origin,
  );
  await createCode(page.request, old, { value: '20', endsOn: '2025-01-31', startsOn: '2025-01-01' }, origin);

  await page.getByRole('tab', { name: 'Discounts' }).click();
  await expect(page.getByText('Shoppers enter a code at checkout.')).toBeVisible();
  /** A code's row in the table, or its card on a phone: only one of the two is shown. */
  const entry = (code: string): Locator =>
    phone
      ? page.getByRole('listitem', { name: code, exact: true })
      : page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: code, exact: true }) });
  await expect(entry(taken)).toContainText('$5.00 off on Single Bottle');
  await expect(entry(taken)).toContainText('Subtotal $40.00 or more');
  await expect(entry(taken)).toContainText('Once per e-mail address');
  await expect(entry(old).getByTestId('discount-state')).toHaveText('Expired');
  await expect(entry(old)).toContainText('Jan 1 – 31, 2025');

  // A new 10% code with a usage limit: listed as live.
  await page.getByRole('button', { name: 'New Code' }).click();
  let dialog = page.getByRole('dialog', { name: 'New discount code' });
  await expect(dialog.getByRole('radio', { name: 'Percentage' })).toBeChecked();
  await dialog.getByLabel('Code').fill(spring.toLowerCase());
  await expect(dialog.getByLabel('Code')).toHaveValue(spring);
  await dialog.getByLabel('Percent off (%)').fill('10');
  await dialog.getByLabel('Usage limit').fill('50');
  await dialog.getByRole('button', { name: 'Create Code' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Code Created', { exact: true })).toBeVisible();
  await expect(entry(spring)).toContainText('10% off');
  await expect(entry(spring)).toContainText('0 of 50 used');
  await expect(entry(spring).getByTestId('discount-state')).toHaveText('Live');
  await page.screenshot({ path: info.outputPath('discounts-tab.png'), fullPage: true });

  // Edited: the dialog opens with its terms.
  await entry(spring)
    .getByRole('button', { name: `Edit ${spring}` })
    .click();
  dialog = page.getByRole('dialog', { name: `Edit code ${spring}` });
  await expect(dialog.getByLabel('Percent off (%)')).toHaveValue('10');
  await expect(dialog.getByLabel('Usage limit')).toHaveValue('50');
  await dialog.getByLabel('Percent off (%)').fill('15');
  await dialog.getByRole('checkbox', { name: 'Once per e-mail address' }).check();
  await dialog.getByRole('button', { name: 'Save Code' }).click();
  await expect(dialog).toBeHidden();
  await expect(entry(spring)).toContainText('15% off');
  await expect(entry(spring)).toContainText('Once per e-mail address');

  // A code that exists: the server's word in the dialog, which stays open with what was typed.
  await page.getByRole('button', { name: 'New Code' }).click();
  dialog = page.getByRole('dialog', { name: 'New discount code' });
  await dialog.getByLabel('Code').fill(taken.toLowerCase());
  await dialog.getByRole('radio', { name: 'Fixed amount' }).check();
  await dialog.getByLabel('Amount off ($)').fill('3.00');
  await dialog.getByRole('button', { name: 'Create Code' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(`The code ${taken} exists already`);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Amount off ($)')).toHaveValue('3.00');
  await page.screenshot({ path: info.outputPath('discount-dialog-refused.png') });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  // Deleted after a confirmation; the other codes stay.
  await entry(old)
    .getByRole('button', { name: `Delete ${old}` })
    .click();
  dialog = page.getByRole('dialog', { name: `Delete code ${old}?` });
  await dialog.getByRole('button', { name: 'Keep Code' }).click();
  await expect(dialog).toBeHidden();
  await expect(entry(old)).toBeVisible();
  await entry(old)
    .getByRole('button', { name: `Delete ${old}` })
    .click();
  await dialog.getByRole('button', { name: 'Delete Code' }).click();
  await expect(dialog).toBeHidden();
  await expect(entry(old)).toHaveCount(0);
  await expect(entry(spring)).toBeVisible();
  await expect(entry(taken)).toBeVisible();
});

test('the code dialogs work from the keyboard', async ({ page }) => {
  await signIn(page);
  await page.getByRole('tab', { name: 'Discounts' }).click();
  const open = page.getByRole('button', { name: 'New Code' });
  await open.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'New discount code' });
  await expect(dialog).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('discount-dialog.png') });

  // Tab goes round the dialog's controls and never leaves it.
  const focusInDialog = () => page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')));
  expect(await focusInDialog()).toBe(true);
  const seen = new Set<string>();
  for (let i = 0; i < 25; i += 1) {
    await page.keyboard.press('Tab');
    expect(await focusInDialog()).toBe(true);
    seen.add(
      await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? ''),
    );
  }
  expect(seen).toContain('Close');
  expect(seen).toContain('Create Code');
  // The kind is a radio group: the arrow keys choose.
  await dialog.getByRole('radio', { name: 'Percentage' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(dialog.getByRole('radio', { name: 'Fixed amount' })).toBeChecked();
  await expect(dialog.getByLabel('Amount off ($)')).toBeVisible();

  // Escape closes it, and the keyboard is back on "New Code".
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(open).toBeFocused();
});

test('an order paid with a code shows the code, what it took off and how it was paid', async ({ page, baseURL }, info) => {
  const code = `CARD15-${info.project.name === 'mobile' ? 'M' : 'D'}${Date.now().toString(36).toUpperCase()}`;
  const email = `robin.${Date.now()}@example.com`;
  await signIn(page);
  await createCode(page.request, code, { value: '15', usageLimit: 10 }, String(baseURL));
  await buyWithCode(page, email, code);

  await page.getByPlaceholder('Search by name, e-mail, payment ID or order number').fill(email);
  const card = page.getByRole('article').filter({ hasText: email });
  // 2 × $18.99 = $37.98, 15% off is $5.70.
  await expect(card.getByTestId('order-discount')).toHaveText(`Discount (${code}) −$5.70`);
  await expect(card).toContainText('Paid with Card');

  await page.getByRole('tab', { name: 'Discounts' }).click();
  const row =
    info.project.name === 'mobile'
      ? page.getByRole('listitem', { name: code, exact: true })
      : page.getByRole('row', { name: code });
  await expect(row).toContainText('1 of 10 used');
  await expect(row).toContainText('1 order');
  await expect(row).toContainText('$5.70 saved');
});
