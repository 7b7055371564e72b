import type { Page } from '@playwright/test';
import { sql } from 'drizzle-orm';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { sweepEveryMinute } from '#server/sweeps.ts';
import { startSmtpServer } from '../support/smtp.ts';
import { fillShipping, fillTestCard, textbox } from './support/checkout.ts';
import { ADMIN } from './support/sign-in.ts';
import { type StoreServer, startStore } from './support/store-server.ts';
import { expect, test } from './support/test.ts';

/**
 * Abandoned-checkout recovery (issue "Grow the store", item 3; docs/decisions/0041): a shopper
 * leaves at the payment step; the store's reminder arrives at the test's own SMTP server; its link
 * brings the cart back with the shipping form filled in, and the shopper pays. Another reminder's
 * unsubscribe link stops the reminders to its address.
 *
 * The reminder waits at least an hour, and the store is a process of its own on an embedded
 * database only it may open. So, as `npm run seed:demo` works on a stopped store's data folder, the
 * test stops the store, moves the checkouts' start two hours back and runs the store's own minute
 * sweep on its data folder in this process (the same code, the same SMTP server), then starts it
 * again. Nothing in the store is there for the test.
 */
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let store: StoreServer;
let base: string;

test.beforeAll(async () => {
  test.setTimeout(90_000); // a store process starting on a busy machine
  smtp = await startSmtpServer();
  store = await startStore({ SMTP_URL: smtp.url });
  base = store.baseURL;
});
test.afterAll(async () => {
  await store?.stop();
  await smtp?.close();
});

/** The owner sets the reminder's delay to one hour in the settings, as the Settings tab saves it. */
async function remindAfterOneHour(): Promise<void> {
  const login = await fetch(`${base}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify(ADMIN),
  });
  expect(login.status).toBe(200);
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const headers = { cookie, origin: base, 'content-type': 'application/json' };
  const { updatedAt: _at, updatedBy: _by, ...settings } = await (await fetch(`${base}/api/admin/settings`, { headers })).json();
  const saved = await fetch(`${base}/api/admin/settings`, {
    method: 'PUT',
    headers,
    body: JSON.stringify({ ...settings, reminderDelayHours: 1 }),
  });
  expect(saved.status).toBe(200);
}

/** A checkout left at the payment step through the API: cart, checkout, shipping details. */
async function leaveCheckoutByApi(email: string): Promise<void> {
  const sessionId = `session-${Date.now()}-${'b'.repeat(32)}`;
  const post = (url: string, body: unknown) =>
    fetch(`${base}${url}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect((await post('/api/cart', { sessionId, productId: 6, quantity: 1 })).status).toBe(201);
  const { checkoutUrl } = await (await post('/api/checkout', { sessionId })).json();
  const paymentIntentId = decodeURIComponent(/payment_intent=([^&]+)/.exec(checkoutUrl)?.[1] ?? '').split('_secret_')[0];
  const shipped = await post('/api/orders/shipping', {
    paymentIntentId,
    ageConfirmed: true,
    email,
    firstName: 'Sam',
    lastName: 'Ray',
    address: '9 Salt Lane',
    city: 'Dayton',
    state: 'OH',
    zip: '45402',
  });
  expect(shipped.status).toBe(200);
}

/**
 * Two hours pass for the store's open checkouts: the store stops, its checkouts start two hours
 * earlier, its minute sweep runs (the reminders are queued and delivered), and it starts again.
 */
async function twoHoursLater(): Promise<void> {
  await store.shutdown();
  const app = await buildApp(
    loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: store.dataDir, PUBLIC_URL: base, SMTP_URL: smtp.url }),
    { ssr: 'off' },
  );
  try {
    await app.database.db.execute(
      sql`update orders set created_at = created_at - interval '2 hours' where status = 'pending' and paid_at is null`,
    );
    await sweepEveryMinute(app);
    await app.services.outbox.sweep();
  } finally {
    await app.close();
  }
  await store.restart();
}

const mailTo = (email: string) =>
  smtp.received.find(
    (m) => (m.to && 'text' in m.to ? m.to.text : '').toLowerCase() === email && m.subject === 'Your Ironwake order is waiting',
  );

async function reminderTo(email: string) {
  await expect.poll(() => Boolean(mailTo(email)), { timeout: 15_000 }).toBe(true);
  const mail = mailTo(email);
  if (!mail) throw new Error(`no reminder to ${email}`);
  return mail;
}

