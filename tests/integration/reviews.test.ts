import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, signedIn } from '../support/admin.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { count, secretOf, setInventory, shopper } from '../support/checkout.ts';
import { eventually } from '../support/eventually.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  t = await createTestApp({
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    RATE_LIMIT_REVIEWS_PER_HOUR: '30',
    RATE_LIMIT_REVIEW_CODES_PER_EMAIL_PER_HOUR: '3',
    RATE_LIMIT_REVIEW_CODES_PER_IP_PER_HOUR: '5',
    RATE_LIMIT_CHECKOUT_PER_MINUTE: '1000',
    RATE_LIMIT_SHIPPING_PER_MINUTE: '1000',
  });
  admin = await signedIn(t.app);
  await setInventory(t.app, 5, 500);
  await setInventory(t.app, 6, 500);
});
afterAll(() => t?.close());

let ip = 1;
const fromIp = () => ({ 'x-forwarded-for': `10.9.${Math.floor(ip / 250)}.${(ip++ % 250) + 1}` });

/** A buyer who checked out (and paid, unless told otherwise) with this e-mail; the order id. */
async function buyer(email: string, productId: number, pay = true): Promise<number> {
  const s = shopper(t.app);
  await s.add(productId, 1);
  const { secret, paymentIntentId } = secretOf((await s.checkout()).json().checkoutUrl);
  await s.ship(paymentIntentId, { email });
  if (pay) expect((await s.pay(secret)).json().status).toBe('succeeded');
  return (await t.app.inject({ url: `/api/checkout/${paymentIntentId}` })).json().orderId;
}

const post = (url: string, payload: Record<string, unknown>, headers: Record<string, string> = fromIp()) =>
  t.app.inject({ method: 'POST', url, headers, payload });
const requestCode = (email: string, productId: number, headers?: Record<string, string>) =>
  post('/api/reviews/verify-purchase', { email, productId }, headers);
const verifyCode = (email: string, productId: number, code: string) =>
  post('/api/reviews/verify-code', { email, productId, code });

const mailsTo = (email: string) => t.app.mailer.sent.filter((m) => m.to.toLowerCase() === email.toLowerCase());
const codesTo = (email: string) =>
  mailsTo(email)
    .map((m) => /\b(\d{6})\b/.exec(m.subject)?.[1])
    .filter((c): c is string => Boolean(c));

/** Asks for a code and reads it from the e-mail, as the shopper does. */
async function codeFor(email: string, productId: number): Promise<string> {
  const before = codesTo(email).length;
  const res = await requestCode(email, productId);
  expect(res.statusCode, res.body).toBe(202);
  expect(await eventually(async () => codesTo(email).length > before)).toBe(true);
  return codesTo(email).at(-1) ?? '';
}

async function tokenFor(email: string, productId: number): Promise<string> {
  const res = await verifyCode(email, productId, await codeFor(email, productId));
  expect(res.json()).toMatchObject({ canReview: true });
  return res.json().verificationToken;
}

/** A token signed with the store's own secret, as only the store can: to show expiry and the purchase check. */
async function storeSigned(claims: Record<string, unknown>): Promise<string> {
  const { rows } = (await t.app.database.db.execute(sql`select value from server_secrets where name = 'tokens'`)) as unknown as {
    rows: { value: string }[];
  };
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  const mac = createHmac('sha256', Buffer.from(rows[0]?.value ?? '', 'hex'))
    .update(payload)
    .digest('base64url');
  return `${payload}.${mac}`;
}

const review = (body: Record<string, unknown>) =>
  post('/api/reviews', {
    productId: 5,
    customerName: 'Sam',
    customerEmail: 'sam@example.com',
    rating: 5,
    title: 'Works',
    content: 'Sharp and clean.',
    ...body,
  });

