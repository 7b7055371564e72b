import type { Page } from '@playwright/test';
import { FAKE_EASYPOST, type FakeEasyPost, startFakeEasyPost } from '../support/fake-easypost.ts';
import { startSmtpServer } from '../support/smtp.ts';
import { fillShipping, fillTestCard } from './support/checkout.ts';
import { signIn } from './support/sign-in.ts';
import { type StoreServer, startStore } from './support/store-server.ts';
import { expect, test } from './support/test.ts';

/**
 * After the purchase (issue "After the purchase"): the shopper follows the e-mail's link to the
 * order's page, sees the parcel move as the carrier scans it and asks for a return; the owner buys
 * the postage, approves the return and receives it, which refunds it. The store runs with EasyPost
 * (a local fake of its API, whose webhooks the test sends as EasyPost signs them) and a real SMTP
 * server of the test's own, where the shopper's e-mails are read.
 */
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let fake: FakeEasyPost;
let store: StoreServer;
let base: string;

test.beforeAll(async () => {
  test.setTimeout(90_000); // a store process starting on a busy machine
  smtp = await startSmtpServer();
  fake = await startFakeEasyPost();
  store = await startStore({
    SMTP_URL: smtp.url,
    DATA_DIR: 'memory://',
    LABEL_PROVIDER: 'easypost',
    EASYPOST_API_KEY: FAKE_EASYPOST.apiKey,
    EASYPOST_API_URL: fake.url,
    EASYPOST_WEBHOOK_SECRET: FAKE_EASYPOST.webhookSecret,
  });
  base = store.baseURL;
});
test.afterAll(async () => {
  await store?.stop();
  await fake?.close();
  await smtp?.close();
});

const mailsTo = (email: string) =>
  smtp.received.filter((m) => (m.to && 'text' in m.to ? m.to.text : '').toLowerCase() === email.toLowerCase());

/** The order page's link in the newest e-mail to `email` whose subject matches. */
async function linkIn(email: string, subject: RegExp): Promise<string> {
  const mail = () =>
    mailsTo(email)
      .filter((m) => subject.test(m.subject ?? ''))
      .at(-1);
  await expect.poll(() => Boolean(mail()), { timeout: 15_000 }).toBe(true);
  const link = /(http:\/\/127\.0\.0\.1:\d+\/orders\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)/.exec(mail()?.text ?? '')?.[1];
  if (!link) throw new Error(`no order page link in ${mail()?.subject}`);
  return link;
}

