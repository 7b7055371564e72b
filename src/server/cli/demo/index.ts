import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { parseCents } from '#shared/money.ts';
import { SHIPPING } from '#shared/constants.ts';
import { writeCarts, writeReviews, writeStockHistory } from './after-sale.ts';
import { createCalendar } from './calendar.ts';
import { writeHistory } from './history.ts';
import { writeReturns } from './returns.ts';
import { createOrders, writeOrders } from './orders.ts';
import { randomIn } from './random.ts';
import { createSessions, EVENTS_PER_SESSION, writeEvents } from './traffic.ts';

export interface DemoSize {
  orders: number;
  events: number;
  seed: number;
}

export type Progress = (phase: string, done: number, total: number) => void;

/** What tells demo orders from real ones: their cart session. */
export const DEMO_ORDER_PREFIX = 'demo-cart-';

type Rows<T> = { rows: T[] };

/** How many orders the database has, real and demo. */
export async function countOrders(app: FastifyInstance): Promise<{ real: number; demo: number }> {
  const res = (await app.database.db.execute(sql`
    select count(*) filter (where session_id not like ${`${DEMO_ORDER_PREFIX}%`})::int as real,
      count(*) filter (where session_id like ${`${DEMO_ORDER_PREFIX}%`})::int as demo
    from orders`)) as unknown as Rows<{ real: number; demo: number }>;
  return { real: Number(res.rows[0]?.real ?? 0), demo: Number(res.rows[0]?.demo ?? 0) };
}

/**
 * A believable year of the store (ADR 0034), in one transaction (all of it or nothing): visits with
 * their sources and Core Web Vitals, carts, checkouts that convert and that do not, orders paid,
 * shipped, delivered, refunded and cancelled with their payments, history and refunds, returning
 * customers, reviews, and the stock history. The same seed and present (`at`) give the same year.
 * Then the summary and the analytics are rolled up as the running store would.
 */
export async function seedDemo(
  app: FastifyInstance,
  size: DemoSize,
  progress: Progress = () => {},
  /** The demo's present: the start of the current hour unless given, so a seed gives the same year all hour. */
  at = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000),
): Promise<void> {
  const products = (await app.database.db.execute(
    sql`select id, name, price_cents from products where id in (5, 6) order by id`,
  )) as unknown as Rows<{ id: number; name: string; price_cents: number }>;
  const [single, pack] = products.rows;
  if (!single || !pack) throw new Error('The demo needs the catalog’s two products (5 and 6).');
  const r = randomIn(size.seed);
  const sessions = Math.round(size.events / EVENTS_PER_SESSION);
  const steps = 13 + 6;
  let step = 0;
  const next = (phase: string) => progress(phase, ++step, steps);
  await app.database.db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('demo.now', ${at.toISOString()}, true)`);
    await createCalendar(tx, { sessions, orders: size.orders });
    await createSessions(tx, r);
    for (let from = 0; from < 365; from += 30) {
      await writeEvents(tx, r, from, Math.min(364, from + 29));
      next('visits');
    }
    await createOrders(tx, r, {
      singleCents: single.price_cents,
      packCents: pack.price_cents,
      shippingCents: parseCents(SHIPPING.rateUsd),
    });
    next('orders');
    await writeOrders(tx, {
      seed: size.seed,
      singleCents: single.price_cents,
      packCents: pack.price_cents,
      singleName: single.name,
      packName: pack.name,
      carrier: app.config.shipping.carrier,
      service: app.config.shipping.service,
    });
    next('orders');
    await writeHistory(tx);
    await writeReturns(tx);
    next('history, refunds and returns');
    await writeStockHistory(tx);
    next('stock history');
    await writeReviews(tx, r);
    await writeCarts(tx, r);
    next('reviews and carts');
  });
  await app.services.orders.foldSummary();
  await app.services.analytics.rebuildRollups();
  await app.database.db.execute(sql`analyze`);
  next('rollups');
}
