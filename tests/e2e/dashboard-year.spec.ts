import { signIn } from './support/sign-in.ts';
import { type DemoStore, startDemoStore } from './support/demo-store.ts';
import type { StoreServer } from './support/store-server.ts';
import { expect, test } from './support/test.ts';

/**
 * The dashboard over a demo year (issue "A year of business", item 4): the reviews list pages on
 * the server, so the owner reaches every pending review among hundreds. Its own built store, on a
 * data folder filled by `npm run seed:demo`'s generator.
 */
let demo: DemoStore;
let store: StoreServer;

test.beforeAll(async () => {
  test.setTimeout(180_000); // a demo year written, then a store process started, on a busy machine
  demo = await startDemoStore('year', { orders: 1500, events: 20_000, seed: 5 });
  store = demo.store;
});
test.afterAll(async () => {
  await demo?.stop();
});

test('the owner pages through a year of reviews, filters the pending ones on the server and approves one', async ({ page }) => {
  await signIn(page, store.baseURL);
  await page.getByRole('tab', { name: 'Reviews' }).click();

  const list = page.getByRole('list', { name: 'Reviews' });
  await expect(list.getByRole('article')).toHaveCount(50);
  const total = Number(await page.locator('dt', { hasText: 'Total reviews' }).locator('xpath=../dd').textContent());
  expect(total).toBeGreaterThan(100);
  await page.getByRole('button', { name: 'Load more reviews' }).click();
  await expect(list.getByRole('article')).toHaveCount(100);
  await page.screenshot({ path: 'test-results/reviews-year.png' });

  await page.getByLabel('Filter reviews').selectOption('pending');
  const pendingCount = Number(await page.locator('dt', { hasText: 'Pending approval' }).locator('xpath=../dd').textContent());
  expect(pendingCount).toBeGreaterThan(0);
  await expect(list.getByRole('article')).toHaveCount(Math.min(pendingCount, 50));
  await expect(list.getByText('APPROVED')).toHaveCount(0);

  const card = list.getByRole('article').first();
  const heading = String(await card.getAttribute('aria-labelledby'));
  // The line under the text: "<e-mail> · product <id> · verified purchase".
  const email = String(await card.locator('p').filter({ hasText: ' · product ' }).textContent()).split(' · ')[0] ?? '';
  expect(email).toMatch(/@example\.(com|net|org)$/);
  await card.getByRole('button', { name: 'Approve Review' }).click();
  await expect(page.getByText('Review Approved', { exact: true })).toBeVisible();
  await expect(page.locator('dt', { hasText: 'Pending approval' }).locator('xpath=../dd')).toHaveText(String(pendingCount - 1));
  await expect(list.locator(`[aria-labelledby="${heading}"]`)).toHaveCount(0);

  // The search is the server's: the approved review is found by its author's e-mail, however far down the list.
  await page.getByLabel('Filter reviews').selectOption('all');
  await page.getByRole('searchbox').fill(email);
  // Only that customer's reviews are listed, the approved one among them.
  await expect(list.getByRole('article').filter({ hasNotText: email })).toHaveCount(0);
  await expect(list.locator(`[aria-labelledby="${heading}"]`)).toContainText('APPROVED');
});