describe('verify purchase: no oracle', () => {
  it('answers a buyer and a stranger byte for byte the same, and e-mails each a one-time code', async () => {
    await buyer('oracle.buyer@example.com', 5);
    const a = await requestCode('oracle.buyer@example.com', 5);
    const b = await requestCode('oracle.stranger@example.com', 5);
    expect(a.statusCode).toBe(202);
    expect(b.statusCode).toBe(a.statusCode);
    expect(b.body).toBe(a.body);
    expect(a.json()).toEqual({ sent: true });
    expect(b.headers['content-type']).toBe(a.headers['content-type']);
    expect(b.headers['content-length']).toBe(a.headers['content-length']);

    for (const email of ['oracle.buyer@example.com', 'oracle.stranger@example.com']) {
      expect(await eventually(async () => codesTo(email).length === 1)).toBe(true);
      const mail = mailsTo(email).find((m) => m.subject.endsWith('is your Ironwake review code'));
      expect(mail?.text).toMatch(/expires in 15 minutes/);
      expect(mail?.text).toContain('Single Bottle');
    }
    // The code is stored only as a hash.
    const code = codesTo('oracle.buyer@example.com')[0] ?? '';
    expect(await count(t.app, 'review_verifications', `code_hash like '%${code}%'`)).toBe(0);
    expect(await count(t.app, 'mail_outbox', `text_body like '%${code}%'`)).toBe(0); // erased once sent
  });

  it('tells the owner of the address, once the code is right: yes with a token to a buyer, no to anyone else', async () => {
    await buyer('Paid.Buyer@example.com', 6);
    await buyer('pending.buyer@example.com', 6, false);

    const yes = await verifyCode('PAID.buyer@EXAMPLE.com', 6, await codeFor('PAID.buyer@EXAMPLE.com', 6));
    expect(yes.statusCode).toBe(200);
    expect(yes.json()).toEqual({ canReview: true, verificationToken: expect.any(String) });

    for (const [email, productId] of [
      ['paid.buyer@example.com', 5], // not what they bought
      ['pending.buyer@example.com', 6], // not paid
      ['nobody@example.com', 6],
    ] as const) {
      const no = await verifyCode(email, productId, await codeFor(email, productId));
      expect(no.statusCode).toBe(200);
      expect(no.json()).toEqual({ canReview: false });
    }
  });

  it('a code works only for its e-mail and its product, and only once', async () => {
    await buyer('owner.of.code@example.com', 5);
    await buyer('other.buyer@example.com', 5);
    await buyer('owner.of.code@example.com', 6);
    await codeFor('other.buyer@example.com', 5);
    const code = await codeFor('owner.of.code@example.com', 5);

    const elsewhere = await verifyCode('other.buyer@example.com', 5, code);
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().message).toBe('That code is not right. Check the e-mail we sent you and try again.');
    expect((await verifyCode('owner.of.code@example.com', 6, code)).statusCode).toBe(400);

    expect((await verifyCode('owner.of.code@example.com', 5, code)).json().canReview).toBe(true);
    const again = await verifyCode('owner.of.code@example.com', 5, code);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('This code has expired or was replaced by a newer one. Please request a new code.');
  });

  it('a new code replaces the previous one', async () => {
    await buyer('twice.coded@example.com', 5);
    const first = await codeFor('twice.coded@example.com', 5);
    let second = await codeFor('twice.coded@example.com', 5);
    while (second === first) second = await codeFor('twice.coded@example.com', 5);
    expect((await verifyCode('twice.coded@example.com', 5, first)).statusCode).toBe(400);
    expect((await verifyCode('twice.coded@example.com', 5, second)).json().canReview).toBe(true);
  });

  it('five wrong codes use a code up; the right one is refused after that', async () => {
    await buyer('guesser@example.com', 5);
    const code = await codeFor('guesser@example.com', 5);
    const wrong = code === '000000' ? '111111' : '000000';
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push((await verifyCode('guesser@example.com', 5, wrong)).json().message);
    expect(answers.slice(0, 4)).toEqual(Array(4).fill('That code is not right. Check the e-mail we sent you and try again.'));
    expect(answers[4]).toBe('That code is not right, and it can no longer be used. Please request a new code.');
    const late = await verifyCode('guesser@example.com', 5, code);
    expect(late.statusCode).toBe(400);
    expect(late.json()).not.toHaveProperty('verificationToken');
  });

  it('concurrent guesses cannot try more than five codes', async () => {
    await codeFor('racer@example.com', 5);
    const guesses = Array.from({ length: 30 }, (_, i) => String(100000 + i));
    const results = await Promise.all(guesses.map((g) => verifyCode('racer@example.com', 5, g)));
    expect(results.every((r) => r.statusCode === 400)).toBe(true);
    const { rows } = (await t.app.database.db.execute(
      sql`select max(attempts)::int as n from review_verifications where email = 'racer@example.com'`,
    )) as unknown as { rows: { n: number }[] };
    expect(Number(rows[0]?.n)).toBe(5);
  });

  it('a code expires after 15 minutes', async () => {
    await buyer('slow.reader@example.com', 5);
    const code = await codeFor('slow.reader@example.com', 5);
    const { rows } = (await t.app.database.db.execute(
      sql`select extract(epoch from expires_at - created_at)::int as s from review_verifications where email = 'slow.reader@example.com'`,
    )) as unknown as { rows: { s: number }[] };
    expect(Number(rows[0]?.s)).toBe(15 * 60);
    await t.app.database.db.execute(
      sql`update review_verifications set expires_at = now() - interval '1 second' where email = 'slow.reader@example.com'`,
    );
    const res = await verifyCode('slow.reader@example.com', 5, code);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('This code has expired or was replaced by a newer one. Please request a new code.');
  });

  it('one address gets at most 3 codes an hour, and one client address asks for at most 5', async () => {
    const email = 'flooded@example.com';
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await requestCode(email, 5)).statusCode);
    expect(statuses).toEqual([202, 202, 202, 429, 429]);
    await new Promise((r) => setTimeout(r, 300));
    expect(mailsTo(email)).toHaveLength(3);

    const same = { 'x-forwarded-for': '10.8.8.8' };
    const fromOne = [];
    for (let i = 0; i < 7; i++) fromOne.push((await requestCode(`cannon-${i}@example.com`, 5, same)).statusCode);
    expect(fromOne).toEqual([202, 202, 202, 202, 202, 429, 429]);
    const limited = await requestCode('cannon-9@example.com', 5, same);
    expect(limited.json().message).toMatch(/^Too many verification codes requested\. Please try again in \d+ minutes?\.$/);
    await new Promise((r) => setTimeout(r, 300));
    expect(t.app.mailer.sent.filter((m) => m.to.startsWith('cannon-'))).toHaveLength(5);
  });

  it('refuses malformed requests with 400 and writes nothing', async () => {
    const before = [await count(t.app, 'review_verifications'), await count(t.app, 'mail_outbox')];
    for (const payload of [
      {},
      { email: 'x' },
      { email: 'a@b.co', productId: 'five' },
      { email: 'a@b.co', productId: -1 },
      { email: 'a@b.co', productId: 5, extra: true },
    ]) {
      const res = await post('/api/reviews/verify-purchase', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toHaveProperty('message');
    }
    for (const payload of [
      { email: 'a@b.co', productId: 5 },
      { email: 'a@b.co', productId: 5, code: '12345' },
      { email: 'a@b.co', productId: 5, code: '1234567' },
      { email: 'a@b.co', productId: 5, code: 'abcdef' },
      { email: 'a@b.co', productId: 5, code: 123456 },
      { email: 'a@b.co', code: '123456' },
    ]) {
      const res = await post('/api/reviews/verify-code', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toHaveProperty('message');
    }
    expect((await requestCode('a@b.co', 999)).statusCode).toBe(404);
    expect([await count(t.app, 'review_verifications'), await count(t.app, 'mail_outbox')]).toEqual(before);
  });
});

