import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { verify, webhookReceiver } from '../support/webhook-receiver.ts';
import { fillShipping, fillTestCard } from './support/checkout.ts';
import { signIn } from './support/sign-in.ts';
import { type StoreServer, startStore } from './support/store-server.ts';
import { expect, test } from './support/test.ts';

/**
 * Settings' Webhooks section (issue 32, item 4; docs/decisions/0058): the owner adds an endpoint
 * for "Order paid", copies its secret (shown once), a purchase reaches the receiver signed, the
 * delivery shows with Resend (the same webhook-id again), then the endpoint is disabled and
 * deleted. A store of its own, allowed to send to the receiver on loopback.
 */
let store: StoreServer;
let base: string;
let rx: Awaited<ReturnType<typeof webhookReceiver>>;
const shots = process.env.SCREENSHOTS_DIR;

/** What axe finds (WCAG 2.2 AA and its best practices, as tests/e2e/accessibility.spec.ts asks). */
async function violations(page: Page) {
  const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
  const { violations } = await new AxeBuilder({ page }).withTags(tags).analyze();
  return violations.map((v) => ({ id: v.id, nodes: v.nodes.map((n) => n.target.join(' ')) }));
}

test.beforeAll(async () => {
  test.setTimeout(90_000);
  rx = await webhookReceiver();
  store = await startStore({ DATA_DIR: 'memory://', WEBHOOKS_ALLOW_PRIVATE_URLS: 'true' });
  base = store.baseURL;
});
test.afterAll(async () => {
  await store?.stop();
  await rx?.close();
});

async function buy(page: Page): Promise<void> {
  await page.goto(`${base}/product/6`);
  await page.getByRole('button', { name: 'Add 3-Pack Bundle to Cart' }).click();
  await page.getByRole('button', { name: /Open cart, 1 item/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Checkout' }).click();
  await fillShipping(page, { Email: `hooks.${Date.now()}@example.com` });
  await fillTestCard(page);
  await page.getByRole('button', { name: 'Complete Purchase' }).click();
  await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible({ timeout: 10_000 });
}

test('the owner adds an endpoint, keeps its secret, sees its deliveries, resends one, disables and deletes it', async ({
  page,
  browser,
}, info) => {
  test.setTimeout(120_000);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
  await signIn(page, base);
  await page.getByRole('tab', { name: 'Settings' }).click();
  const section = page.getByRole('region', { name: 'Webhooks' });
  await expect(section.getByText('No endpoints yet.')).toBeVisible();

  await section.getByRole('button', { name: 'Add Endpoint' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a webhook endpoint' });
  // A careless entry is named next to its field, and nothing is added.
  await dialog.getByRole('button', { name: 'Add Endpoint' }).click();
  await expect(dialog.getByText('Enter the endpoint’s URL')).toBeVisible();
  await expect(dialog.getByLabel('Endpoint URL *')).toBeFocused();
  await dialog.getByLabel('Endpoint URL *').fill('ftp://example.com/in');
  await dialog.getByRole('checkbox', { name: /Order paid/ }).uncheck();
  await dialog.getByRole('button', { name: 'Add Endpoint' }).click();
  await expect(dialog.getByText('Choose at least one event')).toBeVisible();
  await dialog.getByRole('checkbox', { name: /Order paid/ }).check();
  await dialog.getByRole('button', { name: 'Add Endpoint' }).click();
  await expect(dialog.getByText('The URL must start with https://')).toBeVisible();
  if (shots) await page.screenshot({ path: `${shots}/webhooks-add-${info.project.name}.png` });
  expect(await violations(page), 'the add dialog').toEqual([]);

  await dialog.getByLabel('Endpoint URL *').fill(rx.url);
  await dialog.getByRole('button', { name: 'Add Endpoint' }).click();
  const added = page.getByRole('dialog', { name: 'Endpoint added' });
  const secretBox = added.getByRole('textbox', { name: 'Signing secret' });
  await expect(secretBox).toHaveValue(/^whsec_[A-Za-z0-9+/=]{32,}$/);
  const secret = await secretBox.inputValue();
  await added.getByRole('button', { name: 'Copy Secret' }).click();
  await expect(page.getByText('Secret copied to the clipboard', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  if (shots) await page.screenshot({ path: `${shots}/webhooks-secret-${info.project.name}.png` });
  await added.getByRole('button', { name: 'Done' }).click();
  await expect(added).toBeHidden();

  const card = section.getByTestId('webhook-endpoint');
  await expect(card).toContainText(rx.url);
  await expect(card).toContainText('Enabled');
  await expect(card).toContainText('Order paid');
  await expect(section).not.toContainText('whsec_');

  // A purchase, by a shopper elsewhere: the receiver gets order.paid, signed with that secret.
  const shopper = await (await browser.newContext({ baseURL: base, viewport: page.viewportSize() ?? undefined })).newPage();
  await buy(shopper);
  await expect.poll(() => rx.of('order.paid').length, { timeout: 10_000 }).toBe(1);
  const first = rx.of('order.paid')[0];
  if (!first) throw new Error('no webhook');
  verify(secret, first);

  await card.getByRole('button', { name: 'Recent Deliveries' }).click();
  const deliveries = card.getByRole('list', { name: 'Recent deliveries' });
  await expect(deliveries.getByRole('listitem')).toHaveCount(1);
  await expect(deliveries).toContainText('order.paid');
  await expect(deliveries).toContainText('Delivered');
  await expect(deliveries).toContainText('1 attempt, answered 200');
  if (shots) await page.screenshot({ path: `${shots}/webhooks-list-${info.project.name}.png`, fullPage: true });
  expect(await violations(page), 'the endpoint with its deliveries').toEqual([]);
  await deliveries.getByRole('button', { name: /^Resend/ }).click();
  await expect(page.getByText('order.paid is on its way', { exact: true })).toBeVisible();
  await expect.poll(() => rx.of('order.paid').length, { timeout: 10_000 }).toBe(2);
  expect(rx.of('order.paid')[1]?.headers['webhook-id']).toBe(first.headers['webhook-id']);

  await card.getByRole('button', { name: 'Disable' }).click();
  await expect(card).toContainText('Disabled');
  await expect(card.getByRole('button', { name: 'Enable' })).toBeVisible();

  await card.getByRole('button', { name: /^Delete/ }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this endpoint?' });
  await confirm.getByRole('button', { name: 'Keep Endpoint' }).click();
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: /^Delete/ }).click();
  await page.getByRole('dialog', { name: 'Delete this endpoint?' }).getByRole('button', { name: 'Delete Endpoint' }).click();
  await expect(section.getByText('No endpoints yet.')).toBeVisible();
  await expect(section.getByRole('button', { name: 'Add Endpoint' })).toBeFocused();
});
