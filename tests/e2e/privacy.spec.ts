import { fillTestCard, textbox } from './support/checkout.ts';
import { signIn } from './support/sign-in.ts';
import { expect, test } from './support/test.ts';

/**
 * Selling lawfully (issue "Sell it lawfully", items 3 and 5): the buyer confirms their age at the
 * shipping step and may ask for news and offers; the owner downloads what the store holds about a
 * customer and erases it from the Customers tab, by keyboard.
 */
test('a shopper confirms their age to check out; the owner downloads and erases their data', async ({ page }, info) => {
  test.setTimeout(90_000);
  const email = `ada.${Date.now()}@example.com`;
  const shot = (name: string) => page.screenshot({ path: info.outputPath(`${name}.png`), fullPage: true });

  await page.goto('/product/5');
  await expect(page.getByText('For adults 18+ only: you confirm your age at checkout')).toBeVisible();
  await shot('product-age');
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByRole('button', { name: /Open cart, 1 item/ })).toBeVisible();
  await page.getByRole('button', { name: /Open cart/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Checkout' }).click();
  await expect(page.getByRole('heading', { name: 'Shipping Information' })).toBeVisible();

  // Both boxes start unticked; without the age box the step is refused, with the reason beside it.
  const age = page.getByRole('checkbox', { name: 'I confirm I am 18 or older' });
  const news = page.getByRole('checkbox', { name: 'E-mail me news and offers' });
  await expect(age).not.toBeChecked();
  await expect(news).not.toBeChecked();
  for (const [label, value] of Object.entries({
    Email: email,
    'First Name': 'Ada',
    'Last Name': 'Byrne',
    Address: '7 Chalk Street',
    City: 'Akron',
    State: 'OH',
    'ZIP Code': '44308',
  })) {
    await textbox(page, label).fill(value);
  }
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(age).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Please confirm you are 18 or older.', { exact: false }).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Shipping Information' })).toBeVisible();
  await shot('checkout-age-refused');
  // By keyboard: the boxes are reached with Tab and ticked with Space.
  await age.focus();
  await page.keyboard.press('Space');
  await news.focus();
  await page.keyboard.press('Space');
  await expect(age).toBeChecked();
  await expect(news).toBeChecked();
  await shot('checkout-boxes-ticked');
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page.getByRole('heading', { name: 'Complete Your Order' })).toBeVisible();
  await fillTestCard(page);
  await page.getByRole('button', { name: 'Complete Purchase' }).click();
  await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible({ timeout: 10_000 });

  // The owner: the customer's consent in the list, their data in one click, their erasure in two.
  await signIn(page);
  await page.getByRole('tab', { name: 'Customers' }).click();
  await page.getByLabel('Search customers').fill(email);
  const customer = page
    .getByRole('list', { name: 'Customers' })
    .getByRole('button', { name: new RegExp(email.replaceAll('.', '\\.')) });
  await expect(customer).toContainText('News: yes');
  await customer.click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download data' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^customer-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(Buffer.concat(await (await download.createReadStream()).toArray()).toString());
  expect(data.orders).toHaveLength(1);
  expect(data.orders[0]).toMatchObject({ email, firstName: 'Ada', shipTo: { address: '7 Chalk Street', zip: '44308' } });
  expect(data.consents.map((c: { text: string }) => c.text).sort()).toEqual([
    'E-mail me news and offers',
    'I confirm I am 18 or older',
  ]);
  await shot('customers-privacy-actions');

  // "Erase…" by keyboard: Escape keeps the customer and gives the keyboard back to the button.
  const eraseButton = page.getByRole('button', { name: 'Erase…' }).last();
  await eraseButton.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: `Erase ${email}?` });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Amounts, refunds, dates, state and ZIP stay');
  await shot('erase-dialog');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(eraseButton).toBeFocused();
  await page.keyboard.press('Enter');
  await dialog.getByRole('button', { name: 'Erase Customer' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Customer Erased', { exact: true })).toBeVisible();
  await expect(dialog).toHaveCount(0);
  // The order is paid and not yet shipped: it keeps the address it must ship to, and the owner is told.
  await expect(page.getByText(`Orders #${data.orders[0].id} are not finished yet`, { exact: false }).first()).toBeVisible();
  await shot('customers-erase-kept');
  const shipped = await page.request.put(`/api/orders/${data.orders[0].id}/status`, {
    data: { status: 'shipped' },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(shipped.status()).toBe(200);
  await page.getByRole('button', { name: 'Erase…' }).last().click();
  await dialog.getByRole('button', { name: 'Erase Customer' }).click();
  await expect(page.getByText('Nothing the store holds names this address any more.').first()).toBeVisible();
  // The customer has no address left to be listed by; the order keeps its money, under no name.
  await expect(page.getByRole('list', { name: 'Customers' })).toHaveCount(0);
  const after = await (await page.request.get(`/api/admin/customers/data?email=${encodeURIComponent(email)}`)).json();
  expect(after.orders).toEqual([]);
  expect(after.erasures).toHaveLength(2);
  await shot('customers-after-erase');
});

test('the Terms and the privacy page say the age and the rights', async ({ page }, info) => {
  await page.goto('/terms');
  await expect(page.getByText('You must be at least 18 years old to buy from us', { exact: false })).toBeVisible();
  await page.screenshot({ path: info.outputPath('terms.png'), fullPage: true });
  await page.goto('/privacy');
  await expect(page.getByRole('heading', { name: 'Your rights: a copy of your data, or its deletion' })).toBeVisible();
  await expect(page.getByText('If your browser sends Global Privacy Control', { exact: false })).toBeVisible();
  await page.screenshot({ path: info.outputPath('privacy.png'), fullPage: true });
});
