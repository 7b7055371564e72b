import type { Page } from '@playwright/test';
import { sql } from 'drizzle-orm';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { startSmtpServer } from '../support/smtp.ts';
import { subscribedShopper } from '../support/subscriptions.ts';
import { signIn } from './support/sign-in.ts';
import { type StoreServer, startStore } from './support/store-server.ts';
import { expect, test } from './support/test.ts';

/**
 * The shopper's subscription page and the owner's Subscriptions tab (issue 31 items 4 and 5;
 * docs/decisions/0054). The subscription is made as the other specs prepare data: the store stops,
 * the test helper buys a first order through the store's own API in this process and writes the
 * subscription it starts (the signup is another part of the issue), and the store starts again.
 * The shopper opens the link, skips the next delivery, changes the interval and cancels in one
 * click; the cancellation e-mail arrives; the owner sees the subscription cancelled in the tab.
 */
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let store: StoreServer;
let base: string;
let token: string;
let subscriptionId: number;
const EMAIL = `subscriber.${Date.now()}@example.com`;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  smtp = await startSmtpServer();
  store = await startStore({ SMTP_URL: smtp.url });
  base = store.baseURL;
  await store.shutdown();
  const app = await buildApp(
    loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: store.dataDir, PUBLIC_URL: base, SMTP_URL: smtp.url }),
    { ssr: 'off' },
  );
  try {
    await app.database.db.execute(sql`update products set subscription_intervals_weeks = '[2, 4, 8]' where id = 5`);
    const s = await subscribedShopper(app, { productId: 5, quantity: 2, intervalWeeks: 4, email: EMAIL });
    token = s.token;
    subscriptionId = s.subscriptionId;
  } finally {
    await app.close();
  }
  await store.restart();
});
test.afterAll(async () => {
  await store?.stop();
  await smtp?.close();
});

const shot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`${name}-${test.info().project.name}.png`), fullPage: true });

test('the shopper skips, changes the interval and cancels in one click; the owner sees it cancelled', async ({ page }) => {
  test.setTimeout(90_000);
  // A notice's "Skip" link points at the control; opening it changes nothing.
  await page.goto(`${base}/subscriptions/${token}?action=skip`);
  await expect(page.getByRole('heading', { name: 'Your Subscription' })).toBeVisible();
  const skip = page.getByRole('button', { name: 'Skip next delivery' });
  await expect(skip).toBeFocused();
  await expect(page.getByText(/Next delivery: /)).toBeVisible();
  const before = await page.getByText(/Next delivery: /).textContent();
  await expect(page.getByText('Visa ending 4242')).toBeVisible();
  await shot(page, 'subscription-page');

  await skip.click();
  await expect(page.getByText(/^Skipped the delivery of/)).toBeVisible();
  await expect(page.getByText(/Next delivery: /)).not.toHaveText(before ?? '');

  await page.getByLabel('How often').selectOption({ label: 'Every 8 weeks' });
  await page.getByRole('button', { name: 'Save interval' }).click();
  await expect(page.getByText('Now every 8 weeks.')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'Interval changed from every 4 to every 8 weeks' })).toBeVisible();

  await page.getByRole('button', { name: 'Cancel subscription' }).click();
  await expect(page.getByText('Your subscription is cancelled.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel subscription' })).toHaveCount(0);
  await shot(page, 'subscription-cancelled');
  await expect
    .poll(() => smtp.received.filter((m) => m.subject === 'Your Ironwake subscription is cancelled').length, { timeout: 15_000 })
    .toBe(1);

  await signIn(page, base);
  await page.getByRole('tab', { name: 'Subscriptions' }).click();
  await expect(page.getByText('Monthly recurring revenue')).toBeVisible();
  const row = page.getByRole('list', { name: 'Subscriptions' }).getByRole('button').filter({ hasText: EMAIL });
  await expect(row).toContainText('cancelled');
  await shot(page, 'subscriptions-tab');
  await row.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(`Subscription #${subscriptionId}`)).toBeVisible();
  await expect(dialog.getByText('Cancelled', { exact: false }).first()).toBeVisible();
  await expect(dialog.getByText(/Skipped the delivery of/)).toBeVisible();
  await shot(page, 'subscription-dialog');
});
