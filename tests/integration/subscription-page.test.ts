import { sql } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCents, parseCents } from '#shared/money.ts';
import {
  CARD_CONFIRMED_BY_TEST_FORM,
  SUBSCRIPTION_CANCELLED,
  SUBSCRIPTION_INTERVAL_NOT_OFFERED,
  SUBSCRIPTION_LINK_INVALID,
  SUBSCRIPTION_PAUSED_SKIP,
  SUBSCRIPTION_SETUP_NOT_FINISHED,
  type SubscriptionPageView,
} from '#shared/subscription-page.ts';
import { createTokenSigner, purposeToken } from '#server/lib/signed-tokens.ts';
import { ownerStore } from '../support/admin.ts';
import type { TestApp } from '../support/app.ts';
import { setInventory } from '../support/checkout.ts';
import { eventually } from '../support/eventually.ts';
import { startSmtpServer } from '../support/smtp.ts';
import { subscribedShopper } from '../support/subscriptions.ts';

/**
 * The shopper's subscription page (issue 31 item 4; docs/decisions/0054): the signed link opens
 * one subscription; skip, pause, resume, interval, "ask me first", a one-click cancellation
 * confirmed by one e-mail, and a new card through the provider's setup. A link that opens nothing
 * answers one 404 and changes nothing; a cancelled subscription changes no more.
 */
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
const LIMIT = 40;
const DAY_MS = 86_400_000;
const WEEK_MS = 7 * DAY_MS;

type Rows<T> = { rows: T[] };
const q = async <T>(query: ReturnType<typeof sql>) => ((await t.app.database.db.execute(query)) as unknown as Rows<T>).rows;
const eventsOf = async (id: number) =>
  q<{ kind: string; actor: string; detail: string }>(
    sql`select kind, actor, detail from subscription_events where subscription_id = ${id} order by id`,
  );
const rowOf = async (id: number) =>
  (
    await q<{ status: string; next_renewal_at: string; failed_attempts: number; notice_sent_for: string | null }>(
      sql`select status, next_renewal_at, failed_attempts, notice_sent_for from subscriptions where id = ${id}`,
    )
  )[0];

// Each story calls from a network of its own: the page's limit is per network.
let net = 0;
const client = () => {
  const remoteAddress = `10.9.${++net}.1`;
  return (method: 'GET' | 'POST' | 'PUT', path: string, payload?: unknown) =>
    t.app.inject({ method, url: path, remoteAddress, ...(payload === undefined ? {} : { payload: payload as object }) });
};

