import { randomBytes } from 'node:crypto';
import { type APIRequestContext, request } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { signIn } from './support/sign-in.ts';
import { SHIPPING_DETAILS } from '../support/checkout.ts';
import { FAKE_KEYS, type FakeStripe, startFakeStripe, stripeClientOf } from '../support/fake-stripe.ts';
import { freePort, type StoreServer, startStore } from './support/store-server.ts';

/**
 * A chargeback as the owner meets it (docs/decisions/0059): a store in Stripe mode, its SDK pointed
 * at the local fake of Stripe, which sends the signed webhooks. A shopper pays with Stripe's dispute
 * test card (through the API: the payment page has its own spec); the bank disputes the charge; the
 * owner finds the order under the Disputes filter, reads the dispute on its card, finds the label
 * button off with the reason, and allows labels after confirming.
 */
let fake: FakeStripe;
let store: StoreServer;
let baseURL: string;

test.beforeAll(async () => {
  test.setTimeout(90_000); // a second store starts in 40 s when the machine is busy
  fake = await startFakeStripe();
  const port = await freePort();
  fake.webhookUrl = `http://127.0.0.1:${port}/api/webhooks/stripe`;
  store = await startStore(
    {
      STRIPE_SECRET_KEY: FAKE_KEYS.secretKey,
      STRIPE_PUBLISHABLE_KEY: FAKE_KEYS.publishableKey,
      STRIPE_WEBHOOK_SECRET: FAKE_KEYS.webhookSecret,
      STRIPE_API_URL: fake.url,
    },
    port,
  );
  baseURL = store.baseURL;
});

test.afterAll(async () => {
  await store?.stop();
  await fake?.close();
});

/** A shopper's checkout through the API, paid at Stripe with `method`. */
async function paidOrder(api: APIRequestContext, method: string): Promise<void> {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const sessionId = `session-${Date.now()}-${Array.from(randomBytes(32), (b) => alphabet[b % alphabet.length]).join('')}`;
  expect((await api.post('/api/cart', { data: { sessionId, productId: 5, quantity: 2 } })).ok()).toBe(true);
  const checkout = await api.post('/api/checkout', { data: { sessionId } });
  const secret = decodeURIComponent(/payment_intent=([^&]+)/.exec((await checkout.json()).checkoutUrl)?.[1] ?? '');
  const paymentIntentId = secret.split('_secret_')[0] ?? '';
  expect(
    (await api.post('/api/orders/shipping', { data: { paymentIntentId, ...SHIPPING_DETAILS, firstName: 'Robin' } })).ok(),
  ).toBe(true);
  await stripeClientOf(fake).paymentIntents.confirm(paymentIntentId, { payment_method: method });
  expect((await api.post('/api/orders/complete', { data: { paymentIntentId } })).ok()).toBe(true);
}

test('the owner finds a disputed order, reads the dispute, finds labels off and allows them after confirming', async ({
  page,
}, info) => {
  const api = await request.newContext({ baseURL });
  await paidOrder(api, 'pm_card_createDispute');
  const dispute = [...fake.disputes.values()].at(-1);
  if (!dispute) throw new Error('the fake opened no dispute');
  await expect
    .poll(() => fake.deliveries.filter((d) => d.type.startsWith('charge.dispute.')).map((d) => d.status))
    .toEqual([200, 200]);

  await signIn(page, baseURL);
  const filter = page.getByLabel('Filter orders');
  await expect(filter.getByRole('option', { name: 'Disputes (1)' })).toBeAttached();
  await filter.selectOption('disputes');
  const cards = page.getByRole('list', { name: 'Orders' }).getByRole('article');
  await expect(cards).toHaveCount(1);
  const card = cards.first();
  await expect(card.getByText('Robin Lee')).toBeVisible();

  const panel = card.getByRole('region', { name: 'Dispute' });
  await expect(panel.getByRole('heading', { name: 'This payment is disputed' })).toBeVisible();
  await expect(panel.getByText('$41.89')).toBeVisible();
  await expect(panel.getByText('fraudulent')).toBeVisible();
  await expect(panel.getByText('Needs your response')).toBeVisible();
  const due = new Date((dispute.evidence_details.due_by ?? 0) * 1000);
  await expect(panel.locator('time')).toHaveAttribute('datetime', due.toISOString());
  await expect(panel.getByRole('link', { name: 'Respond in Stripe' })).toHaveAttribute(
    'href',
    `https://dashboard.stripe.com/disputes/${dispute.id}`,
  );

  const labelButton = card.getByRole('button', { name: 'Print Label' });
  await expect(labelButton).toBeDisabled();
  await expect(labelButton).toHaveAccessibleDescription(/Labels are off: This order is disputed: /);
  await expect(panel.getByText(/Labels are off: This order is disputed/)).toBeVisible();

  await card.scrollIntoViewIfNeeded();
  await panel.scrollIntoViewIfNeeded();
  await page.screenshot({ path: info.outputPath(`order-card-dispute-${info.project.name}.png`), fullPage: false });

  // The owner thinks again once, then confirms.
  page.once('dialog', (d) => void d.dismiss());
  await panel.getByRole('button', { name: 'Allow labels anyway' }).click();
  await expect(labelButton).toBeDisabled();
  page.once('dialog', (d) => {
    expect(d.message()).toMatch(/^Allow labels for order #\d+ despite its dispute\?/);
    void d.accept();
  });
  await panel.getByRole('button', { name: 'Allow labels anyway' }).click();
  await expect(page.getByText('Labels Allowed', { exact: true })).toBeVisible();
  await expect(labelButton).toBeEnabled();
  await expect(panel.getByText(/Labels allowed despite the dispute on/)).toBeVisible();
  await labelButton.click();
  await expect(page.getByText('Label Created', { exact: true })).toBeVisible();
  await page.screenshot({ path: info.outputPath(`order-card-dispute-allowed-${info.project.name}.png`), fullPage: false });

  // The history tells both: the dispute, and who allowed labels.
  await card.getByRole('button', { name: 'History & Notes' }).click();
  const history = card.getByRole('region', { name: /^History of order/ });
  await expect(
    history.getByText(new RegExp(`Dispute ${dispute.id} opened for \\$41\\.89 \\(reason: fraudulent\\)`)),
  ).toBeVisible();
  await expect(history.getByText('Labels allowed despite the dispute', { exact: true })).toBeVisible();
  await api.dispose();
});