describe('submitting and publishing reviews', () => {
  it('needs a verification token of that e-mail and product: none, forged, tampered, expired or another product is refused', async () => {
    await buyer('tokens@example.com', 5);
    await buyer('tokens@example.com', 6);
    const before = await count(t.app, 'reviews');
    const six = await tokenFor('tokens@example.com', 6);

    const missing = await review({ customerEmail: 'tokens@example.com' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fieldErrors).toHaveProperty('verificationToken');

    const [payload] = six.split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString());
    const tampered = `${Buffer.from(JSON.stringify({ ...claims, productId: 5 })).toString('base64url')}.${six.split('.')[1]}`;
    const forged = (() => {
      const p = Buffer.from(JSON.stringify({ ...claims, productId: 5 })).toString('base64url');
      return `${p}.${createHmac('sha256', 'guessed-secret').update(p).digest('base64url')}`;
    })();
    const expired = await storeSigned({ ...claims, productId: 5, exp: Math.floor(Date.now() / 1000) - 1 });
    for (const [why, verificationToken] of [
      ['another product', six],
      ['tampered', tampered],
      ['forged', forged],
      ['expired', expired],
      ['garbage', 'not-a-token'],
    ] as const) {
      const res = await review({ customerEmail: 'tokens@example.com', verificationToken });
      expect(res.statusCode, why).toBe(403);
      expect(res.json().message).toBe('Your purchase verification has expired. Please verify your purchase again.');
    }
    // Another e-mail with this buyer's token.
    const other = await review({ productId: 6, customerEmail: 'someone.else@example.com', verificationToken: six });
    expect(other.statusCode).toBe(403);
    expect(await count(t.app, 'reviews')).toBe(before);

    expect((await review({ productId: 6, customerEmail: 'TOKENS@example.com', verificationToken: six })).statusCode).toBe(201);
  });

  it('checks the purchase again whatever the token says, and takes one review per buyer', async () => {
    const before = await count(t.app, 'reviews');
    const strangersToken = await storeSigned({
      purpose: 'review',
      email: 'stranger@example.com',
      productId: 5,
      exp: Math.floor(Date.now() / 1000) + 600,
    });
    const none = await review({ customerEmail: 'stranger@example.com', verificationToken: strangersToken });
    expect(none.statusCode).toBe(403);
    expect(none.json().message).toBe('Only customers who have purchased this product can leave reviews.');
    expect(await count(t.app, 'reviews')).toBe(before);

    await buyer('twice@example.com', 5);
    const token = await tokenFor('twice@example.com', 5);
    expect((await review({ customerEmail: 'twice@example.com', verificationToken: token })).statusCode).toBe(201);
    const again = await review({ customerEmail: 'TWICE@example.com', title: 'Again', verificationToken: token });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You have already reviewed this product');
    expect(await count(t.app, 'reviews', `lower(customer_email) = 'twice@example.com'`)).toBe(1);
  });

  it('validates every field and writes nothing on bad input', async () => {
    await buyer('fields@example.com', 5);
    const verificationToken = await tokenFor('fields@example.com', 5);
    const before = await count(t.app, 'reviews');
    const cases = [
      { rating: 0 },
      { rating: 6 },
      { rating: 4.5 },
      { customerName: '' },
      { title: '   ' },
      { content: '' },
      { content: 'x'.repeat(2001) },
      { customerEmail: 'not-an-email' },
      { isApproved: true },
      { productId: 'abc' },
      { verificationToken: '' },
      { verificationToken: 'x'.repeat(2000) },
    ];
    for (const patch of cases) {
      const res = await review({ customerEmail: 'fields@example.com', verificationToken, ...patch });
      expect(res.statusCode, JSON.stringify(patch).slice(0, 60)).toBe(400);
    }
    expect(await count(t.app, 'reviews')).toBe(before);
  });

  it('keeps a review hidden until the owner approves it; its markup is kept as text; stats round to one decimal', async () => {
    const product = 6;
    for (const [i, rating] of [5, 4, 4].entries()) {
      const email = `stats-${i}@example.com`;
      await buyer(email, product);
      const res = await review({
        productId: product,
        customerEmail: email,
        verificationToken: await tokenFor(email, product),
        rating,
        title: i === 0 ? '<b>Bold</b> claim' : `Review ${i}`,
        content: i === 0 ? '<script>alert("x")</script> strong stuff' : 'Does the job.',
      });
      expect(res.statusCode).toBe(201);
    }
    const publicList = async () =>
      (await t.app.inject({ url: `/api/reviews?productId=${product}` })).json() as Record<string, unknown>[];
    const stats = async () => (await t.app.inject({ url: `/api/reviews/stats/${product}` })).json();
    const ownBefore = (await publicList()).length;
    expect(ownBefore).toBe(0);
    expect(await stats()).toEqual({ totalReviews: 0, averageRating: 0 });

    const { reviews: all } = (await admin.call('GET', '/api/admin/reviews')).json() as {
      reviews: { id: number; title: string; isApproved: boolean; isVerified: boolean; customerEmail: string }[];
    };
    const mine = all.filter((r) => r.customerEmail.startsWith('stats-'));
    expect(mine).toHaveLength(3);
    expect(mine.every((r) => r.isVerified && !r.isApproved)).toBe(true);
    for (const r of mine) expect((await admin.call('PUT', `/api/admin/reviews/${r.id}/approve`)).statusCode).toBe(200);

    const list = await publicList();
    expect(list).toHaveLength(3);
    expect(list.every((r) => !('customerEmail' in r))).toBe(true);
    const marked = list.find((r) => r.title === '<b>Bold</b> claim');
    expect(marked?.content).toBe('<script>alert("x")</script> strong stuff');
    expect(await stats()).toEqual({ totalReviews: 3, averageRating: 4.3 });

    // Deleting is permanent.
    const first = mine[0];
    expect((await admin.call('DELETE', `/api/admin/reviews/${first?.id}`)).statusCode).toBe(200);
    expect((await admin.call('DELETE', `/api/admin/reviews/${first?.id}`)).statusCode).toBe(404);
    expect((await stats()).totalReviews).toBe(2);
  });

  it('the admin review endpoints need a session', async () => {
    for (const [method, url] of [
      ['GET', '/api/admin/reviews'],
      ['PUT', '/api/admin/reviews/1/approve'],
      ['DELETE', '/api/admin/reviews/1'],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: { origin: 'http://store.test' } });
      expect(res.statusCode).toBe(401);
    }
    expect((await admin.call('PUT', '/api/admin/reviews/999999/approve')).statusCode).toBe(404);
    expect((await admin.call('PUT', '/api/admin/reviews/x/approve')).statusCode).toBe(400);
  });

  it('unknown products and bad queries answer 4xx', async () => {
    expect((await t.app.inject({ url: '/api/reviews' })).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/reviews?productId=abc' })).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/reviews/stats/0' })).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/reviews?productId=999' })).json()).toEqual([]);
    expect((await review({ productId: 999, verificationToken: 'x.y' })).statusCode).toBe(404);
  });
});

