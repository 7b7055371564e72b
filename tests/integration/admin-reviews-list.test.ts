import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminReview, AdminReviewStats } from '#shared/review-types.ts';
import { reviews } from '#db/schema/index.ts';
import { ADMIN, signedIn } from '../support/admin.ts';
import { createTestApp, type TestApp } from '../support/app.ts';

/**
 * The dashboard's reviews at a year's scale (issue "A year of business", item 4): newest first, a
 * page at a time with the next in the Link header, filtered and searched on the server, so a
 * pending review is never out of the owner's reach.
 */
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password });
  admin = await signedIn(t.app);
});
afterAll(() => t?.close());

type Page = { reviews: AdminReview[]; stats: AdminReviewStats };
const get = async (url: string) => {
  const res = await admin.call('GET', url);
  expect(res.statusCode, res.body).toBe(200);
  return { body: res.json() as Page, next: /^<([^>]+)>; rel="next"$/.exec(String(res.headers.link ?? ''))?.[1] };
};

let n = 0;
/** Reviews written straight into the table, one per e-mail; every third waits for approval. */
async function insertReviews(count: number, v: Partial<typeof reviews.$inferInsert> = {}): Promise<number[]> {
  const rows = Array.from({ length: count }, () => {
    n++;
    return {
      productId: n % 2 ? 5 : 6,
      customerName: `Reviewer ${n}`,
      customerEmail: `reviewer${n}@example.com`,
      rating: 1 + (n % 5),
      title: `Review number ${n}`,
      content: `Text of review ${n}`,
      isVerified: true,
      isApproved: n % 3 !== 0,
      ...v,
    };
  });
  return (await t.app.database.db.insert(reviews).values(rows).returning({ id: reviews.id })).map((r) => r.id);
}

describe('GET /api/admin/reviews a page at a time', () => {
  it('gives 50 newest first, then the rest by following Link, each once, with the figures of every review', async () => {
    await t.app.database.db.execute(sql`delete from reviews`);
    const ids = await insertReviews(120);
    const first = await get('/api/admin/reviews');
    expect(first.body.reviews.map((r) => r.id)).toEqual(ids.slice(-50).reverse());
    expect(first.body.stats).toMatchObject({ totalReviews: 120, pendingReviews: 40 });
    expect(first.next).toBe(`/api/admin/reviews?limit=50&cursor=${ids.at(-50)}`);
    // A review written while the owner pages does not shift the next page.
    await insertReviews(1);
    const second = await get(first.next ?? '');
    const third = await get(second.next ?? '');
    expect(third.next).toBeUndefined();
    const seen = [...first.body.reviews, ...second.body.reviews, ...third.body.reviews].map((r) => r.id);
    expect(seen).toEqual([...ids].reverse());
    expect(second.body.reviews).toHaveLength(50);
    expect(third.body.reviews).toHaveLength(20);
  });

  it('filters pending and approved, searches title, name, e-mail and text in any case, and keeps both in Link', async () => {
    await t.app.database.db.execute(sql`delete from reviews`);
    await insertReviews(90);
    const pending = await get('/api/admin/reviews?status=pending&limit=20');
    expect(pending.body.reviews).toHaveLength(20);
    expect(pending.body.reviews.every((r) => !r.isApproved)).toBe(true);
    expect(pending.next).toMatch(/^\/api\/admin\/reviews\?status=pending&limit=20&cursor=\d+$/);
    const rest = await get(pending.next ?? '');
    expect(rest.body.reviews).toHaveLength(10);
    const approved = await get('/api/admin/reviews?status=approved&limit=200');
    expect(approved.body.reviews).toHaveLength(60);
    expect(approved.body.reviews.every((r) => r.isApproved)).toBe(true);

    await insertReviews(1, {
      title: 'Strong 100% Kick_',
      customerName: 'Zed O’Brien',
      customerEmail: 'Zed@Example.org',
      content: 'Works.',
    });
    for (const q of ['strong 100%', 'KICK_', 'zed o’brien', 'zed@example.ORG']) {
      const found = await get(`/api/admin/reviews?q=${encodeURIComponent(q)}`);
      expect(
        found.body.reviews.map((r) => r.customerName),
        q,
      ).toEqual(['Zed O’Brien']);
    }
    // % and _ are taken literally: nothing else matches.
    expect((await get('/api/admin/reviews?q=%25')).body.reviews.map((r) => r.customerName)).toEqual(['Zed O’Brien']);
    expect((await get('/api/admin/reviews?q=nobody-at-all')).body.reviews).toEqual([]);
    const searched = await get('/api/admin/reviews?q=review&status=approved&limit=5');
    expect(searched.next).toMatch(/^\/api\/admin\/reviews\?status=approved&q=review&limit=5&cursor=\d+$/);
  });
});

describe('what a careless or hostile caller sends', () => {
  it('answers 400 with a message for a bad status, limit, cursor or search, and writes nothing', async () => {
    const before = (await get('/api/admin/reviews?limit=200')).body.stats;
    for (const q of [
      'status=hidden',
      'limit=0',
      'limit=201',
      'limit=abc',
      'limit=1.5',
      'cursor=abc',
      'cursor=-1',
      'cursor=0',
      `q=${'x'.repeat(201)}`,
      'q=a%0Ab',
    ]) {
      const res = await admin.call('GET', `/api/admin/reviews?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().message, q).toEqual(expect.any(String));
    }
    expect((await get('/api/admin/reviews?limit=200')).body.stats).toEqual(before);
  });

  it('shows nothing without a session', async () => {
    for (const url of ['/api/admin/reviews', '/api/admin/reviews?status=pending', '/api/admin/reviews?q=a']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
    }
  });
});
