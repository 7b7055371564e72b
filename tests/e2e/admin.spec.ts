import type { Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { ADMIN, signIn } from './support/sign-in.ts';
import sharp from 'sharp';

/** The owner's journeys through the dashboard (docs/product.md §2 "Admin sign-in", "Admin dashboard"). */

async function placeOrder(page: Page, email: string): Promise<string> {
  const sessionId = `session-${Date.now()}-${Math.random().toString(36).slice(2).padEnd(32, 'q').slice(0, 32)}`;
  const post = (url: string, data: unknown) => page.request.post(url, { data });
  expect((await post('/api/cart', { sessionId, productId: 5, quantity: 2 })).ok()).toBe(true);
  const { checkoutUrl } = await (await post('/api/checkout', { sessionId })).json();
  const secret = decodeURIComponent(String(checkoutUrl).split('payment_intent=')[1] ?? '');
  const paymentIntentId = secret.split('_secret_')[0] ?? '';
  await post('/api/orders/shipping', {
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
  expect(
    (await (await post('/api/payments/test/confirm', { paymentIntentId: secret, cardNumber: '4242424242424242' })).json()).status,
  ).toBe('succeeded');
  return paymentIntentId;
}

test('sign-in refuses empty and wrong credentials, then lets the owner in; logout ends the session', async ({ page }) => {
  await page.goto('/admin/login');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText('Missing Credentials', { exact: true })).toBeVisible();
  await expect(page.getByText('Please enter both username and password', { exact: true })).toBeVisible();

  await page.getByLabel('Username').fill(ADMIN.username);
  await page.getByLabel('Password').fill('wrong-password-here');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText('Login Failed', { exact: true })).toBeVisible();
  await expect(page.getByText('Invalid username or password', { exact: true })).toBeVisible();

  await signIn(page);
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expect(page.getByText('Authentication Required', { exact: true })).toBeVisible();
});

test('the owner finds an order by e-mail and marks it shipped', async ({ page }) => {
  const email = `robin.${Date.now()}@example.com`;
  const paymentIntentId = await placeOrder(page, email);
  await signIn(page);
  await page.getByPlaceholder('Search by name, e-mail, payment ID or order number').fill(email.toUpperCase());
  const card = page.getByRole('article').filter({ hasText: email });
  await expect(card).toHaveCount(1);
  await expect(card.getByRole('heading', { name: `Order ${paymentIntentId.slice(-8)}` })).toBeVisible();
  await expect(card).toContainText('+1-555-010-0123');
  await expect(card).toContainText('Total $41.89');
  await expect(card.getByTestId('order-status')).toHaveText('Paid');

  await card.getByLabel('Mark as Shipped').check();
  await expect(page.getByText('Order Updated', { exact: true })).toBeVisible();
  await expect(card.getByTestId('order-status')).toHaveText('Shipped');
  await expect(card.getByLabel('Status')).toHaveValue('shipped');

  await page.getByLabel('Filter orders').selectOption('pending');
  await expect(page.getByText('No orders match your filters', { exact: true })).toBeVisible();
});

test('the owner finds an order by its number, reads its history and adds a note', async ({ page }) => {
  const email = `history.${Date.now()}@example.com`;
  const paymentIntentId = await placeOrder(page, email);
  const order = await (await page.request.get(`/api/orders/confirmation/${paymentIntentId}`)).json();
  await signIn(page);
  await page.getByPlaceholder('Search by name, e-mail, payment ID or order number').fill(`#${order.orderId}`);
  const card = page.getByRole('article').filter({ hasText: email });
  await expect(card).toHaveCount(1);
  await expect(page.getByRole('article')).toHaveCount(1);

  await card.getByRole('button', { name: 'History & Notes' }).click();
  const history = card.getByRole('region', { name: `History of order #${order.orderId}` });
  await expect(history).toContainText('Checkout started: 2 items, $41.89');
  await expect(history).toContainText('Shipping details saved: Denver, CO');
  await expect(history).toContainText('Paid $41.89 with a test payment (no money taken)');

  await history.getByLabel('Add a note (only you see it)').fill('Called: leave it with the neighbour at no. 11.');
  await history.getByRole('button', { name: 'Add Note' }).click();
  await expect(history.getByText('Called: leave it with the neighbour at no. 11.')).toBeVisible();
  await expect(history.getByLabel('Add a note (only you see it)')).toHaveValue('');
  await expect(history.locator('li').last()).toContainText('owner');
  await page.screenshot({ path: test.info().outputPath('order-history.png'), fullPage: true });

  await card.getByLabel('Mark as Shipped').check();
  await expect(history).toContainText('Status changed from paid to shipped');

  // The accountant's CSV: today's orders, as the browser downloads it.
  const today = new Date().toISOString().slice(0, 10);
  const exportForm = page.getByRole('form', { name: 'Export orders' });
  await exportForm.getByLabel('From').fill(today);
  await exportForm.getByLabel('To').fill(today);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    exportForm.getByRole('link', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`orders-${today}-to-${today}.csv`);
  const csv = await (await download.createReadStream()).toArray();
  expect(Buffer.concat(csv).toString()).toContain(email);
  await card.getByRole('button', { name: 'Hide History' }).click();
  await expect(history).toHaveCount(0);
});

test('the owner refunds a line back into stock, then cancels the order: refunded in full', async ({ page }) => {
  const email = `refund.${Date.now()}@example.com`;
  const paymentIntentId = await placeOrder(page, email);
  const order = await (await page.request.get(`/api/orders/confirmation/${paymentIntentId}`)).json();
  const stock = async () => (await (await page.request.get('/api/products/5')).json()).inventory as number;
  const before = await stock();
  await signIn(page);
  // The search's answer first: the list it replaces would take an open dialog with it.
  await Promise.all([
    page.waitForResponse((r) => r.url().includes('/api/orders?') && r.url().includes('q=')),
    page.getByPlaceholder('Search by name, e-mail, payment ID or order number').fill(`#${order.orderId}`),
  ]);
  const card = page.getByRole('article').filter({ hasText: email });
  await expect(card).toHaveCount(1);
  await expect(page.getByRole('article')).toHaveCount(1);

  await card.getByRole('button', { name: 'Refund' }).click();
  const dialog = page.getByRole('dialog', { name: `Refund order` });
  await expect(dialog).toContainText('up to $41.89 can be refunded');
  await dialog.getByLabel(/^Refund of .+ \(0–2\)$/).fill('1');
  await expect(dialog.getByLabel('Put back in stock')).toBeChecked();
  await dialog.getByLabel('Reason (optional)').fill('One bottle arrived cracked');
  await page.screenshot({ path: test.info().outputPath('refund-dialog.png') });
  await dialog.getByRole('button', { name: 'Refund $18.99' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText(`$18.99 refunded on order #${order.orderId}.`, { exact: true }).first()).toBeVisible();
  await expect(card.getByTestId('order-refunded')).toHaveText('Refunded $18.99 · net $22.90');
  expect(await stock()).toBe(before + 1);

  await card.getByRole('button', { name: 'History & Notes' }).click();
  const history = card.getByRole('region', { name: `History of order #${order.orderId}` });
  await expect(history).toContainText('Refunded $18.99 for 1 ×');
  await expect(history).toContainText('(One bottle arrived cracked); put back in stock: 1 ×');

  await card.getByRole('button', { name: 'Cancel Order' }).click();
  const confirm = page.getByRole('dialog', { name: `Cancel order` });
  await expect(confirm).toContainText('$22.90 is refunded to the customer’s card');
  // The dialog is usable by keyboard: Escape keeps the order.
  await page.keyboard.press('Escape');
  await expect(confirm).toHaveCount(0);
  await card.getByRole('button', { name: 'Cancel Order' }).click();
  await page.screenshot({ path: test.info().outputPath('cancel-dialog.png') });
  await confirm.getByRole('button', { name: 'Cancel Order' }).click();
  await expect(card.getByTestId('order-status')).toHaveText('Cancelled');
  await expect(card.getByTestId('order-refunded')).toHaveText('Refunded $41.89');
  await expect(history).toContainText('Order cancelled');
  expect(await stock()).toBe(before + 2);
  await expect(card.getByRole('button', { name: 'Refund' })).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Cancel Order' })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('order-cancelled.png'), fullPage: true });
});

test('the owner finds a customer, sees their orders, opens one and exports the customers', async ({ page }) => {
  const stamp = Date.now();
  const email = `kit.${stamp}@example.com`;
  await placeOrder(page, email);
  const second = await placeOrder(page, email.toUpperCase());
  const latest = await (await page.request.get(`/api/orders/confirmation/${second}`)).json();
  await signIn(page);
  await page.getByRole('tab', { name: 'Customers' }).click();
  await page.getByLabel('Search customers').fill(`KIT.${stamp}`);
  const customers = page.getByRole('list', { name: 'Customers' });
  await expect(customers.getByRole('listitem')).toHaveCount(1);
  const customer = customers.getByRole('button', { name: new RegExp(email.replaceAll('.', '\\.')) });
  await expect(customer).toContainText('Robin Stone');
  await expect(customer).toContainText('2 orders');
  await expect(customer).toContainText('$83.78 spent');
  await expect(customer).toContainText('Test only');
  await expect(customer).toHaveAttribute('aria-expanded', 'false');

  // By keyboard: the customer opens to their orders, newest first.
  await customer.focus();
  await page.keyboard.press('Enter');
  await expect(customer).toHaveAttribute('aria-expanded', 'true');
  const orders = page.getByRole('list', { name: `Orders of ${email}` });
  await expect(orders.getByRole('listitem')).toHaveCount(2);
  await expect(orders.getByRole('listitem').first()).toContainText(`#${latest.orderId}`);
  await expect(orders.getByRole('listitem').first()).toContainText('Paid');
  await expect(orders.getByRole('listitem').first()).toContainText('$41.89');
  await page.screenshot({ path: test.info().outputPath('customers.png'), fullPage: true });

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^customers-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = Buffer.concat(await (await download.createReadStream()).toArray()).toString();
  expect(csv.split('\r\n')).toEqual([
    '"Email","Name","Orders","Total spent","First order (UTC)","Last order (UTC)","Test orders","News and offers"',
    expect.stringMatching(new RegExp(`^"${email.replaceAll('.', '\\.')}","Robin Stone","2","83\\.78",".+",".+","2","no"$`)),
    '',
  ]);

  // The order opens in the Orders tab, found by its number; the customer is still open on return.
  await orders.getByRole('button', { name: `Open order #${latest.orderId}` }).click();
  await expect(page.getByRole('tab', { name: 'Orders' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: 'Orders' })).toBeFocused();
  await expect(page.getByPlaceholder('Search by name, e-mail, payment ID or order number')).toHaveValue(`#${latest.orderId}`);
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(page.getByRole('article').getByRole('heading', { name: `Order ${second.slice(-8)}` })).toBeVisible();
  await page.getByRole('tab', { name: 'Customers' }).click();
  await expect(page.getByLabel('Search customers')).toHaveValue(`KIT.${stamp}`);
  await expect(page.getByRole('list', { name: `Orders of ${email}` }).getByRole('listitem')).toHaveCount(2);

  await page.getByLabel('Search customers').fill('nobody-at-all-here');
  await expect(page.getByText('No customers match your search', { exact: true })).toBeVisible();
});

test('the owner prints a label and a packing slip; without a printer the dashboard says so', async ({ page }) => {
  const email = `label.${Date.now()}@example.com`;
  await placeOrder(page, email);
  await signIn(page);
  await page.getByRole('button', { name: 'Test Printer' }).click();
  await expect(page.getByText('Print Test Failed', { exact: true })).toBeVisible();
  await expect(
    page.getByText('No printer is configured. Set PRINTER_URL to print labels and test pages.', { exact: true }),
  ).toBeVisible();

  await page.getByPlaceholder('Search by name, e-mail, payment ID or order number').fill(email);
  const card = page.getByRole('article').filter({ hasText: email });
  await card.getByRole('button', { name: 'Print Label' }).click();
  await expect(page.getByText('Label Created', { exact: true })).toBeVisible();
  await expect(card).toContainText(/IW\d{18}/);
  await expect(card).toContainText('USPS');
  const labelHref = await card.getByRole('link', { name: 'View Label' }).getAttribute('href');
  const pdf = await page.request.get(labelHref ?? '');
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  const slip = await page.request.get((await card.getByRole('link', { name: 'Packing Slip' }).getAttribute('href')) ?? '');
  expect(slip.status()).toBe(200);
  // Signed out, the label is not reachable.
  await page.context().clearCookies();
  expect((await page.request.get(labelHref ?? '')).status()).toBe(401);
});

test('the owner creates, edits, restocks and deletes a product, and uploads its image', async ({ page }) => {
  const name = `Gym Bag Bottle ${Date.now()}`;
  await signIn(page);
  await page.getByRole('tab', { name: 'Inventory' }).click();
  await page.getByRole('button', { name: 'Create Product' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Product' });
  await dialog.getByRole('button', { name: 'Create Product' }).click();
  await expect(dialog.getByText('Required').first()).toBeVisible();
  await dialog.getByLabel('Product Name').fill('ab');
  await expect(dialog.getByText('Product name must be at least 3 characters')).toBeVisible();
  await dialog.getByLabel('Product Name').fill(name);
  await dialog.getByLabel('Description').fill('A travel size for the gym bag, same strength.');
  await dialog.getByLabel('Price (USD)').fill('12.999');
  await expect(dialog.getByText('Price must be a valid number (e.g., 19.99)')).toBeVisible();
  await dialog.getByLabel('Price (USD)').fill('12.50');
  await dialog.getByLabel('Initial Inventory').fill('8');

  const png = await sharp({ create: { width: 800, height: 800, channels: 3, background: '#c98a2b' } })
    .png()
    .toBuffer();
  await dialog.getByLabel('Image file').setInputFiles({ name: 'bottle.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByText('Image uploaded successfully', { exact: true })).toBeVisible();
  await expect(dialog.getByLabel('Product Image')).toHaveValue(/^\/uploads\/[a-f0-9]{32}\.webp$/);
  await dialog.getByRole('button', { name: 'Create Product' }).click();
  await expect(page.getByText('Product Created', { exact: true })).toBeVisible();

  const card = page.getByRole('article').filter({ hasText: name });
  await expect(card.getByTestId('stock')).toHaveText('8');
  await expect(card.getByRole('button', { name: 'Remove 10' })).toBeDisabled();
  await card.getByRole('button', { name: 'Add 10' }).click();
  await expect(card.getByTestId('stock')).toHaveText('18');
  await card.getByLabel('Set to').fill('5');
  await card.getByLabel('Set to').press('Enter');
  await expect(card.getByTestId('stock')).toHaveText('5');
  await expect(card.getByLabel('Set to')).toHaveValue('');

  // The storefront lists it at once.
  const listed = await (await page.request.get('/api/products')).json();
  expect(listed.map((p: { name: string }) => p.name)).toContain(name);

  await card.getByRole('button', { name: 'Edit Product' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Product' });
  await edit.getByLabel('Price (USD)').fill('13.00');
  await edit.getByRole('button', { name: 'Update Product' }).click();
  await expect(page.getByText('Product Updated', { exact: true })).toBeVisible();
  await expect(card).toContainText('$13.00');

  page.once('dialog', (d) => {
    expect(d.message()).toBe(`Are you sure you want to delete "${name}"? This action cannot be undone.`);
    void d.accept();
  });
  await card.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Product Deleted', { exact: true })).toBeVisible();
  await expect(page.getByRole('article').filter({ hasText: name })).toHaveCount(0);
});

test('the owner reads a product’s stock history, a page at a time, with the keyboard', async ({ page, baseURL }) => {
  await signIn(page);
  const headers = { origin: baseURL ?? '' };
  const name = `History Bottle ${Date.now()}`;
  const created = await page.request.post('/api/admin/products', {
    headers,
    data: {
      name,
      description: 'A bottle whose every unit is accounted for.',
      price: '12.00',
      imageUrl: '/api/product-images/single',
      isActive: true,
      inventory: 12,
      displayOrder: 9,
    },
  });
  const id = (await created.json()).id as number;
  // A shopper's checkout takes 3, then the owner adds units one at a time: 54 changes in all.
  const sessionId = `session-${Date.now()}-${Math.random().toString(36).slice(2).padEnd(32, 'h').slice(0, 32)}`;
  expect((await page.request.post('/api/cart', { data: { sessionId, productId: id, quantity: 3 } })).ok()).toBe(true);
  const checkout = await page.request.post('/api/checkout', { data: { sessionId } });
  expect(checkout.status()).toBe(201);
  const secret = decodeURIComponent(String((await checkout.json()).checkoutUrl).split('payment_intent=')[1] ?? '');
  const { orderId } = await (await page.request.get(`/api/checkout/${secret.split('_secret_')[0]}`)).json();
  for (let i = 0; i < 52; i++) {
    expect((await page.request.put(`/api/admin/products/${id}/inventory`, { headers, data: { change: 1 } })).ok()).toBe(true);
  }

  // The low-stock e-mail's link opens the Inventory tab.
  await page.goto('/admin?tab=inventory');
  await expect(page.getByRole('tab', { name: 'Inventory' })).toHaveAttribute('aria-selected', 'true');
  const card = page.getByRole('article').filter({ hasText: name });
  await expect(card.getByTestId('stock')).toHaveText('61');
  const open = card.getByRole('button', { name: 'Stock History' });
  await open.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Stock History' });
  await expect(dialog).toContainText(`${name}: every change of its stock, newest first`);
  const rows = dialog.getByRole('row');
  await expect(rows).toHaveCount(51); // the header and the newest 50
  await expect(rows.nth(1)).toContainText('+1');
  await expect(rows.nth(1)).toContainText('61');
  await expect(rows.nth(1)).toContainText('Adjusted by hand');
  await expect(rows.nth(1)).toContainText('owner');
  await page.screenshot({ path: test.info().outputPath('stock-history.png') });

  await dialog.getByRole('button', { name: 'Load more' }).click();
  await expect(rows).toHaveCount(55);
  await expect(dialog.getByRole('button', { name: 'Load more' })).toHaveCount(0);
  await expect(rows.nth(53)).toContainText('-3');
  await expect(rows.nth(53)).toContainText('Taken by a checkout (sold once paid)');
  await expect(rows.nth(53)).toContainText(/Order #\d+/);
  await expect(rows.nth(53)).toContainText('Shopper');
  await expect(rows.nth(54)).toContainText('+12');
  await expect(rows.nth(54)).toContainText('Product created');
  await page.screenshot({ path: test.info().outputPath('stock-history-end.png') });

  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(open).toBeFocused();
  // Its 3 units are held for this address: cancelled, they go back, and the next test's checkouts are held again.
  expect((await page.request.post(`/api/orders/${orderId}/cancel`, { headers, data: {} })).ok()).toBe(true);
  expect((await page.request.delete(`/api/admin/products/${id}`, { headers })).ok()).toBe(true);
});

test('an ended session leads back to sign-in from any call, in the words docs/product.md §6 and §8 give it', async ({ page }) => {
  await signIn(page);
  await page.getByRole('tab', { name: 'Inventory' }).click();
  const card = page.getByRole('article').first();
  const stock = await card.getByTestId('stock').textContent();
  await page.context().clearCookies();
  await card.getByRole('button', { name: 'Add 1', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expect(page.getByText('Authentication Required', { exact: true })).toBeVisible();
  await expect(page.getByText('Please log in to access the admin dashboard', { exact: true })).toBeVisible();
  await expect(page.getByText('Update Failed', { exact: true })).toHaveCount(0);

  // The analytics tab words it its own way (docs/product.md §8).
  await signIn(page);
  await page.getByRole('tab', { name: 'Inventory' }).click();
  await expect(page.getByRole('article').first().getByTestId('stock')).toHaveText(stock ?? '');
  await page.context().clearCookies();
  await page.getByRole('tab', { name: 'Analytics' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expect(page.getByText('Admin session expired. Please refresh the page and log in again.', { exact: true })).toBeVisible();
});

test('the storefront never downloads the dashboard', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  await page.goto('/');
  await page.goto('/product/5');
  await page.waitForLoadState('networkidle');
  expect(scripts.filter((u) => /admin/.test(u))).toEqual([]);
});
