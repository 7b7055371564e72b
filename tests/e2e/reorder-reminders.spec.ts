import type { Page } from '@playwright/test';
import { sql } from 'drizzle-orm';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { sweepEveryMinute } from '#server/sweeps.ts';
import { startSmtpServer } from '../support/smtp.ts';
import { fillTestCard, textbox } from './support/checkout.ts';
import { signIn } from './support/sign-in.ts';
import { type StoreServer, startStore } from './support/store-server.ts';
import { expect, test } from './support/test.ts';

/**
 * Reorder reminders (issue 31 item 1; docs/decisions/0051): a shopper ticks "Remind me when I may
 * be running low" at checkout and pays; three weeks after delivery the reminder arrives at the
 * test's own SMTP server; its Reorder button fills the cart with the same items and opens it, and
 * the checkout's form has the shipping details.
 *
 * Three weeks cannot pass in a test, and the store is a process of its own on an embedded database
 * only it may open. So, as recovery.spec.ts does, the test stops the store, marks the order
 * delivered 22 days ago, runs the store's own minute sweep on its data folder in this process (the
 * same code, the same SMTP server), then starts it again. Nothing in the store is there for the test.
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

/** The order of `email` was delivered 22 days ago; the store's minute sweep runs on its data. */
async function threeWeeksAfterDelivery(email: string): Promise<void> {
  await store.shutdown();
  const app = await buildApp(
    loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: store.dataDir, PUBLIC_URL: base, SMTP_URL: smtp.url }),
    { ssr: 'off' },
  );
  try {
    await app.database.db.execute(
      sql`update orders set status = 'delivered', shipped_at = now() - interval '25 days', delivered_at = now() - interval '22 days'
          where email = ${email}`,
    );
    await sweepEveryMinute(app);
    await app.services.outbox.sweep();
  } finally {
    await app.close();
  }
  await store.restart();
}

const SUBJECT = 'Running low on Ironwake salts?';
const mailTo = (email: string) =>
  smtp.received.filter((m) => (m.to && 'text' in m.to ? m.to.text : '').toLowerCase() === email && m.subject === SUBJECT);

/** Both widths the store is built for: the desktop's, then a phone's, back to the desktop. */
async function shots(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: test.info().outputPath(`${name}-desktop.png`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath(`${name}-phone.png`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('a shopper who asked for a reminder gets one after delivery, and its Reorder button fills the cart', async ({ page }) => {
  test.setTimeout(150_000);
  const email = `lee.${Date.now()}@example.com`;

  // Checkout: the box is there, unticked, with its words; the shopper ticks it.
  await page.goto(`${base}/product/5`);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await page.getByRole('button', { name: /Open cart, 1 item/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Checkout' }).click();
  const fields = { Email: email, 'First Name': 'Lee', 'Last Name': 'Park', Address: '4 Chalk St', City: 'Akron', State: 'OH' };
  for (const [label, value] of Object.entries({ ...fields, 'ZIP Code': '44308' })) await textbox(page, label).fill(value);
  const remind = page.getByRole('checkbox', { name: 'Remind me when I may be running low' });
  await expect(remind).not.toBeChecked();
  await page.getByRole('checkbox', { name: /^I confirm I am \d+ or older$/ }).check();
  await remind.check();
  await remind.focus();
  await shots(page, 'shipping-step');
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await fillTestCard(page);
  await page.getByRole('button', { name: 'Complete Purchase' }).click();
  await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible({ timeout: 10_000 });

  await threeWeeksAfterDelivery(email);

  // One reminder, with the item, the Reorder button and the one-click unsubscribe headers (RFC 8058).
  await expect.poll(() => mailTo(email).length, { timeout: 15_000 }).toBe(1);
  const mail = mailTo(email)[0];
  if (!mail) throw new Error('no reminder');
  expect(mail.text).toContain('1 × Single Bottle');
  expect(mail.headerLines.find((h) => h.key === 'list-unsubscribe')?.line).toMatch(
    /^List-Unsubscribe:\s+<http:\/\/127\.0\.0\.1:\d+\/unsubscribe\/[\w-]+\.[\w-]+>$/,
  );
  expect(mail.headerLines.find((h) => h.key === 'list-unsubscribe-post')?.line).toBe(
    'List-Unsubscribe-Post: List-Unsubscribe=One-Click',
  );
  // The e-mail as a reader sees it.
  await page.setContent(String(mail.html));
  await expect(page.getByRole('link', { name: 'Reorder' })).toBeVisible();
  await shots(page, 'reminder-email');

  // Its button: the cart is filled with the same item and opens.
  const link = /(http:\/\/127\.0\.0\.1:\d+\/reorder\/[\w-]+\.[\w-]+)/.exec(mail.text ?? '')?.[1];
  if (!link) throw new Error(`no Reorder link in:\n${mail.text}`);
  await page.goto(link);
  const cart = page.getByRole('dialog');
  await expect(cart).toBeVisible({ timeout: 10_000 });
  await expect(cart).toContainText('Single Bottle');
  // Behind the open cart (hidden from assistive technology while it is open): the badge and the page's own words.
  await expect(page.getByRole('button', { name: /Open cart, 1 item/, includeHidden: true })).toBeAttached();
  await expect(page.getByRole('heading', { name: 'Your Reorder Is in Your Cart', includeHidden: true })).toBeAttached();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await shots(page, 'reorder-landing');
  await cart.getByRole('button', { name: /close/i }).first().click();
  await expect(page.getByRole('heading', { name: 'Your Reorder Is in Your Cart' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'In your cart, at today’s prices' })).toContainText('1 × Single Bottle$18.99');
  await shots(page, 'reorder-page');
  await page.getByRole('button', { name: 'View Cart' }).click();
  await expect(cart).toBeVisible();

  // On to the checkout: the shipping details are filled in.
  await cart.getByRole('button', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout\?payment_intent=/, { timeout: 10_000 });
  await expect(textbox(page, 'Email')).toHaveValue(email, { timeout: 10_000 });
  await expect(textbox(page, 'City')).toHaveValue('Akron');
  // The box is the shopper's to tick again for this order.
  await expect(page.getByRole('checkbox', { name: 'Remind me when I may be running low' })).not.toBeChecked();

  // The owner: the setting in the Settings tab, and the reminder counted in the Analytics tab.
  await signIn(page, base);
  await page.getByRole('tab', { name: 'Settings' }).click();
  await expect(page.getByRole('textbox', { name: /Days one bottle lasts/ })).toHaveValue('21');
  await page.getByRole('heading', { name: 'Reorder reminders' }).scrollIntoViewIfNeeded();
  await shots(page, 'settings');
  await page.getByRole('tab', { name: 'Analytics' }).click();
  const figures = page.getByRole('region', { name: 'Reorder Reminders' });
  await expect(figures).toContainText('Reminders sent1');
  await figures.scrollIntoViewIfNeeded();
  await shots(page, 'analytics');
});