async function buy(page: Page, email: string): Promise<number> {
  await page.goto(`${base}/product/6`);
  await page.getByRole('button', { name: 'Add 3-Pack Bundle to Cart' }).click();
  await page.getByRole('button', { name: /Open cart, 1 item/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Checkout' }).click();
  await fillShipping(page, { Email: email, 'First Name': 'Jo', 'Last Name': 'Park' });
  await fillTestCard(page);
  await page.getByRole('button', { name: 'Complete Purchase' }).click();
  await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible({ timeout: 10_000 });
  const id = /Order ID: #(\d+)/.exec((await page.getByText(/Order ID: #\d+/).textContent()) ?? '')?.[1];
  return Number(id);
}

/** A tracking scan of the parcel with this code, sent to the store as EasyPost sends it. */
async function scan(code: string, status: string, message: string, location?: { city: string; state: string; zip: string }) {
  const { body, headers } = fake.signedWebhook(fake.trackerEvent(code, status, { message, location }));
  const res = await fetch(`${base}/api/webhooks/easypost`, { method: 'POST', headers, body });
  expect(res.status).toBe(200);
}

test('the shopper finds the order by its e-mail link and by its number, and sees what comes next', async ({ page }) => {
  test.setTimeout(90_000);
  const email = `jo.${Date.now()}@example.com`;
  const orderId = await buy(page, email);

  // The confirmation page leads to the order's page.
  await page.getByRole('link', { name: 'View Your Order' }).click();
  await expect(page.getByRole('heading', { name: `Order #${orderId}` })).toBeVisible();
  await expect(page.getByTestId('order-status-label')).toHaveText('Preparing to ship');

  // The confirmation e-mail's link opens the same page, from anywhere.
  const link = await linkIn(email, /is confirmed$/);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: `Order #${orderId}` })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Delivery' })).toContainText(/Arriving \w{3}, \w{3} \d+ – \w{3}, \w{3} \d+/);
  await expect(page.getByRole('region', { name: 'What happened' })).toContainText('Order placed: $48.90 paid');
  await expect(page.getByRole('region', { name: 'Returns' })).toContainText('Returns open once your order has shipped.');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await page.screenshot({ path: test.info().outputPath('order-page.png'), fullPage: true });

  // By number and e-mail: a wrong pair says so, the right one opens it.
  await page.goto(`${base}/order-status`);
  await page.getByLabel('Order number').fill(String(orderId));
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill('someone.else@example.com');
  await page.getByRole('button', { name: 'Find My Order' }).click();
  await expect(page.getByRole('alert')).toHaveText(/couldn't find an order with that number and e-mail address/);
  await page.screenshot({ path: test.info().outputPath('order-lookup.png'), fullPage: true });
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email.toUpperCase());
  await page.getByRole('button', { name: 'Find My Order' }).click();
  await expect(page.getByRole('heading', { name: `Order #${orderId}` })).toBeVisible();

  // Without the number: the links are e-mailed to the address, and the page answers as for any address.
  await page.goto(`${base}/order-status`);
  await page.getByLabel('Email for the links').fill(email);
  await page.getByRole('button', { name: 'E-mail Me My Order Links' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'If we have orders for that address' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('order-links.png'), fullPage: true });
  await page.goto(await linkIn(email, /^Your Ironwake orders$/));
  await expect(page.getByRole('heading', { name: `Order #${orderId}` })).toBeVisible();

  // An altered link opens nothing and offers the lookup.
  await page.goto(`${link.slice(0, -4)}AAAA`);
  await expect(page.getByRole('heading', { name: 'Order Not Found' })).toBeVisible();
  await page.getByRole('button', { name: 'Find Your Order' }).click();
  await expect(page.getByRole('heading', { name: 'Track Your Order' })).toBeVisible();
});

