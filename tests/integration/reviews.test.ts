import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, signedIn } from '../support/admin.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { count, secretOf, setInventory, shopper } from '../support/checkout.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  t = await createTestApp({
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    RATE_LIMIT_REVIEWS_PER_HOUR: '8',
    RATE_LIMIT_CHECKOUT_PER_MINUTE: '1000',
    RATE_LIMIT_SHIPPING_PER_MINUTE: '1000',
  });
  admin = await signedIn(t.app);
  await setInventory(t.app, 5, 500);
  await setInventory(t.app, 6, 500);
});
afterAll(() => t?.close());

let ip = 1;
const fromIp = () => ({ 'x-forwarded-for': `10.9.0.${ip++}` });

/** A buyer who checked out (and paid, unless told otherwise) with this e-mail. */
async function buyer(email: string, productId: number, pay = true) {
  const s = shopper(t.app);
  await s.add(productId, 1);
  const { secret, paymentIntentId } = secretOf((await s.checkout()).json().checkoutUrl);
  await s.ship(paymentIntentId, { email });
  if (pay) expect((await s.pay(secret)).json().status).toBe('succeeded');
}

const verify = (email: string, productId: number) =>
  t.app.inject({ method: 'POST', url: '/api/reviews/verify-purchase', headers: fromIp(), payload: { email, productId } });

const review = (body: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/reviews',
    headers: fromIp(),
    payload: {
      productId: 5,
      customerName: 'Sam',
      customerEmail: 'sam@example.com',
      rating: 5,
      title: 'Works',
      content: 'Sharp and clean.',
      ...body,
    },
  });

describe('verify purchase', () => {
  it('is false for an unknown e-mail and for an unpaid order, true once paid, in any letter case', async () => {
    expect((await verify('nobody@example.com', 5)).json()).toEqual({ canReview: false });
    await buyer('Pending.Buyer@example.com', 5, false);
    expect((await verify('pending.buyer@example.com', 5)).json()).toEqual({ canReview: false });

    await buyer('Paid.Buyer@example.com', 6);
    expect((await verify('PAID.buyer@EXAMPLE.com', 6)).json()).toEqual({ canReview: true });
    // Only for what was bought.
    expect((await verify('paid.buyer@example.com', 5)).json()).toEqual({ canReview: false });
  });

  it('refuses malformed requests with 400', async () => {
    for (const payload of [{}, { email: 'x' }, { email: 'a@b.co', productId: 'five' }, { email: 'a@b.co', productId: -1 }]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/reviews/verify-purchase', headers: fromIp(), payload });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toHaveProperty('message');
    }
  });

  it('is throttled per e-mail across addresses and per address across e-mails', async () => {
    for (let i = 0; i < 8; i++) expect((await verify('probe@example.com', 5)).statusCode).toBe(200);
    expect((await verify('probe@example.com', 5)).statusCode).toBe(429);

    const same = { 'x-forwarded-for': '10.8.8.8' };
    const codes: number[] = [];
    for (let i = 0; i < 9; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/reviews/verify-purchase',
        headers: same,
        payload: { email: `list-${i}@example.com`, productId: 5 },
      });
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, 8)).toEqual(Array(8).fill(200));
    expect(codes[8]).toBe(429);
  });
});

describe('submitting and publishing reviews', () => {
  it('refuses a review without a purchase, and a second one from the same buyer', async () => {
    const before = await count(t.app, 'reviews');
    const none = await review({ customerEmail: 'stranger@example.com' });
    expect(none.statusCode).toBe(403);
    expect(none.json().message).toBe('Only customers who have purchased this product can leave reviews.');
    expect(await count(t.app, 'reviews')).toBe(before);

    await buyer('twice@example.com', 5);
    expect((await review({ customerEmail: 'twice@example.com' })).statusCode).toBe(201);
    const again = await review({ customerEmail: 'TWICE@example.com', title: 'Again' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You have already reviewed this product');
    expect(await count(t.app, 'reviews', `lower(customer_email) = 'twice@example.com'`)).toBe(1);
  });

  it('validates every field and writes nothing on bad input', async () => {
    await buyer('fields@example.com', 5);
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
    ];
    for (const patch of cases) {
      const res = await review({ customerEmail: 'fields@example.com', ...patch });
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
        rating,
        title: i === 0 ? '<b>Bold</b> claim' : `Review ${i}`,
        content: i === 0 ? '<script>alert("x")</script> strong stuff' : 'Does the job.',
      });
      expect(res.statusCode).toBe(201);
    }
    const publicList = async () =>
      (await t.app.inject({ url: `/api/reviews?productId=${product}` })).json() as Record<string, unknown>[];
    const stats = async () => (await t.app.inject({ url: `/api/reviews/stats/${product}` })).json();
    expect(await publicList()).toEqual([]);
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
    expect((await review({ productId: 999 })).statusCode).toBe(404);
  });
});