describe('the review link in the shipped e-mail', () => {
  it('carries one signed link per product, valid about 60 days, that verifies the buyer without a code', async () => {
    const email = 'Link.Buyer@example.com';
    const s = shopper(t.app);
    await s.add(5, 1);
    await s.add(6, 1);
    const { secret, paymentIntentId } = secretOf((await s.checkout()).json().checkoutUrl);
    await s.ship(paymentIntentId, { email });
    await s.pay(secret);
    const orderId = (await t.app.inject({ url: `/api/checkout/${paymentIntentId}` })).json().orderId;
    expect((await admin.call('PUT', `/api/orders/${orderId}/status`, { status: 'shipped' })).statusCode).toBe(200);

    const shipped = () => mailsTo(email).find((m) => m.subject === `Your Ironwake order #${orderId} has shipped`);
    expect(await eventually(async () => Boolean(shipped()))).toBe(true);
    const mail = shipped();
    const links = [...(mail?.text ?? '').matchAll(/http:\/\/store\.test\/product\/(\d+)\?review=([A-Za-z0-9_.-]+)/g)];
    expect(links.map((l) => Number(l[1])).sort()).toEqual([5, 6]);
    for (const [, id] of links) expect(mail?.html).toContain(`http://store.test/product/${id}?review=`);

    const token = links.find((l) => l[1] === '5')?.[2] ?? '';
    const claims = JSON.parse(Buffer.from(token.split('.')[0] ?? '', 'base64url').toString());
    expect(claims).toMatchObject({ purpose: 'review', email: 'link.buyer@example.com', productId: 5 });
    const days = (claims.exp * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(59);
    expect(days).toBeLessThanOrEqual(60);

    const res = await review({ productId: 5, customerEmail: email, verificationToken: token });
    expect(res.statusCode).toBe(201);
    // The other product's link does not open this product.
    const six = links.find((l) => l[1] === '6')?.[2] ?? '';
    expect((await review({ productId: 5, customerEmail: email, verificationToken: six, title: 'x' })).statusCode).toBe(403);
  });
});