const linkIn = (text: string, page: 'recover' | 'unsubscribe') => {
  const link = new RegExp(`(http://127\\.0\\.0\\.1:\\d+/${page}/[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+)`).exec(text)?.[1];
  if (!link) throw new Error(`no /${page}/ link in:\n${text}`);
  return link;
};

const shot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`${name}-${test.info().project.name}.png`), fullPage: true });

test('the shopper left at the payment step gets one reminder, finds the cart and the form back and pays; another address unsubscribes', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const stamp = Date.now();
  const email = `dana.${stamp}@example.com`;
  const other = `sam.${stamp}@example.com`;
  await remindAfterOneHour();

  // The shopper reaches the payment step and leaves.
  await page.goto(`${base}/product/5`);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await page.getByRole('button', { name: /Open cart, 1 item/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Checkout' }).click();
  await fillShipping(page, { Email: email, 'First Name': 'Dana', 'Last Name': 'Lee' });
  await expect(textbox(page, 'Card number')).toBeVisible({ timeout: 10_000 });
  await page.goto(`${base}/`);
  // Another shopper leaves a checkout too.
  await leaveCheckoutByApi(other);

  await twoHoursLater();

  // One reminder each, with both links and the one-click unsubscribe headers (RFC 8058).
  const mail = await reminderTo(email);
  expect(mail.text).toContain('1 × Single Bottle  $18.99');
  const oneClick = mail.headerLines.find((h) => h.key === 'list-unsubscribe')?.line ?? '';
  expect(oneClick).toMatch(/^List-Unsubscribe:\s+<http:\/\/127\.0\.0\.1:\d+\/unsubscribe\/[\w-]+\.[\w-]+>$/);
  expect(mail.headerLines.find((h) => h.key === 'list-unsubscribe-post')?.line).toBe(
    'List-Unsubscribe-Post: List-Unsubscribe=One-Click',
  );
  expect(mail.html).toContain('Complete your order');

  // The e-mail's button: the cart is back, and so are the shipping details.
  await page.goto(linkIn(mail.text ?? '', 'recover'));
  await expect(page.getByRole('heading', { name: 'Your Cart Is Back' })).toBeVisible({ timeout: 10_000 });
  await expect(page.getByRole('region', { name: 'In your cart' })).toContainText('Single Bottle× 1');
  await expect(page.getByText('(Dana Lee, Columbus, OH)')).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await expect(page.getByRole('button', { name: /Open cart, 1 item/ })).toBeVisible();
  await shot(page, 'recover');

  await page.getByRole('button', { name: 'Continue to Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout\?payment_intent=/, { timeout: 10_000 });
  await expect(textbox(page, 'Email')).toHaveValue(email, { timeout: 10_000 });
  for (const [label, value] of Object.entries({
    'First Name': 'Dana',
    'Last Name': 'Lee',
    Address: '12 Iron Way',
    City: 'Columbus',
    State: 'OH',
    'ZIP Code': '43004',
  })) {
    await expect(textbox(page, label)).toHaveValue(value);
  }
  await shot(page, 'checkout-prefilled');
  // The age box is the shopper's to tick each time: a reminder's link brings back the details only.
  await expect(page.getByRole('checkbox', { name: 'I confirm I am 18 or older' })).not.toBeChecked();
  await page.getByRole('checkbox', { name: 'I confirm I am 18 or older' }).check();
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await fillTestCard(page);
  await page.getByRole('button', { name: 'Complete Purchase' }).click();
  await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible({ timeout: 10_000 });

  // The other reminder's unsubscribe link: a page first (opening it changes nothing), then the button.
  const unsubscribe = linkIn((await reminderTo(other)).text ?? '', 'unsubscribe');
  await page.goto(unsubscribe);
  await expect(page.getByRole('heading', { name: 'Unsubscribe' })).toBeVisible();
  await expect(page.getByText(other)).toBeVisible();
  await shot(page, 'unsubscribe');
  const api = unsubscribe.replace('/unsubscribe/', '/api/unsubscribe/');
  expect(await (await fetch(api)).json()).toEqual({ email: other, unsubscribed: false });
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('heading', { name: 'You’re Unsubscribed' })).toBeVisible();
  await expect(page.getByText(`We will send no more reminders to ${other}.`)).toBeVisible();
  await shot(page, 'unsubscribed');
  expect(await (await fetch(api)).json()).toEqual({ email: other, unsubscribed: true });
  expect(smtp.received.filter((m) => m.subject === 'Your Ironwake order is waiting')).toHaveLength(2);
});
