import type { Page } from '@playwright/test';
import { startSmtpServer } from '../support/smtp.ts';
import { type StoreServer, startStore } from './support/store-server.ts';
import { expect, test } from './support/test.ts';
import { fillShipping, fillTestCard } from './support/checkout.ts';
import { signIn } from './support/sign-in.ts';

/**
 * The whole review journey (issue "Reviews"): buy, prove the e-mail with the code the store sends,
 * review, approve, published; and the shipped e-mail's review link. The store runs with a real
 * SMTP server of the test's own, where the shopper's mail is read.
 */
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let store: StoreServer;
let base: string;

test.beforeAll(async () => {
  test.setTimeout(90_000); // a store process starting on a busy machine
  smtp = await startSmtpServer();
  store = await startStore({ SMTP_URL: smtp.url, DATA_DIR: 'memory://' });
  base = store.baseURL;
});
test.afterAll(async () => {
  await store?.stop();
  await smtp?.close();
});

const mailsTo = (email: string) =>
  smtp.received.filter((m) => (m.to && 'text' in m.to ? m.to.text : '').toLowerCase() === email.toLowerCase());

/** The newest code e-mailed to this address after `seen` codes. */
async function codeFor(email: string, seen: number): Promise<string> {
  const codes = () => mailsTo(email).flatMap((m) => /^(\d{6}) is your Ironwake review code$/.exec(m.subject ?? '')?.[1] ?? []);
  await expect.poll(() => codes().length, { timeout: 10_000 }).toBeGreaterThan(seen);
  return codes().at(-1) ?? '';
}

