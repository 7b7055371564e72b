import fs from 'node:fs';
import path from 'node:path';
import { type Page, request } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { fillShipping } from './support/checkout.ts';
import { ADMIN } from './support/sign-in.ts';
import { createCode } from '../support/discounts.ts';
import { FAKE_KEYS, type FakeStripe, startFakeStripe } from '../support/fake-stripe.ts';
import { freePort, type StoreServer, startStore } from './support/store-server.ts';

/**
 * The checkout in Stripe mode: a store started with the three Stripe variables, its SDK pointed at
 * the local fake of Stripe's API, which also sends the signed webhooks. In the browser, Stripe.js
 * (js.stripe.com) is replaced by a stand-in and api.stripe.com is routed to the same fake.
 */
const STUB = fs.readFileSync(path.join(import.meta.dirname, 'support/stripe-js-stub.js'), 'utf8');

let fake: FakeStripe;
let store: StoreServer;
let baseURL: string;
let dataDir: string;

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
  dataDir = store.dataDir;
});

test.afterAll(async () => {
  await store?.stop();
  await fake?.close();
});

/** Stripe's two origins, as the browser sees them; every other outside request is recorded. */
async function routeStripe(page: Page): Promise<string[]> {
  const outside: string[] = [];
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (url.origin !== baseURL && !url.protocol.startsWith('data')) outside.push(url.origin);
  });
  await page.route('https://js.stripe.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'application/javascript', body: STUB }),
  );
  await page.route('https://api.stripe.com/**', async (route) => {
    const url = new URL(route.request().url());
    const response = await route.fetch({ url: `${fake.url}${url.pathname}${url.search}` });
    await route.fulfill({ response });
  });
  return outside;
}