beforeAll(async () => {
  smtp = await startSmtpServer();
  ({ t } = await ownerStore({ SMTP_URL: smtp.url, RATE_LIMIT_SUBSCRIPTION_PAGE_PER_MINUTE: String(LIMIT), LOG_LEVEL: 'error' }));
  await setInventory(t.app, 5, 500);
  await setInventory(t.app, 6, 500);
  await t.app.database.db.execute(
    sql`update products set subscription_intervals_weeks = '[2, 4, 8]', subscription_discount_percent = 10 where id in (5, 6)`,
  );
  await t.app.services.catalog.catalogChanged();
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('reading the page', () => {
  it('shows the items at today’s price less the discount, the next amount with shipping, the masked address and the card', async () => {
    const s = await subscribedShopper(t.app, { quantity: 2, discountPercent: 10, email: 'reader@example.com' });
    const res = await client()('GET', `/api/subscriptions/${s.token}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toContain('no-store');
    const v = res.json<SubscriptionPageView>();
    const price = parseCents((await t.app.services.catalog.getActiveProduct(5))?.price ?? '0');
    const unit = Math.round((price * 90) / 100);
    const { rateCents, freeOverCents } = t.app.services.settings.shipping();
    const shipping = freeOverCents !== null && unit * 2 >= freeOverCents ? 0 : rateCents;
    expect(v).toMatchObject({
      id: s.subscriptionId,
      status: 'active',
      email: 'r***@example.com',
      intervalWeeks: 4,
      intervalsOffered: [2, 4, 8],
      discountPercent: 10,
      nextSubtotal: formatCents(unit * 2),
      nextShipping: formatCents(shipping),
      nextAmount: formatCents(unit * 2 + shipping),
      card: { brand: 'visa', last4: '4242' },
      failedAttempts: 0,
      lastFailure: null,
    });
    expect(v.items).toEqual([
      {
        productId: 5,
        name: expect.any(String),
        quantity: 2,
        unitPrice: formatCents(unit),
        regularPrice: formatCents(price),
        available: true,
      },
    ]);
    expect(v.history.map((h) => h.kind)).toEqual(['created']);
    expect(res.body).not.toContain('reader@example.com');
  });

  it('answers one 404 for a garbled, forged, expired or other-purpose token, and writes nothing for any of them', async () => {
    const s = await subscribedShopper(t.app);
    const [payload = '', mac = ''] = s.token.split('.');
    const signer = purposeToken(createTokenSigner(t.app.tokenSecret), 'subscription', -60_000);
    const forgedClaims = Buffer.from(
      JSON.stringify({ subscriptionId: s.subscriptionId + 1, purpose: 'subscription', exp: 9e9 }),
    ).toString('base64url');
    const bad = [
      'nonsense',
      `${payload}.${mac.slice(0, -2)}AA`,
      `${forgedClaims}.${mac}`,
      signer.sign({ subscriptionId: s.subscriptionId }),
      t.app.orderLinks.link(s.firstOrderId).split('/').pop() ?? '',
    ];
    const call = client();
    const before = await eventsOf(s.subscriptionId);
    for (const token of bad) {
      for (const [method, path] of [
        ['GET', ''],
        ['POST', '/cancel'],
        ['POST', '/pause'],
        ['POST', '/skip'],
        ['POST', '/card'],
      ] as const) {
        const res = await call(method, `/api/subscriptions/${token}${path}`);
        expect(res.statusCode, `${method} ${path} ${token}`).toBe(404);
        expect(res.json().message).toBe(SUBSCRIPTION_LINK_INVALID);
      }
      const put = await call('PUT', `/api/subscriptions/${token}`, { intervalWeeks: 8 });
      expect(put.statusCode).toBe(404);
    }
    expect(await eventsOf(s.subscriptionId)).toEqual(before);
    expect((await rowOf(s.subscriptionId))?.status).toBe('active');
  });
});

describe('the order page', () => {
  it('links the subscription the order started, and a one-time order links none', async () => {
    const s = await subscribedShopper(t.app);
    const orderToken = t.app.orderLinks.link(s.firstOrderId).split('/').pop() ?? '';
    const res = await t.app.inject({ method: 'GET', url: `/api/order-status/${orderToken}` });
    expect(res.statusCode, res.body).toBe(200);
    // The link is signed when the page is read (its expiry may be a second after the shopper's own):
    // it opens the same subscription as the shopper's link.
    const linked = res.json().subscription as { path: string; renewal: boolean };
    expect(linked.renewal).toBe(false);
    expect(linked.path).toMatch(/^\/subscriptions\/[\w-]+\.[\w-]+$/);
    const opened = await client()('GET', `/api/${linked.path.slice(1)}`);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toEqual((await client()('GET', `/api/subscriptions/${s.token}`)).json());
    await t.app.database.db.execute(sql`delete from subscriptions where id = ${s.subscriptionId}`);
    const oneTime = await t.app.inject({ method: 'GET', url: `/api/order-status/${orderToken}` });
    expect(oneTime.json().subscription).toBeNull();
  });
});

describe('changes from the page', () => {
  it('skips the next delivery by one interval and forgets that date’s notice', async () => {
    const s = await subscribedShopper(t.app, { intervalWeeks: 4 });
    const before = new Date((await rowOf(s.subscriptionId))?.next_renewal_at ?? 0);
    await t.app.database.db.execute(
      sql`update subscriptions set notice_sent_for = next_renewal_at, confirmed_for = next_renewal_at where id = ${s.subscriptionId}`,
    );
    const res = await client()('POST', `/api/subscriptions/${s.token}/skip`);
    expect(res.statusCode, res.body).toBe(200);
    expect(new Date(res.json<SubscriptionPageView>().nextRenewalAt).getTime()).toBe(before.getTime() + 4 * WEEK_MS);
    expect((await rowOf(s.subscriptionId))?.notice_sent_for).toBeNull();
    expect((await eventsOf(s.subscriptionId)).at(-1)).toMatchObject({ kind: 'skipped', actor: 'shopper' });
  });

  it('pauses (twice: one event), refuses a skip while paused, and resumes on the old date or a day from now', async () => {
    const s = await subscribedShopper(t.app);
    const call = client();
    const date = (await call('GET', `/api/subscriptions/${s.token}`)).json<SubscriptionPageView>().nextRenewalAt;
    expect((await call('POST', `/api/subscriptions/${s.token}/pause`)).json<SubscriptionPageView>().status).toBe('paused');
    expect((await call('POST', `/api/subscriptions/${s.token}/pause`)).statusCode).toBe(200);
    expect((await eventsOf(s.subscriptionId)).filter((e) => e.kind === 'paused')).toHaveLength(1);
    const skip = await call('POST', `/api/subscriptions/${s.token}/skip`);
    expect(skip.statusCode).toBe(409);
    expect(skip.json().message).toBe(SUBSCRIPTION_PAUSED_SKIP);

    const resumed = (await call('POST', `/api/subscriptions/${s.token}/resume`)).json<SubscriptionPageView>();
    expect(resumed).toMatchObject({ status: 'active', nextRenewalAt: date });

    // Paused past its date: it comes back a day from now, never charged at once.
    await call('POST', `/api/subscriptions/${s.token}/pause`);
    await t.app.database.db.execute(
      sql`update subscriptions set next_renewal_at = now() - interval '3 days', failed_attempts = 2 where id = ${s.subscriptionId}`,
    );
    const late = (await call('POST', `/api/subscriptions/${s.token}/resume`)).json<SubscriptionPageView>();
    const at = new Date(late.nextRenewalAt).getTime();
    expect(at).toBeGreaterThan(Date.now() + DAY_MS - 60_000);
    expect(at).toBeLessThan(Date.now() + DAY_MS + 60_000);
    expect(late.failedAttempts).toBe(0);
  });

  it('changes the interval to one offered, counted from the start, and refuses any other', async () => {
    const s = await subscribedShopper(t.app, { intervalWeeks: 4 });
    const call = client();
    const created = new Date(
      (await q<{ created_at: string }>(sql`select created_at from subscriptions where id = ${s.subscriptionId}`))[0]
        ?.created_at ?? 0,
    );
    const res = await call('PUT', `/api/subscriptions/${s.token}`, { intervalWeeks: 8 });
    expect(res.statusCode, res.body).toBe(200);
    const v = res.json<SubscriptionPageView>();
    expect(v.intervalWeeks).toBe(8);
    expect(new Date(v.nextRenewalAt).getTime()).toBe(created.getTime() + 8 * WEEK_MS);
    expect((await eventsOf(s.subscriptionId)).at(-1)).toMatchObject({ kind: 'interval_changed', actor: 'shopper' });

    const events = (await eventsOf(s.subscriptionId)).length;
    const notOffered = await call('PUT', `/api/subscriptions/${s.token}`, { intervalWeeks: 3 });
    expect(notOffered.statusCode).toBe(400);
    expect(notOffered.json().message).toBe(SUBSCRIPTION_INTERVAL_NOT_OFFERED);
    for (const body of [
      { intervalWeeks: 0 },
      { intervalWeeks: 53 },
      { intervalWeeks: 2.5 },
      { intervalWeeks: '8' },
      {},
      { intervalWeeks: 8, status: 'active' },
    ]) {
      const bad = await call('PUT', `/api/subscriptions/${s.token}`, body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
    }
    // The same interval again changes nothing.
    expect((await call('PUT', `/api/subscriptions/${s.token}`, { intervalWeeks: 8 })).statusCode).toBe(200);
    expect((await eventsOf(s.subscriptionId)).length).toBe(events);

    const ask = await call('PUT', `/api/subscriptions/${s.token}`, { askFirst: true });
    expect(ask.json<SubscriptionPageView>().askFirst).toBe(true);
  });

  it('moves the next delivery to a day the shopper picks (the notice’s Change date), at its time of day, and refuses days out of range', async () => {
    const s = await subscribedShopper(t.app, { intervalWeeks: 4 });
    const call = client();
    await t.app.database.db.execute(
      sql`update subscriptions set notice_sent_for = next_renewal_at, failed_attempts = 1, retry_at = now() where id = ${s.subscriptionId}`,
    );
    const before = new Date((await rowOf(s.subscriptionId))?.next_renewal_at ?? 0);
    const day = (n: number) => new Date(Date.now() + n * DAY_MS).toISOString().slice(0, 10);
    const res = await call('PUT', `/api/subscriptions/${s.token}`, { nextDeliveryOn: day(10) });
    expect(res.statusCode, res.body).toBe(200);
    const moved = new Date(res.json<SubscriptionPageView>().nextRenewalAt);
    expect(moved.toISOString().slice(0, 10)).toBe(day(10));
    expect(moved.toISOString().slice(11)).toBe(before.toISOString().slice(11));
    const row = await rowOf(s.subscriptionId);
    expect(row).toMatchObject({ notice_sent_for: null, failed_attempts: 0 });
    expect((await eventsOf(s.subscriptionId)).at(-1)).toMatchObject({ kind: 'date_changed', actor: 'shopper' });

    const events = (await eventsOf(s.subscriptionId)).length;
    for (const nextDeliveryOn of [day(0), day(-3), day(200), '2027-02-30', '27-01-01', 'tomorrow', 20270101]) {
      const bad = await call('PUT', `/api/subscriptions/${s.token}`, { nextDeliveryOn });
      expect(bad.statusCode, String(nextDeliveryOn)).toBe(400);
      expect(bad.json().message).toBeTruthy();
    }
    expect((await eventsOf(s.subscriptionId)).length).toBe(events);
    expect(new Date((await rowOf(s.subscriptionId))?.next_renewal_at ?? 0).getTime()).toBe(moved.getTime());

    await call('POST', `/api/subscriptions/${s.token}/cancel`);
    expect((await call('PUT', `/api/subscriptions/${s.token}`, { nextDeliveryOn: day(5) })).statusCode).toBe(409);
  });

  it('shows an “ask me first” renewal as waiting until the shopper confirms it from the page', async () => {
    const s = await subscribedShopper(t.app, { askFirst: true });
    const call = client();
    const page = (await call('GET', `/api/subscriptions/${s.token}`)).json<SubscriptionPageView>();
    expect(page.awaitingConfirmation).toBe(true);
    const confirmed = await call('POST', `/api/subscriptions/${s.token}/confirm`, { for: page.nextRenewalAt });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await call('GET', `/api/subscriptions/${s.token}`)).json<SubscriptionPageView>().awaitingConfirmation).toBe(false);
    // A new date is a new order to confirm.
    const day = new Date(Date.now() + 12 * DAY_MS).toISOString().slice(0, 10);
    const moved = await call('PUT', `/api/subscriptions/${s.token}`, { nextDeliveryOn: day });
    expect(moved.json<SubscriptionPageView>().awaitingConfirmation).toBe(true);
    const bad = await call('POST', '/api/subscriptions/not.a-token/confirm', {});
    expect(bad.statusCode).toBe(404);
    expect(bad.json().message).toBe(SUBSCRIPTION_LINK_INVALID);
  });
});

describe('cancelling', () => {
  const mailsTo = (to: string) =>
    smtp.received.filter(
      (m: ParsedMail) => JSON.stringify(m.to ?? '').includes(to) && m.subject?.includes('subscription is cancelled'),
    );

  it('cancels in one click, e-mails one confirmation however often it is asked, and then changes nothing more', async () => {
    const s = await subscribedShopper(t.app, { email: 'leaving@example.com' });
    const call = client();
    const first = await call('POST', `/api/subscriptions/${s.token}/cancel`);
    expect(first.statusCode, first.body).toBe(200);
    const v = first.json<SubscriptionPageView>();
    expect(v.status).toBe('cancelled');
    expect(v.cancelledAt).not.toBeNull();
    const again = await call('POST', `/api/subscriptions/${s.token}/cancel`);
    expect(again.statusCode).toBe(200);
    expect(again.json<SubscriptionPageView>()).toMatchObject({ status: 'cancelled', cancelledAt: v.cancelledAt });

    expect(await eventually(async () => mailsTo('leaving@example.com').length === 1)).toBe(true);
    const mail = mailsTo('leaving@example.com')[0];
    expect(mail?.subject).toBe('Your Ironwake subscription is cancelled');
    expect(mail?.text).toContain('will not be charged for it again');
    // The e-mail's link opens this subscription (its token is signed as the e-mail is written, so
    // its expiry may be a second later than the one the shopper holds).
    const link = /\/subscriptions\/([\w.-]+)/.exec(mail?.text ?? '')?.[1] ?? '';
    expect(link, mail?.text).not.toBe('');
    expect((await call('GET', `/api/subscriptions/${link}`)).json()).toEqual(
      (await call('GET', `/api/subscriptions/${s.token}`)).json(),
    );
    await new Promise((r) => setTimeout(r, 500));
    expect(mailsTo('leaving@example.com')).toHaveLength(1);
    expect((await eventsOf(s.subscriptionId)).filter((e) => e.kind === 'cancelled')).toHaveLength(1);

    for (const action of ['skip', 'pause', 'resume', 'card']) {
      const res = await call('POST', `/api/subscriptions/${s.token}/${action}`);
      expect(res.statusCode, action).toBe(409);
      expect(res.json().message).toBe(SUBSCRIPTION_CANCELLED);
    }
    expect((await call('PUT', `/api/subscriptions/${s.token}`, { intervalWeeks: 8 })).statusCode).toBe(409);
    expect((await rowOf(s.subscriptionId))?.status).toBe('cancelled');
  });
});

describe('cancelling at once from many tabs', () => {
  it('cancels once, writes one event and queues one e-mail', async () => {
    const s = await subscribedShopper(t.app);
    const call = client();
    const answers = await Promise.all(Array.from({ length: 5 }, () => call('POST', `/api/subscriptions/${s.token}/cancel`)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect((await eventsOf(s.subscriptionId)).filter((e) => e.kind === 'cancelled')).toHaveLength(1);
    const queued = await q<{ n: number }>(
      sql`select count(*)::int as n from mail_outbox where kind = 'subscription_cancelled' and ref = ${s.subscriptionId}`,
    );
    expect(queued[0]?.n).toBe(1);
  });
});

describe('replacing the card', () => {
  it('saves a new test card through a setup and keeps the failed tries for the renewals to decide', async () => {
    const s = await subscribedShopper(t.app);
    const other = await subscribedShopper(t.app);
    const call = client();
    await t.app.database.db.execute(sql`update subscriptions set failed_attempts = 2 where id = ${s.subscriptionId}`);

    const started = await call('POST', `/api/subscriptions/${s.token}/card`);
    expect(started.statusCode, started.body).toBe(200);
    const { setupId, clientSecret, provider } = started.json<{ setupId: string; clientSecret: string; provider: string }>();
    expect(provider).toBe('test');
    expect(clientSecret.startsWith(`${setupId}_secret_`)).toBe(true);
    // Stripe's server confirmation is not the built-in provider's: its own card form confirms its setups.
    const viaStripe = await call('POST', `/api/subscriptions/${s.token}/card/confirm`, {
      setupId,
      confirmationToken: 'ctoken_abcdefghijkl',
    });
    expect(viaStripe.statusCode).toBe(409);
    expect(viaStripe.json().message).toBe(CARD_CONFIRMED_BY_TEST_FORM);

    // Not confirmed yet: nothing to use.
    const early = await call('POST', `/api/subscriptions/${s.token}/card/complete`, { setupId });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(SUBSCRIPTION_SETUP_NOT_FINISHED);

    const wrongSecret = await call('POST', '/api/payments/test/setup/confirm', {
      setupId: `${setupId}_secret_AAAAAAAAAAAAAAAAAAAAAAAA`,
      cardNumber: '4242 4242 4242 4242',
    });
    expect(wrongSecret.statusCode).toBe(404);
    const declined = await call('POST', '/api/payments/test/setup/confirm', {
      setupId: clientSecret,
      cardNumber: '4000 0000 0000 0002',
    });
    expect(declined.json()).toEqual({ status: 'requires_payment_method', message: 'Your card was declined.' });
    const saved = await call('POST', '/api/payments/test/setup/confirm', {
      setupId: clientSecret,
      cardNumber: '4000 0000 0000 0341',
    });
    expect(saved.json()).toEqual({ status: 'succeeded' });

    // Another subscription's page cannot take this customer's card.
    const stolen = await call('POST', `/api/subscriptions/${other.token}/card/complete`, { setupId });
    expect(stolen.statusCode).toBe(409);

    const done = await call('POST', `/api/subscriptions/${s.token}/card/complete`, { setupId });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json<SubscriptionPageView>()).toMatchObject({ card: { brand: 'visa', last4: '0341' }, failedAttempts: 2 });
    const [method] = await q<{ id: string; declines_off_session: boolean; customer_id: string }>(
      sql`select m.id, m.declines_off_session, m.customer_id from subscriptions s join test_payment_methods m on m.id = s.payment_method_id where s.id = ${s.subscriptionId}`,
    );
    expect(method).toMatchObject({ declines_off_session: true, customer_id: s.customerId });
    expect(method?.id).not.toBe(s.paymentMethodId);
    expect((await eventsOf(s.subscriptionId)).at(-1)).toMatchObject({ kind: 'card_replaced', actor: 'shopper' });

    const badId = await call('POST', `/api/subscriptions/${s.token}/card/complete`, { setupId: 'pm_123' });
    expect(badId.statusCode).toBe(400);
    const unknown = await call('POST', '/api/payments/test/setup/confirm', {
      setupId: 'seti_AAAAAAAAAAAAAAAAAAAAAAAA',
      cardNumber: '4242424242424242',
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('a stranger with a script', () => {
  it('is limited per network: past the limit 429, another network still served', async () => {
    const s = await subscribedShopper(t.app);
    const call = client();
    const codes: number[] = [];
    for (let i = 0; i < LIMIT + 1; i++) codes.push((await call('GET', `/api/subscriptions/nonsense-${i}`)).statusCode);
    expect(codes.slice(0, LIMIT).every((c) => c === 404)).toBe(true);
    expect(codes.at(-1)).toBe(429);
    expect((await call('GET', `/api/subscriptions/${s.token}`)).statusCode).toBe(429);
    expect((await client()('GET', `/api/subscriptions/${s.token}`)).statusCode).toBe(200);
  });
});
