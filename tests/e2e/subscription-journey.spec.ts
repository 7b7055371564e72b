import type { ParsedMail } from 'mailparser';
import { sql } from 'drizzle-orm';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { sweepEveryMinute } from '#server/sweeps.ts';
import { startSmtpServer } from '../support/smtp.ts';
import { fillShipping, fillTestCard } from './support/checkout.ts';
import { signIn } from './support/sign-in.ts';
import { type StoreServer, startStore } from './support/store-server.ts';
import { expect, test } from './support/test.ts';

/**
 * Subscribe and save from end to end (issue 31; docs/decisions/0052–0054): a shopper subscribes in
 * the browser, gets the notice 3 days before the renewal, skips it from the notice's link, is
 * renewed on the next date (charged once, confirmed by e-mail), and cancels in one click; the owner
 * sees the renewal in Orders and the subscription in the Subscriptions tab.
 *
 * Weeks cannot pass in a test, and the store is a process of its own on an embedded database: to
 * move time, the spec stops the store, moves the subscription's date in its data, runs the store's
 * own minute sweep on that data folder in this process (the same code, the same SMTP server), then
 * starts it again, as the reorder reminder's spec does.
 */
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let store: StoreServer;
let base: string;

test.beforeAll(async () => {
  smtp = await startSmtpServer();
  store = await startStore({ SMTP_URL: smtp.url });
  base = store.baseURL;
});
test.afterAll(async () => {
  await store?.stop();
  await smtp?.close();
});

/** The subscription of `email` comes due as `when` says; the store's minute sweep runs on its data. */
async function timePasses(email: string, when: 'in 2 days' | 'now'): Promise<void> {
  await store.shutdown();
  const app = await buildApp(
    loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: store.dataDir, PUBLIC_URL: base, SMTP_URL: smtp.url }),
    { ssr: 'off' },
  );
  try {
    const at = when === 'now' ? sql`now() - interval '1 minute'` : sql`now() + interval '2 days'`;
    await app.database.db.execute(sql`update subscriptions set next_renewal_at = ${at} where email = ${email}`);
    await sweepEveryMinute(app);
    await app.services.outbox.sweep();
  } finally {
    await app.close();
  }
  await store.restart();
}

const to = (m: ParsedMail) => (m.to && 'text' in m.to ? m.to.text : '').toLowerCase();
const mails = (email: string, subject: RegExp) => smtp.received.filter((m) => to(m) === email && subject.test(m.subject ?? ''));
async function onlyMail(email: string, subject: RegExp): Promise<ParsedMail> {
  await expect.poll(() => mails(email, subject).length, { timeout: 15_000 }).toBe(1);
  const mail = mails(email, subject)[0];
  if (!mail) throw new Error(`no mail ${subject}`);
  return mail;
}
const linkIn = (mail: ParsedMail, action: string) => {
  const link = new RegExp(`(http://127\\.0\\.0\\.1:\\d+/subscriptions/[\\w-]+\\.[\\w-]+\\?action=${action})`).exec(
    mail.text ?? '',
  )?.[1];
  if (!link) throw new Error(`no ${action} link in:\n${mail.text}`);
  return link;
};

test('a shopper subscribes, is told 3 days ahead, skips, is renewed once on the next date, and cancels in one click', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const email = `journey.${Date.now()}@example.com`;

  // Subscribe and save on the product page, the terms agreed at checkout, paid with the test card.
  await page.goto(`${base}/product/5`);
  await page.getByRole('radio', { name: /^Subscribe and save 10 %/ }).check();
  await page.getByLabel('How often').selectOption('4');
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await page.getByRole('button', { name: /Open cart, 1 item/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Checkout' }).click();
  // Refused without the terms' box (fillShipping presses Continue), then on with it ticked.
  await fillShipping(page, { Email: email });
  await page.getByRole('checkbox', { name: 'I agree to these subscription terms and to the automatic renewal charges.' }).check();
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await fillTestCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Complete Purchase' }).click();
  await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible({ timeout: 10_000 });

  // Three days before the renewal: one notice, with Skip, Change date and Cancel.
  await timePasses(email, 'in 2 days');
  const notice = await onlyMail(email, /^Your next order ships on /);
  const skipLink = linkIn(notice, 'skip');
  linkIn(notice, 'change-date');
  linkIn(notice, 'cancel');

  // The Skip link opens the page at its button; one click skips that delivery.
  await page.goto(skipLink);
  const skip = page.getByRole('button', { name: 'Skip next delivery' });
  await expect(skip).toBeFocused();
  const before = await page.getByText(/Next delivery: /).textContent();
  await skip.click();
  await expect(page.getByText(/^Skipped the delivery of/)).toBeVisible();
  await expect(page.getByText(/Next delivery: /)).not.toHaveText(before ?? '');

  // The next date comes: one renewal, charged to the saved card, confirmed by e-mail.
  await timePasses(email, 'now');
  const renewal = await onlyMail(email, /subscription order #\d+ is confirmed/);
  const orderId = /#(\d+)/.exec(renewal.subject ?? '')?.[1];
  expect(renewal.text).toContain('1 × Single Bottle');

  // Cancel in one click from the page; one confirmation e-mail.
  await page.goto(linkIn(notice, 'cancel'));
  const cancel = page.getByRole('button', { name: 'Cancel subscription' });
  await expect(cancel).toBeFocused();
  await cancel.click();
  await expect(page.getByText('Your subscription is cancelled.')).toBeVisible();
  await onlyMail(email, /subscription is cancelled/);

  // The owner: the renewal in Orders, marked as such; the subscription cancelled in its tab.
  await signIn(page, base);
  await page.getByRole('searchbox', { name: 'Search' }).fill(email);
  await expect(page.getByText(`Renewal of subscription #`).first()).toBeVisible({ timeout: 10_000 });
  await expect(page.getByText(`#${orderId}`).first()).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('orders-renewal.png'), fullPage: true });
  await page.getByRole('tab', { name: 'Subscriptions' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: email })).toContainText(/cancelled/i);
  await page.screenshot({ path: test.info().outputPath('subscriptions-tab.png'), fullPage: true });
  await page.getByRole('tab', { name: 'Analytics' }).click();
  await expect(page.getByRole('heading', { name: 'Subscription Renewals' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('analytics.png'), fullPage: true });
});