async function toPaymentStep(page: Page) {
  await page.goto(`${baseURL}/product/6`);
  await page.getByRole('button', { name: 'Add 3-Pack Bundle to Cart' }).click();
  // One 3-pack (docs/decisions/0005).
  await expect(page.getByRole('button', { name: /Open cart, 1 item/ })).toBeVisible();
  await page.getByRole('button', { name: /Open cart/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout\?payment_intent=pi_[A-Za-z0-9]+_secret_[A-Za-z0-9]+$/);
  await fillShipping(page, { Email: 'sam@example.com', 'First Name': 'Sam', 'Last Name': 'Ortiz' });
  await expect(page.getByRole('heading', { name: 'Complete Your Order' })).toBeVisible();
}

async function expectPaymentElement(page: Page) {
  await expect(page.getByRole('heading', { name: 'Card payment' })).toBeVisible();
  await expect(page.getByTestId('stripe-payment-element')).toBeVisible();
}

test('with Stripe configured, a shopper pays through the Payment Element and the order is confirmed', async ({ page }) => {
  const outside = await routeStripe(page);
  await toPaymentStep(page);
  await expectPaymentElement(page);
  // No test card form in Stripe mode; the Payment Element asked for the tabs layout, wallets allowed.
  await expect(page.getByRole('heading', { name: 'Test card' })).toHaveCount(0);
  const stub = await page.evaluate(() => (window as unknown as { __stripeStub: Record<string, unknown[]> }).__stripeStub);
  expect(stub.paymentElementOptions?.[0]).toMatchObject({ layout: 'tabs', wallets: { applePay: 'auto', googlePay: 'auto' } });

  const paymentIntentId = /[?&]payment_intent=(pi_[A-Za-z0-9]+)_secret_/.exec(page.url())?.[1] ?? '';
  await page.getByRole('textbox', { name: 'Card number' }).fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Complete Purchase' }).click();
  await expect(page.getByText('Payment Successful', { exact: true })).toBeVisible();
  // The payment id left the confirmation page's address (ADR 0018).
  await expect(page).toHaveURL(/\/order-confirmation$/, { timeout: 10_000 });
  await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible();
  await expect(page.getByText('Smelling Salts 3-Pack')).toBeVisible();
  await expect(page.getByTestId('order-total')).toHaveText('$48.90');

  // Stripe's copy of the payment is the order's total, confirmed by the store's server with the
  // ConfirmationToken the browser made (the browser confirmed nothing), with the shopper's e-mail and
  // address; and its signed webhook was accepted.
  expect(fake.intents.get(paymentIntentId)).toMatchObject({
    amount: 4890,
    amount_received: 4890,
    status: 'succeeded',
    confirmation_method: 'manual',
    receipt_email: 'sam@example.com',
    shipping: { name: 'Sam Ortiz' },
  });
  const fromBrowser = fake.requests.filter((r) => r.params.key === FAKE_KEYS.publishableKey && r.method === 'POST');
  expect(fromBrowser.map((r) => r.path)).toEqual(['/v1/confirmation_tokens']);
  expect(fake.requests.filter((r) => r.path === `/v1/payment_intents/${paymentIntentId}/confirm`)).toHaveLength(1);
  await expect
    .poll(() => fake.deliveries.filter((d) => d.type === 'payment_intent.succeeded').map((d) => d.status))
    .toContain(200);
  // One confirmation e-mail in the outbox.
  await expect.poll(() => fs.readdirSync(path.join(dataDir, 'outbox')).filter((f) => f.endsWith('.eml')).length).toBe(1);
  const mail = fs.readFileSync(path.join(dataDir, 'outbox', fs.readdirSync(path.join(dataDir, 'outbox'))[0] ?? ''), 'utf8');
  expect(mail).toContain('sam@example.com');

  // Only Stripe's origins were contacted, on the checkout only: no other third party.
  expect([...new Set(outside)].sort()).toEqual(['https://api.stripe.com', 'https://js.stripe.com']);

  // Back on the checkout the way Stripe returns shoppers after a bank redirect: the order is paid.
  const secret = fake.intents.get(paymentIntentId)?.client_secret ?? '';
  await page.goto(
    `${baseURL}/checkout?payment_intent=${paymentIntentId}&payment_intent_client_secret=${secret}&redirect_status=succeeded`,
  );
  await expect(page.getByRole('heading', { name: 'Already Paid' })).toBeVisible();
  await page.getByRole('button', { name: 'View Confirmation' }).click();
  await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible();
  await expect(page.getByTestId('order-total')).toHaveText('$48.90');
  await expect(page).toHaveURL(/\/order-confirmation$/);
});

test('a discount code put on at the payment step changes what Stripe charges, and keeps what the shopper typed', async ({
  page,
}) => {
  const owner = await request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  expect((await owner.post('/api/admin/login', { data: ADMIN })).status()).toBe(200);
  await createCode(owner, 'STRIPE10');
  await owner.dispose();

  await routeStripe(page);
  await toPaymentStep(page);
  await expectPaymentElement(page);
  const paymentIntentId = /[?&]payment_intent=(pi_[A-Za-z0-9]+)_secret_/.exec(page.url())?.[1] ?? '';
  const card = page.getByRole('textbox', { name: 'Card number' });
  await card.fill('4242 4242 4242 4242');
  const summary = page.getByRole('region', { name: 'Order summary' });
  await summary.getByRole('button', { name: 'Have a discount code?' }).click();
  await summary.getByRole('textbox', { name: 'Discount code' }).fill('stripe10');
  await summary.getByRole('button', { name: 'Apply' }).click();
  // 44.99 − 4.50 + 3.91.
  await expect(summary.getByTestId('order-total')).toHaveText('$44.40');
  expect(fake.intents.get(paymentIntentId)?.amount).toBe(4440);
  // The same Payment Element, told the new amount: the card number is still there.
  await expect(card).toHaveValue('4242 4242 4242 4242');
  const stub = await page.evaluate(
    () => (window as unknown as { __stripeStub: { amountUpdates: number[]; elementsOptions: unknown[] } }).__stripeStub,
  );
  expect(stub).toMatchObject({
    amountUpdates: [4440],
    elementsOptions: [expect.objectContaining({ mode: 'payment', amount: 4890, currency: 'usd' })],
  });
  await page.getByRole('button', { name: 'Complete Purchase' }).click();
  await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible({ timeout: 10_000 });
  expect(fake.intents.get(paymentIntentId)).toMatchObject({ amount_received: 4440, status: 'succeeded' });
});

test('a card whose bank asks for authentication is paid once the shopper authenticates', async ({ page }) => {
  await routeStripe(page);
  await toPaymentStep(page);
  await expectPaymentElement(page);
  const paymentIntentId = /[?&]payment_intent=(pi_[A-Za-z0-9]+)_secret_/.exec(page.url())?.[1] ?? '';
  // Stripe's 3-D Secure test card: the server's confirmation asks for the bank, Stripe.js shows it,
  // and the server confirms again.
  await page.getByRole('textbox', { name: 'Card number' }).fill('4000 0025 0000 3155');
  await page.getByRole('button', { name: 'Complete Purchase' }).click();
  await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible({ timeout: 10_000 });
  const confirmations = fake.requests.filter((r) => r.path === `/v1/payment_intents/${paymentIntentId}/confirm`);
  expect(confirmations.map((r) => typeof r.params.confirmation_token)).toEqual(['string', 'undefined']);
  expect(fake.requests.filter((r) => r.path === `/v1/payment_intents/${paymentIntentId}/authenticate`)).toHaveLength(1);
  expect(fake.intents.get(paymentIntentId)).toMatchObject({ status: 'succeeded', amount_received: 4890 });
});

test('the Payment Element offers Apple Pay, Google Pay and Link, and a shopper pays with Apple Pay without leaving the page', async ({
  page,
}) => {
  const outside = await routeStripe(page);
  await toPaymentStep(page);
  await expectPaymentElement(page);
  const paymentIntentId = /[?&]payment_intent=(pi_[A-Za-z0-9]+)_secret_/.exec(page.url())?.[1] ?? '';
  // The tabs are the account's methods that keep the shopper on the page, which the PaymentIntent takes (docs/decisions/0042).
  await expect(page.getByRole('tab')).toHaveText(['Card', 'Apple Pay', 'Google Pay', 'Link']);
  expect(fake.intents.get(paymentIntentId)?.payment_method_types).toEqual(['card', 'link']);

  await page.getByRole('tab', { name: 'Apple Pay' }).click();
  await expect(page.getByRole('textbox', { name: 'Card number' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Complete Purchase' }).click();
  await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible({ timeout: 10_000 });
  await expect(page).toHaveURL(/\/order-confirmation$/);
  await expect(page.getByTestId('order-total')).toHaveText('$48.90');

  // Stripe's charge is an Apple Pay one, and the shopper was never sent anywhere but the store.
  expect(fake.latestCharge(paymentIntentId)).toMatchObject({
    status: 'succeeded',
    payment_method_details: { type: 'card', card: { wallet: { type: 'apple_pay' } } },
  });
  expect([...new Set(outside)].sort()).toEqual(['https://api.stripe.com', 'https://js.stripe.com']);
});

test('with Stripe, a declined card shows Stripe’s message and the shopper can pay with another card', async ({ page }) => {
  await routeStripe(page);
  await toPaymentStep(page);
  await expectPaymentElement(page);
  await page.getByRole('textbox', { name: 'Card number' }).fill('4000 0000 0000 0002');
  await page.getByRole('button', { name: 'Complete Purchase' }).click();
  await expect(page.getByText('Payment Failed', { exact: true })).toBeVisible();
  await expect(page.getByText('Your card was declined.', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/checkout\?/);

  await page.getByRole('textbox', { name: 'Card number' }).fill('4242424242424242');
  await page.getByRole('button', { name: 'Complete Purchase' }).click();
  await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible({ timeout: 10_000 });
});

test('a payment still processing says so, and the order is confirmed once Stripe settles it', async ({ page }) => {
  test.setTimeout(60_000); // the page checks every 3 s
  await routeStripe(page);
  await toPaymentStep(page);
  await expectPaymentElement(page);
  await page.getByRole('textbox', { name: 'Card number' }).fill('4000 0000 0000 1000');
  await page.getByRole('button', { name: 'Complete Purchase' }).click();
  await expect(page.getByText('Payment Processing', { exact: true })).toBeVisible();
  await expect(page.getByText('Payment status: processing. Please wait...', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Processing...' })).toBeDisabled();

  const secret = new URL(page.url()).searchParams.get('payment_intent') ?? '';
  const paymentIntentId = secret.split('_secret_')[0] ?? '';
  expect(fake.intents.get(paymentIntentId)?.status).toBe('processing');
  fake.update(paymentIntentId, { status: 'succeeded', amount_received: 4890 });
  await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible({ timeout: 30_000 });
});

test('when Stripe.js cannot load, the payment step says so and offers another try', async ({ page }) => {
  await page.route('https://js.stripe.com/**', (route) => route.abort('internetdisconnected'));
  await toPaymentStep(page);
  await expect(page.getByRole('alert').filter({ hasText: 'The card form could not load' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try Again' })).toBeVisible();
  await page.unroute('https://js.stripe.com/**');
  await routeStripe(page);
  await page.getByRole('button', { name: 'Try Again' }).click();
  await expectPaymentElement(page);
});

test('a subscriber replaces the card from the subscription page with Stripe’s card form, confirmed by the store’s server', async ({
  page,
}) => {
  test.setTimeout(90_000);
  // The fake's requests so far are the other tests'.
  const earlier = fake.requests.length;
  await routeStripe(page);
  await page.goto(`${baseURL}/product/5`);
  await page.getByRole('radio', { name: /^Subscribe and save 10 %/ }).check();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await page.getByRole('button', { name: /Open cart, 1 item/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Checkout' }).click();
  const email = `card.${Date.now()}@example.com`;
  await fillShipping(page, { Email: email });
  await page.getByRole('checkbox', { name: 'I agree to these subscription terms and to the automatic renewal charges.' }).check();
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expectPaymentElement(page);
  await page.getByRole('textbox', { name: 'Card number' }).fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Complete Purchase' }).click();
  await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible({ timeout: 10_000 });

  // The confirmation e-mail (the outbox's file without SMTP) links the subscription's page.
  const outbox = path.join(dataDir, 'outbox');
  const linkIn = () =>
    fs
      .readdirSync(outbox)
      .map((f) => fs.readFileSync(path.join(outbox, f), 'utf8').replace(/=\r?\n/g, ''))
      .filter((m) => m.includes(email))
      .map((m) => /\/subscriptions\/([\w-]+\.[\w-]+)/.exec(m)?.[1])
      .find(Boolean);
  await expect.poll(linkIn).toBeTruthy();
  await page.goto(`${baseURL}/subscriptions/${linkIn()}`);
  await expect(page.getByText('Visa ending 4242')).toBeVisible();

  // A declined card: Stripe's message, the card kept; then a card that saves.
  await page.getByRole('button', { name: 'Replace card' }).click();
  await expect(page.getByTestId('stripe-payment-element')).toBeVisible();
  await page.getByRole('textbox', { name: 'Card number' }).fill('4000 0000 0000 0002');
  await page.getByRole('button', { name: 'Save card' }).click();
  await expect(page.getByRole('alert').filter({ hasText: /declined/i })).toBeVisible();
  await expect(page.getByText('Visa ending 4242')).toBeVisible();
  await page.getByRole('textbox', { name: 'Card number' }).fill('4000 0000 0000 0341');
  await page.getByRole('button', { name: 'Save card' }).click();
  await expect(page.getByText('Your new card is saved. The next renewal is charged to it.')).toBeVisible();
  await expect(page.getByText('Visa ending 0341', { exact: true })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('subscription-card-stripe.png'), fullPage: true });
  // The browser made ConfirmationTokens only; the store's server confirmed the SetupIntents.
  const fromBrowser = fake.requests
    .slice(earlier)
    .filter((r) => r.params.key === FAKE_KEYS.publishableKey && r.method === 'POST');
  expect(new Set(fromBrowser.map((r) => r.path))).toEqual(new Set(['/v1/confirmation_tokens']));
  expect(fake.requests.slice(earlier).filter((r) => /^\/v1\/setup_intents\/seti_\w+\/confirm$/.test(r.path))).toHaveLength(2);
});