test('the parcel moves as the carrier scans it, the shopper sends some back, the owner approves, receives and refunds', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const email = `sam.${Date.now()}@example.com`;
  const orderId = await buy(page, email);
  const link = await linkIn(email, /is confirmed$/);

  // The owner buys the postage the carriers quote.
  await signIn(page, base);
  await page.getByPlaceholder('Search by name, e-mail, payment ID or order number').fill(`#${orderId}`);
  const card = page.getByRole('article').filter({ hasText: email });
  await expect(card).toHaveCount(1);
  await card.getByRole('button', { name: 'Buy Postage' }).click();
  const postage = page.getByRole('dialog', { name: 'Buy postage' });
  // The salts are a limited quantity: ground services only (docs/decisions/0046), Priority is not offered.
  await expect(postage.getByRole('radio')).toHaveCount(2);
  await expect(postage.getByRole('radio', { name: /Priority/ })).toHaveCount(0);
  await expect(postage.getByRole('radio').first()).toBeChecked();
  await page.screenshot({ path: test.info().outputPath('buy-postage.png') });
  await postage.getByRole('radio', { name: /USPS GroundAdvantage/ }).check();
  await postage.getByRole('button', { name: /^Buy and Print \(\$\d+\.\d{2}\)$/ }).click();
  await expect(page.getByText('Label Created', { exact: true })).toBeVisible();
  await expect(postage).toBeHidden();
  const tracking = fake.shipments().find((s) => s.reference === `order-${orderId}`)?.tracking_code ?? '';
  await expect(card.getByRole('link', { name: `Track ${tracking} with USPS` })).toHaveAttribute(
    'href',
    `${fake.url}/track/${tracking}`,
  );
  await expect(card).toContainText('Postage paid');
  await expect(card).toContainText('GroundAdvantage');
  await page.screenshot({ path: test.info().outputPath('postage-bought.png'), fullPage: true });

  // The carrier scans the parcel: the shopper's page and the order follow.
  await scan(tracking, 'in_transit', 'Arrived at USPS Regional Facility', { city: 'COLUMBUS', state: 'OH', zip: '43215' });
  await page.goto(link);
  await expect(page.getByTestId('order-status-label')).toHaveText('On its way');
  await expect(page.getByRole('region', { name: 'What happened' })).toContainText(
    'In transit: Arrived at USPS Regional Facility (COLUMBUS, OH 43215)',
  );
  await expect(page.getByRole('link', { name: /Track your parcel/ })).toHaveAttribute('href', `${fake.url}/track/${tracking}`);
  await page.screenshot({ path: test.info().outputPath('order-in-transit.png'), fullPage: true });
  await scan(tracking, 'delivered', 'Delivered, In/At Mailbox', { city: 'COLUMBUS', state: 'OH', zip: '43004' });
  await linkIn(email, /was delivered$/);
  await page.reload();
  await expect(page.getByTestId('order-status-label')).toHaveText('Delivered');
  await expect(page.getByRole('region', { name: 'Delivery' })).toContainText(/Delivered \w{3}, \w{3} \d+/);

  // The shopper sends the 3-pack back.
  const returns = page.getByRole('region', { name: 'Returns' });
  await returns.getByRole('button', { name: 'Return Items' }).click();
  const form = returns.getByRole('form', { name: 'Return items' });
  await form.getByRole('button', { name: 'Request Return' }).click();
  // The shared schema's word, beside the lines, and the keyboard on the first of them.
  const lines = form.getByRole('group', { name: 'What are you sending back?' });
  await expect(lines).toHaveAccessibleDescription('Choose at least one item to return');
  await expect(form.getByRole('combobox').first()).toBeFocused();
  await form.getByLabel(/Smelling Salts 3-Pack/).selectOption('1');
  await form.getByLabel('Why are you returning it?').fill('Too strong for my training partner.');
  await page.screenshot({ path: test.info().outputPath('return-form.png'), fullPage: true });
  await form.getByRole('button', { name: 'Request Return' }).click();
  await expect(returns.getByRole('status')).toContainText(/Return RMA-\d+ requested/);
  await expect(returns.getByTestId('shopper-return')).toContainText('Waiting for approval');
  const rma = /RMA-\d+/.exec((await returns.getByTestId('shopper-return').textContent()) ?? '')?.[0] ?? '';
  await linkIn(email, new RegExp(`^We received your return request ${rma}$`));

  // The owner approves it: a prepaid return label.
  await page.goto(`${base}/admin?tab=returns`);
  await expect(page.getByRole('tab', { name: /Returns \(1\)/ })).toBeVisible();
  const ret = page.getByRole('article').filter({ hasText: rma });
  await expect(ret).toContainText('Too strong for my training partner.');
  await ret.getByRole('button', { name: 'Approve' }).click();
  await expect(ret).toContainText('Prepaid USPS');
  await page.screenshot({ path: test.info().outputPath('returns-approved.png'), fullPage: true });
  const back = fake.shipments().find((s) => s.reference === rma)?.tracking_code ?? '';
  expect(back).not.toBe('');

  await page.goto(await linkIn(email, new RegExp(`^Your return ${rma} is approved$`)));
  await expect(page.getByRole('link', { name: 'Download return label (PDF)' })).toBeVisible();

  // The parcel comes back; the owner receives it and the 3-pack is refunded.
  await scan(back, 'delivered', 'Delivered to Ironwake Salts', { city: 'COLUMBUS', state: 'OH', zip: '43215' });
  await page.goto(`${base}/admin?tab=returns`);
  await ret.getByRole('button', { name: 'Receive' }).click();
  const receive = page.getByRole('dialog');
  await expect(receive.getByLabel('Put the items back in stock')).toBeChecked();
  await expect(receive.getByLabel(/Postage to refund/)).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('receive-return.png') });
  await receive.getByRole('button', { name: 'Receive and Refund $44.99' }).click();
  await expect(page.getByText('Return Received', { exact: true })).toBeVisible();
  await expect(ret).toContainText('Received');

  await page.goto(link);
  await expect(page.getByTestId('shopper-return')).toContainText('Received and refunded');
  await expect(page.getByRole('region', { name: 'Items' })).toContainText('Refunded−$44.99');
  await linkIn(email, new RegExp(`^Your return ${rma} is refunded$`));
  await page.screenshot({ path: test.info().outputPath('order-returned.png'), fullPage: true });
});