async function buy(page: Page, productId: number, email: string) {
  await page.goto(`${base}/product/${productId}`);
  await page.getByRole('button', { name: /^Add (3-Pack Bundle )?to Cart$/ }).click();
  await page.getByRole('button', { name: /Open cart, 1 item/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Checkout' }).click();
  await fillShipping(page, { Email: email, 'First Name': 'Jo', 'Last Name': 'Park' });
  await fillTestCard(page);
  await page.getByRole('button', { name: 'Complete Purchase' }).click();
  await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible({ timeout: 10_000 });
}

test('a buyer proves the e-mail with a code, reviews what they bought; the owner approves it; it is published', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const email = `jo.${Date.now()}@example.com`;
  const stranger = `not-a-buyer.${Date.now()}@example.com`;
  const title = `Wakes me up ${Date.now()}`;
  await buy(page, 6, email);

  await page.goto(`${base}/product/6`);
  const reviews = page.getByRole('region', { name: 'Customer Reviews' });
  await reviews.getByRole('button', { name: 'Write a Review' }).click();
  await expect(reviews.getByRole('button', { name: 'Cancel Review' })).toBeVisible();
  const form = reviews.getByRole('form');
  await expect(form.getByRole('button', { name: 'Submit Review' })).toBeDisabled();

  // Without an e-mail.
  await form.getByRole('button', { name: 'Verify Purchase' }).click();
  await expect(page.getByText('Email Required', { exact: true })).toBeVisible();

  // Someone who did not buy gets a code like anyone, and is told only once it is entered.
  await form.getByLabel('Order e-mail').fill(stranger);
  await form.getByRole('button', { name: 'Verify Purchase' }).click();
  await expect(form.getByText(`We sent a 6-digit code to ${stranger}`)).toBeVisible();
  await expect(form.getByLabel('Verification code')).toBeFocused();
  await form.getByLabel('Verification code').fill(await codeFor(stranger, 0));
  await form.getByRole('button', { name: 'Confirm Code' }).click();
  await expect(page.getByText('Purchase Required', { exact: true })).toBeVisible();
  await expect(form.getByRole('alert')).toHaveText(
    'No purchase found with this email. Only customers who have purchased this product can leave reviews.',
  );

  // The buyer: a wrong code is refused with the reason, the right one verifies.
  await form.getByLabel('Order e-mail').fill(email.toUpperCase());
  await form.getByRole('button', { name: 'Verify Purchase' }).click();
  const code = await codeFor(email, 0);
  await form.getByLabel('Verification code').fill(code === '000000' ? '111111' : '000000');
  await form.getByLabel('Verification code').press('Enter');
  await expect(form.getByText('That code is not right. Check the e-mail we sent you and try again.')).toBeVisible();
  await expect(form.getByLabel('Verification code')).toHaveAttribute('aria-invalid', 'true');
  await form.getByLabel('Verification code').fill(code);
  await form.getByRole('button', { name: 'Confirm Code' }).click();
  await expect(form.getByRole('button', { name: 'Verified' })).toBeVisible();
  await expect(form.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(email.toUpperCase());

  await form.getByRole('button', { name: 'Submit Review' }).click();
  await expect(page.getByText('Missing Information', { exact: true })).toBeVisible();
  await form.locator('label').filter({ hasText: '4 stars' }).click();
  await expect(form.getByRole('radio', { name: '4 stars' })).toBeChecked();
  await form.getByLabel('Name').fill('Jo P.');
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Review').fill('<b>Strong</b> and clean. Keep it at arm’s length.');
  await form.getByRole('button', { name: 'Submit Review' }).click();
  await expect(page.getByText('Review Submitted!', { exact: true })).toBeVisible();
  await expect(reviews.getByRole('button', { name: 'Write a Review' })).toBeVisible();
  // Not published before approval.
  await expect(reviews.getByText(title)).toHaveCount(0);

  await signIn(page, base);
  await page.getByRole('tab', { name: 'Reviews' }).click();
  await page.getByLabel('Filter reviews').selectOption('pending');
  const card = page.getByRole('article').filter({ hasText: title });
  await expect(card.getByText('PENDING')).toBeVisible();
  await card.getByRole('button', { name: 'Approve Review' }).click();
  await expect(page.getByText('Review Approved', { exact: true })).toBeVisible();

  await page.goto(`${base}/product/6`);
  const published = page.getByRole('region', { name: 'Customer Reviews' }).getByRole('article').filter({ hasText: title });
  await expect(published).toBeVisible();
  await expect(published).toContainText('Verified Purchase');
  await expect(published.getByRole('img', { name: 'Rated 4 out of 5' })).toBeVisible();
  // Markup in a review is shown as text.
  await expect(published).toContainText('<b>Strong</b> and clean.');
  await expect(published.locator('b')).toHaveCount(0);
});

test('the shipped e-mail’s review link opens the form verified, and the token leaves the address bar at once', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const email = `link.${Date.now()}@example.com`;
  await buy(page, 5, email);

  // The owner ships it.
  await signIn(page, base);
  const card = page.getByRole('article').filter({ hasText: email });
  await card.getByLabel('Mark as Shipped').check();
  await expect(card.getByTestId('order-status')).toHaveText('Shipped');

  await expect.poll(() => mailsTo(email).some((m) => /has shipped$/.test(m.subject ?? '')), { timeout: 10_000 }).toBe(true);
  const shipped = mailsTo(email).find((m) => /has shipped$/.test(m.subject ?? ''));
  const link = /(http:\/\/127\.0\.0\.1:\d+\/product\/5\?review=[\w.-]+)/.exec(shipped?.text ?? '')?.[1] ?? '';
  const token = new URL(link).searchParams.get('review') ?? '';
  expect(token.length).toBeGreaterThan(40);

  // Every request the page makes after the document itself, and what it sends.
  const seen: string[] = [];
  page.on('request', (req) => {
    if (req.url() !== link) seen.push(`${req.url()} ${req.postData() ?? ''} ${req.headers().referer ?? ''}`);
  });
  await page.goto(link);
  await expect(page).toHaveURL(`${base}/product/5`);
  const form = page.getByRole('region', { name: 'Customer Reviews' }).getByRole('form');
  await expect(form.getByRole('button', { name: 'Verified' })).toBeVisible();
  await expect(form.getByRole('status')).toHaveText(`Purchase verified for ${email}. You can now write your review.`);
  await expect(form.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(email);
  expect(await page.evaluate(() => location.href)).toBe(`${base}/product/5`);

  await form.locator('label').filter({ hasText: '5 stars' }).click();
  await form.getByLabel('Name').fill('Jo');
  await form.getByLabel('Title').fill('Straight from the e-mail');
  await form.getByLabel('Review').fill('Opened the link, wrote this.');
  await form.getByRole('button', { name: 'Submit Review' }).click();
  await expect(page.getByText('Review Submitted!', { exact: true })).toBeVisible();
  // The analytics beacon and every other request went out without the token (but the review itself).
  expect(seen.length).toBeGreaterThan(0);
  expect(seen.filter((s) => s.includes(token) && !s.startsWith(`${base}/api/reviews `))).toEqual([]);
});
