import { sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import fc from 'fast-check';
import type Stripe from 'stripe';
import { expect } from 'vitest';
import { mailboxOf } from '#shared/mailbox.ts';
import { ORIGIN } from './admin.ts';
import { newSessionId } from './app.ts';
import { newAddress, SHIPPING_DETAILS, secretOf } from './checkout.ts';
import { discountTerms } from './discounts.ts';
import type { FakeStripe } from './fake-stripe.ts';
import { subscribedShopper } from './subscriptions.ts';

/**
 * A model-based search for what no example thought of (issue "Money that cannot leak", item 13):
 * random sequences of what shoppers and the owner do through the HTTP API — carts, checkouts started
 * and replaced, codes put on and taken off, shipping saved, payments made and declined, completions
 * and webhooks replayed, holds and codes' uses lapsing, refunds by line and by amount (with keys sent
 * again), cancellations, returns asked, approved and received, stock changed by the owner — with the
 * store's money and stock invariants checked after every step (`checkInvariants`).
 *
 * The model keeps only what the commands need to address things (checkouts, paid orders, returns)
 * and what the invariants cannot read back from the store: the owner's stock changes and the money
 * each line was refunded by its own refunds.
 */

const PRODUCTS = [5, 6] as const;
/** Addresses that are one mailbox two by two (src/shared/mailbox.ts), and one of its own. */
const EMAILS = ['dana.lee@gmail.com', 'D.a.n.a.Lee+x@googlemail.com', 'kim@example.com', 'Kim+1@Example.com', 'lee@example.com'];

export interface StoreUnderTest {
  app: FastifyInstance;
  /** The owner's session cookie. */
  cookie: string;
  /** Stripe's fake and its secret-key client, when the store takes payments with Stripe. */
  stripe?: { fake: FakeStripe; client: Stripe };
  /** Sales tax through Stripe Tax (TAX_PROVIDER=stripe, against the same fake). */
  taxed?: boolean;
}

interface Checkout {
  session: string;
  ip: string;
  paymentIntentId: string;
  secret: string;
}
interface PaidOrder {
  id: number;
  paymentIntentId: string;
  ip: string;
}

export interface StoreModel {
  run: string;
  sessions: { id: string; ip: string }[];
  checkouts: Checkout[];
  orders: PaidOrder[];
  returns: number[];
  codes: string[];
  /** What the owner added to or took off each product's shelf, as the store accepted it. */
  ownerDelta: Map<number, number>;
  /** Each product's inventory + held + sold − restocked when the run began. */
  baseline: Map<number, number>;
  /** Money refunded per order line by refunds of lines alone (no amount, no postage): `order:product`. */
  lineRefunds: Map<string, { cents: number; units: number }>;
  /** The Idempotency-Keys sent (by order), with the body each was first sent with; and the returns counted. */
  keys: Map<string, string>;
  /** Subscriptions started (docs/decisions/0053), and the payments of their first and renewal orders. */
  subscriptions: number[];
  subscriptionPayments: string[];
}

type Cmd = fc.AsyncCommand<StoreModel, StoreUnderTest, boolean>;

/** What the search reached, over all runs: steps taken by kind, and what the store made of them. */
export const searched = new Map<string, number>();
const tally = (what: string) => searched.set(what, (searched.get(what) ?? 0) + 1);

const pick = <T>(list: readonly T[], i: number): T | undefined => (list.length === 0 ? undefined : list[i % list.length]);
/** The newest first: steps come back to the checkouts and orders a run just made more often than to old ones. */
const pickRecent = <T>(list: readonly T[], i: number): T | undefined =>
  list.length === 0 ? undefined : list[list.length - 1 - (i % list.length)];
/** The run's codes as a script tries them: the one-use code most, the 3-pack's next, the $5 one least. */
const codeOf = (m: StoreModel, i: number) => m.codes[[0, 0, 0, 1, 1, 2][i % 6] ?? 0];

function call(real: StoreUnderTest, o: InjectOptions & { ip?: string; session?: string; owner?: boolean }) {
  const { ip, session, owner, headers, ...rest } = o;
  return real.app.inject({
    ...rest,
    remoteAddress: ip ?? '127.0.0.1',
    headers: {
      ...(session ? { 'x-session-id': session } : {}),
      ...(owner ? { cookie: real.cookie, origin: ORIGIN } : {}),
      ...(headers ?? {}),
    },
  });
}

/** The statuses a step may answer: anything but a 5xx (an attacker's input must never break the store). */
function noServerError(res: { statusCode: number; body: string }, what: string) {
  expect(res.statusCode, `${what}: ${res.body}`).toBeLessThan(500);
}

async function rows<T>(real: StoreUnderTest, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await real.app.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Once a checkout's payment went through, its order joins the paid orders the owner's commands act on. */
async function notePaid(m: StoreModel, real: StoreUnderTest, c: Checkout) {
  const order = await real.app.services.orders.byPaymentId(c.paymentIntentId);
  if (order?.paidAt && !m.orders.some((o) => o.id === order.id)) {
    m.orders.push({ id: order.id, paymentIntentId: c.paymentIntentId, ip: c.ip });
    tally(order.discountCode ? 'paid orders with a code' : 'paid orders');
  }
}

/** A paid order's lines, by product, in a stable order (a step names one by its index). */
async function linesOf(real: StoreUnderTest, orderId: number): Promise<{ product: number; quantity: number }[]> {
  const found = await rows<{ product: number; quantity: number }>(
    real,
    sql`select product_id as product, quantity from order_items where order_id = ${orderId} order by product_id`,
  );
  return found.map((l) => ({ product: Number(l.product), quantity: Number(l.quantity) }));
}

/** Each product's inventory + held + sold − restocked now. */
export async function stockBalance(real: StoreUnderTest): Promise<Map<number, number>> {
  const found = await rows<{ id: number; balance: number }>(
    real,
    sql`select p.id,
          p.inventory
          + coalesce((select sum(quantity) from stock_holds h where h.product_id = p.id), 0)
          + coalesce((select sum(i.quantity) from order_items i join orders o on o.id = i.order_id
                      where i.product_id = p.id and o.paid_at is not null and o.payment_issue is null), 0)
          - coalesce((select sum(ri.quantity) from order_refund_items ri join order_refunds r on r.id = ri.refund_id
                      where ri.product_id = p.id and ri.restock and r.status <> 'failed'), 0) as balance
        from products p where p.id in (5, 6)`,
  );
  return new Map(found.map((r) => [Number(r.id), Number(r.balance)]));
}

/**
 * The store's invariants, read from its database (and from Stripe's fake when it takes payments
 * with Stripe), after every step.
 */
export async function checkInvariants(m: StoreModel, real: StoreUnderTest): Promise<void> {
  // The run's own orders and codes (several runs share a store; a failing run must not fail the next).
  const paymentIds = [...m.checkouts.map((c) => c.paymentIntentId), ...m.subscriptionPayments];
  const ours = paymentIds.length
    ? sql.join(
        paymentIds.map((id) => sql`${id}`),
        sql`, `,
      )
    : sql`null`;
  const codesOfRun = sql.join(
    m.codes.map((c) => sql`${c}`),
    sql`, `,
  );
  // Stock: never below zero, and conserved: what began on the shelf and the owner's changes are on
  // the shelf, held, or sold (less what refunds put back).
  const shelf = await rows<{ id: number; inventory: number }>(real, sql`select id, inventory from products where id in (5, 6)`);
  for (const p of shelf) expect(Number(p.inventory), `stock of ${p.id}`).toBeGreaterThanOrEqual(0);
  const balance = await stockBalance(real);
  for (const id of PRODUCTS) {
    expect(balance.get(id), `stock of ${id} is conserved`).toBe((m.baseline.get(id) ?? 0) + (m.ownerDelta.get(id) ?? 0));
  }

  // No payment is set aside: every payment the store took is an order it accepted.
  const flagged = await rows<{ id: number; issue: string }>(
    real,
    sql`select id, payment_issue as issue from orders where payment_issue is not null and payment_intent_id in (${ours})`,
  );
  expect(flagged, 'payments set aside for the owner').toEqual([]);

  const paid = await rows<{
    id: number;
    pi: string;
    email: string | null;
    address: string | null;
    subtotal: number;
    discount: number;
    shipping: number;
    tax: number;
    shippingTax: number;
    lineTax: number;
    refundedTax: number;
    refundsTax: number;
    calculation: string | null;
    transaction: string | null;
    total: number;
    refunded: number;
    code: string | null;
    lines: number;
    shares: number;
    refundsSum: number;
    disputeLost: number;
    disputeLostTax: number;
    confirmations: number;
    erased: Date | null;
  }>(
    real,
    sql`select o.id, o.payment_intent_id as pi, o.email, o.shipping_address as address, o.erased_at as erased,
          o.subtotal_cents as subtotal, o.discount_cents as discount, o.shipping_cents as shipping,
          o.total_cents as total, o.refunded_cents as refunded, o.discount_code as code,
          o.dispute_lost_cents as "disputeLost", o.dispute_lost_tax_cents as "disputeLostTax",
          o.tax_cents as tax, o.shipping_tax_cents as "shippingTax", o.refunded_tax_cents as "refundedTax",
          o.tax_calculation_id as calculation, o.tax_transaction_id as transaction,
          (select coalesce(sum(i.tax_cents), 0) from order_items i where i.order_id = o.id) as "lineTax",
          (select coalesce(sum(r.tax_cents), 0) from order_refunds r where r.order_id = o.id and r.status <> 'failed') as "refundsTax",
          (select coalesce(sum(i.unit_price_cents * i.quantity), 0) from order_items i where i.order_id = o.id) as lines,
          (select coalesce(sum(i.discount_cents), 0) from order_items i where i.order_id = o.id) as shares,
          (select coalesce(sum(r.amount_cents), 0) from order_refunds r where r.order_id = o.id and r.status <> 'failed') as "refundsSum",
          (select count(*) from mail_outbox b where b.key = 'order-confirmation:' || o.id) as confirmations
        from orders o where o.paid_at is not null and o.payment_intent_id in (${ours})`,
  );
  for (const o of paid) {
    const at = `order ${o.id}`;
    // Every paid order can be shipped and was confirmed once; one whose customer was erased names
    // nobody, and keeps its money as it was (below).
    if (o.erased) {
      expect(o.email, `${at} erased: no e-mail`).toBeNull();
      expect(o.address, `${at} erased: no street`).toBeNull();
    } else {
      expect(o.email, `${at} has an e-mail`).toBeTruthy();
      expect(o.address, `${at} has an address`).toBeTruthy();
      expect(Number(o.confirmations), `${at} has one confirmation e-mail`).toBe(1);
    }
    // Its total is what it was priced at: its lines less the discount (carried by its lines) plus
    // shipping plus the sales tax of its lines and shipping (docs/decisions/0047).
    expect(Number(o.subtotal), `${at} subtotal`).toBe(Number(o.lines));
    expect(Number(o.discount), `${at} discount on its lines`).toBe(Number(o.shares));
    expect(Number(o.tax), `${at} tax on its lines and shipping`).toBe(Number(o.lineTax) + Number(o.shippingTax));
    expect(Number(o.total), `${at} total`).toBe(Number(o.subtotal) - Number(o.discount) + Number(o.shipping) + Number(o.tax));
    // Refunds give back tax never past what was charged, and the order keeps their sum.
    expect(Number(o.refundedTax), `${at} tax refunded is its refunds' sum`).toBe(Number(o.refundsTax));
    expect(Number(o.refundedTax), `${at} tax refunded at most the tax`).toBeLessThanOrEqual(Number(o.tax));
    if (real.taxed) {
      // Paid only with the tax of its current calculation, recorded once paid; reversals never past it.
      expect(o.calculation, `${at} has a tax calculation`).not.toBeNull();
      const calc = real.stripe?.fake.tax.calculations.get(o.calculation ?? '');
      expect(calc?.tax_amount_exclusive, `${at} tax is its calculation's`).toBe(Number(o.tax));
      expect(o.transaction, `${at} tax transaction recorded`).not.toBeNull();
      const fakeTax = real.stripe?.fake.tax;
      const recorded = fakeTax?.transactions.get(o.transaction ?? '');
      expect(recorded && fakeTax?.taxOf(recorded), `${at} tax recorded at Stripe`).toBe(Number(o.tax));
      const reversed = -(fakeTax?.reversalsOf(o.transaction ?? '').reduce((n, r) => n + fakeTax.taxOf(r), 0) ?? 0);
      expect(reversed, `${at} tax reversed at most the tax recorded`).toBeLessThanOrEqual(Number(o.tax));
      expect(reversed, `${at} tax reversed never below zero`).toBeGreaterThanOrEqual(0);
      if (Number(o.refunded) === Number(o.total))
        expect(reversed, `${at} refunded whole: its tax reversed whole`).toBe(Number(o.tax));
    }
    expect(Number(o.discount) > 0, `${at} a discount has its code`).toBe(o.code !== null);
    // Refunds never pass what was paid, and the order keeps their sum.
    expect(Number(o.refunded), `${at} refunded is its refunds' sum`).toBe(Number(o.refundsSum));
    expect(Number(o.refunded), `${at} refunded at most what was paid`).toBeLessThanOrEqual(Number(o.total));
    // The payment took the order's total, and gave back what the order says.
    if (real.stripe) {
      const pi = real.stripe.fake.intents.get(o.pi);
      expect(pi?.status, `${at} payment`).toBe('succeeded');
      expect(pi?.amount_received, `${at} paid its total`).toBe(Number(o.total));
      const refunds = [...real.stripe.fake.refunds.values()].filter((r) => r.payment_intent === o.pi && r.status !== 'failed');
      expect(
        refunds.reduce((n, r) => n + r.amount, 0),
        `${at} refunded at Stripe`,
      ).toBe(Number(o.refunded));
      // Revenue = payments − refunds − lost disputes, each amount counted out once (docs/decisions/0059).
      const lostAtStripe = [...real.stripe.fake.disputes.values()]
        .filter((d) => d.payment_intent === o.pi && d.status === 'lost')
        .reduce((n, d) => n + d.amount, 0);
      const kept = Number(pi?.amount_received) - Number(o.refunded);
      expect(Number(o.disputeLost), `${at} lost disputes counted out once`).toBe(Math.min(lostAtStripe, kept));
      expect(Number(o.disputeLostTax), `${at} tax of lost disputes within the tax left`).toBeLessThanOrEqual(
        Number(o.tax) - Number(o.refundedTax),
      );
      expect(Number(o.total) - Number(o.refunded) - Number(o.disputeLost), `${at} money kept`).toBe(
        Math.max(0, kept - lostAtStripe),
      );
    }
  }
  // The dashboard's revenue is every paid live order's money less its refunds and lost disputes, without sales tax.
  const [expected] = await rows<{ cents: string }>(
    real,
    sql`select coalesce(sum(o.total_cents - o.refunded_cents - (o.tax_cents - o.refunded_tax_cents)
          - (o.dispute_lost_cents - o.dispute_lost_tax_cents)), 0)::text as cents
        from orders o
        where o.payment_mode = 'live'
          and (o.status in ('paid', 'shipped', 'delivered', 'refunded') or (o.status = 'cancelled' and o.paid_at is not null))`,
  );
  const summary = await call(real, { method: 'GET', url: '/api/orders/summary', owner: true });
  expect(Math.round(Number(summary.json().totalRevenue) * 100), 'revenue = payments − refunds − lost disputes').toBe(
    Number(expected?.cents ?? 0),
  );
  // The analytics' revenue by day and customer counts, appended by the orders' triggers and folded each
  // minute (ADR 0061), equal the orders and their customers, before and after a fold.
  for (const fold of [false, true]) {
    if (fold) await real.app.services.orders.foldSummary();
    const rolled = await rows<{ day: string; cents: string }>(
      real,
      sql`select to_char(day, 'YYYY-MM-DD') as day, sum(cents)::text as cents from order_revenue_days
          group by 1 having sum(cents) <> 0 order by 1`,
    );
    const counted = await rows<{ day: string; cents: string }>(
      real,
      sql`select to_char(coalesce(o.paid_at, o.created_at) at time zone 'UTC', 'YYYY-MM-DD') as day, sum(o.total_cents - o.refunded_cents
            - (o.tax_cents - o.refunded_tax_cents) - (o.dispute_lost_cents - o.dispute_lost_tax_cents))::text as cents
          from orders o
          where o.payment_mode = 'live'
            and (o.status in ('paid', 'shipped', 'delivered', 'refunded') or (o.status = 'cancelled' and o.paid_at is not null))
          group by 1 having sum(o.total_cents - o.refunded_cents - (o.tax_cents - o.refunded_tax_cents)
            - (o.dispute_lost_cents - o.dispute_lost_tax_cents)) <> 0 order by 1`,
    );
    expect(rolled, `revenue by day = the orders' (${fold ? 'after' : 'before'} a fold)`).toEqual(counted);
    const [customers] = await rows<{ counted: string; rolled: string; returning: string; cameBack: string }>(
      real,
      sql`select (select count(*) from order_customers)::text as counted,
            (select coalesce(sum(customers), 0) from order_customer_counts)::text as rolled,
            (select coalesce(sum(returning_customers), 0) from order_customer_counts)::text as returning,
            (select count(*) from order_customers where paid_orders > 1)::text as "cameBack"`,
    );
    expect([customers?.rolled, customers?.returning], 'customers and returning customers = their rows').toEqual([
      customers?.counted,
      customers?.cameBack,
    ]);
  }
  if (!real.stripe) {
    const payments = await rows<{
      id: number;
      status: string;
      amount: number;
      total: number;
      refunded: number;
      orderRefunded: number;
    }>(
      real,
      sql`select o.id, p.status, p.amount_cents as amount, o.total_cents as total, p.refunded_cents as refunded,
            o.refunded_cents as "orderRefunded"
          from orders o join payments p on p.provider_payment_id = o.payment_intent_id
          where o.paid_at is not null and o.payment_intent_id in (${ours})`,
    );
    for (const p of payments) {
      expect(p.status, `order ${p.id} payment`).toBe('succeeded');
      expect(Number(p.amount), `order ${p.id} paid its total`).toBe(Number(p.total));
      expect(Number(p.refunded), `order ${p.id} refunded by the provider`).toBe(Number(p.orderRefunded));
    }
  }

  // Per line: never more units refunded than bought; the money refunded by a line's own refunds
  // never more than the line was paid, and exactly that once all its units are refunded so.
  const lines = await rows<{ order: number; product: number; quantity: number; paid: number; refunded: number }>(
    real,
    sql`select i.order_id as order, i.product_id as product, i.quantity,
          i.unit_price_cents * i.quantity - i.discount_cents + i.tax_cents as paid,
          coalesce((select sum(ri.quantity) from order_refund_items ri join order_refunds r on r.id = ri.refund_id
                    where r.order_id = i.order_id and ri.product_id = i.product_id and r.status <> 'failed'), 0) as refunded
        from order_items i join orders o on o.id = i.order_id
        where o.paid_at is not null and o.payment_intent_id in (${ours})`,
  );
  for (const l of lines) {
    const at = `order ${l.order} product ${l.product}`;
    expect(Number(l.refunded), `${at} units refunded`).toBeLessThanOrEqual(Number(l.quantity));
    const own = m.lineRefunds.get(`${l.order}:${l.product}`);
    if (!own) continue;
    expect(own.cents, `${at} money refunded by its own refunds`).toBeLessThanOrEqual(Number(l.paid));
    if (own.units === Number(l.quantity)) expect(own.cents, `${at} refunded whole`).toBe(Number(l.paid));
  }

  // Subscriptions: each renewal paid once and booked once; none left open after its sweep; paused
  // exactly when its fourth attempt failed (docs/decisions/0053).
  if (m.subscriptions.length > 0) {
    const subs = await rows<{ id: number; status: string; failed: number; paid: number; renewed: number; open: number }>(
      real,
      sql`select s.id, s.status, s.failed_attempts as failed,
            (select count(*) from orders o where o.subscription_id = s.id and o.paid_at is not null) as paid,
            (select count(*) from subscription_events e where e.subscription_id = s.id and e.kind = 'renewed') as renewed,
            (select count(*) from orders o where o.subscription_id = s.id and o.status = 'pending' and o.expired_at is null) as open
          from subscriptions s where s.id in (${sql.join(
            m.subscriptions.map((id) => sql`${id}`),
            sql`, `,
          )})`,
    );
    for (const s of subs) {
      const at = `subscription ${s.id}`;
      expect(Number(s.renewed), `${at} booked once per paid renewal`).toBe(Number(s.paid));
      expect(Number(s.open), `${at} no renewal left open`).toBe(0);
      expect(s.status === 'paused', `${at} paused after its fourth failed attempt`).toBe(Number(s.failed) > 3);
    }
  }

  // Codes: uses counted are the uses held, never past the limit; each held by one open checkout or
  // spent by one paid order with its address; once per mailbox where the code says so.
  const codes = await rows<{ id: number; code: string; used: number; limit: number | null; once: boolean; held: number }>(
    real,
    sql`select c.id, c.code, c.used_count as used, c.usage_limit as limit, c.once_per_email as once,
          (select count(*) from discount_redemptions r where r.discount_id = c.id and r.status <> 'released') as held
        from discount_codes c where c.code in (${codesOfRun})`,
  );
  for (const c of codes) {
    expect(Number(c.used), `${c.code} uses counted`).toBe(Number(c.held));
    if (c.limit !== null) expect(Number(c.used), `${c.code} within its limit`).toBeLessThanOrEqual(Number(c.limit));
  }
  const uses = await rows<{
    code: string;
    once: boolean;
    status: string;
    email: string | null;
    order: number;
    paidAt: Date | null;
    orderStatus: string;
    orderCode: string | null;
    erased: Date | null;
  }>(
    real,
    sql`select c.code, c.once_per_email as once, r.status, r.email, r.order_id as order, o.paid_at as "paidAt", o.erased_at as erased,
          o.status as "orderStatus", o.discount_code as "orderCode"
        from discount_redemptions r join discount_codes c on c.id = r.discount_id join orders o on o.id = r.order_id
        where r.status <> 'released' and c.code in (${codesOfRun})`,
  );
  const perOrder = new Map<number, number>();
  for (const u of uses) perOrder.set(u.order, (perOrder.get(u.order) ?? 0) + 1);
  for (const [order, n] of perOrder) expect(n, `order ${order} holds one use`).toBe(1);
  for (const u of uses) {
    const at = `${u.code} used by order ${u.order}`;
    expect(u.orderCode, `${at}: the order has the code`).toBe(u.code);
    if (u.status === 'redeemed') {
      expect(u.paidAt, `${at}: spent by a paid order`).not.toBeNull();
      if (u.erased) expect(u.email, `${at}: its customer erased, no address`).toBeNull();
      else expect(u.email, `${at}: spent with its address`).toBeTruthy();
    } else {
      expect(u.paidAt, `${at}: held by an unpaid checkout`).toBeNull();
      expect(u.orderStatus, `${at}: held by an open checkout`).toBe('pending');
    }
  }
  for (const c of codes.filter((x) => x.once)) {
    const boxes = uses.filter((u) => u.code === c.code && u.email).map((u) => mailboxOf(u.email ?? ''));
    expect(new Set(boxes).size, `${c.code} once per mailbox`).toBe(boxes.length);
  }
  for (const o of paid.filter((x) => x.code)) {
    expect(
      uses.filter((u) => u.order === o.id && u.status === 'redeemed'),
      `paid order ${o.id} spent one use of ${o.code}`,
    ).toHaveLength(1);
  }
}

abstract class Step implements Cmd {
  check(_m: Readonly<StoreModel>): boolean {
    return true;
  }
  abstract act(m: StoreModel, real: StoreUnderTest): Promise<void>;
  async run(m: StoreModel, real: StoreUnderTest): Promise<void> {
    tally(this.constructor.name);
    await this.act(m, real);
    await checkInvariants(m, real);
  }
  abstract toString(): string;
}

class AddToCart extends Step {
  constructor(
    readonly s: number,
    readonly product: number,
    readonly quantity: number,
  ) {
    super();
  }
  async act(m: StoreModel, real: StoreUnderTest) {
    const session = pick(m.sessions, this.s);
    if (!session) return;
    const res = await call(real, {
      method: 'POST',
      url: '/api/cart',
      ip: session.ip,
      payload: { sessionId: session.id, productId: this.product, quantity: this.quantity },
    });
    noServerError(res, String(this));
  }
  toString() {
    return `add(shopper ${this.s}, product ${this.product} × ${this.quantity})`;
  }
}

class StartCheckout extends Step {
  constructor(readonly s: number) {
    super();
  }
  async act(m: StoreModel, real: StoreUnderTest) {
    const session = pick(m.sessions, this.s);
    if (!session) return;
    const res = await call(real, { method: 'POST', url: '/api/checkout', ip: session.ip, payload: { sessionId: session.id } });
    noServerError(res, String(this));
    if (res.statusCode === 201) {
      m.checkouts.push({ session: session.id, ip: session.ip, ...secretOf(res.json().checkoutUrl) });
    }
  }
  toString() {
    return `checkout(shopper ${this.s})`;
  }
}

/** A step on one of the checkouts started so far (replaced ones included: a script pays old pages too). */
abstract class OnCheckout extends Step {
  constructor(readonly c: number) {
    super();
  }
  override check(m: Readonly<StoreModel>) {
    return m.checkouts.length > 0;
  }
  checkout(m: StoreModel): Checkout {
    const c = pickRecent(m.checkouts, this.c);
    if (!c) throw new Error('no checkout');
    return c;
  }
}

class ApplyCode extends OnCheckout {
  constructor(
    c: number,
    readonly code: number,
  ) {
    super(c);
  }
  async act(m: StoreModel, real: StoreUnderTest) {
    const c = this.checkout(m);
    const code = codeOf(m, this.code) ?? 'NONE';
    const res = await call(real, {
      method: 'POST',
      url: `/api/checkout/${c.paymentIntentId}/discount`,
      ip: c.ip,
      session: c.session,
      payload: { code: code.toLowerCase() },
    });
    noServerError(res, String(this));
  }
  toString() {
    return `applyCode(checkout ${this.c}, code ${this.code})`;
  }
}

class RemoveCode extends OnCheckout {
  async act(m: StoreModel, real: StoreUnderTest) {
    const c = this.checkout(m);
    const res = await call(real, {
      method: 'DELETE',
      url: `/api/checkout/${c.paymentIntentId}/discount`,
      ip: c.ip,
      session: c.session,
    });
    noServerError(res, String(this));
  }
  toString() {
    return `removeCode(checkout ${this.c})`;
  }
}

class SaveShipping extends OnCheckout {
  constructor(
    c: number,
    readonly email: number,
  ) {
    super(c);
  }
  async act(m: StoreModel, real: StoreUnderTest) {
    const c = this.checkout(m);
    const res = await call(real, {
      method: 'POST',
      url: '/api/orders/shipping',
      ip: c.ip,
      session: c.session,
      payload: { paymentIntentId: c.paymentIntentId, ...SHIPPING_DETAILS, email: EMAILS[this.email % EMAILS.length] },
    });
    noServerError(res, String(this));
  }
  toString() {
    return `ship(checkout ${this.c}, ${EMAILS[this.email % EMAILS.length]})`;
  }
}

/**
 * The owner erases a customer (docs/decisions/0049): the answer keeps only orders not finished, and
 * afterwards the address's data holds no finished order. The money invariants hold after it as after
 * every step.
 */
class EraseCustomer extends Step {
  constructor(readonly email: number) {
    super();
  }
  async act(_m: StoreModel, real: StoreUnderTest) {
    const email = EMAILS[this.email % EMAILS.length] ?? '';
    const res = await call(real, { method: 'POST', url: '/api/admin/customers/erase', owner: true, payload: { email } });
    expect(res.statusCode, `${String(this)}: ${res.body}`).toBe(200);
    const kept = res.json().kept as { orderId: number; status: string }[];
    for (const k of kept) expect(['pending', 'paid'], `${String(this)} kept ${k.orderId}`).toContain(k.status);
    if (res.json().erased.orders > 0) tally('customers erased');
    const data = await call(real, {
      method: 'GET',
      url: `/api/admin/customers/data?email=${encodeURIComponent(email)}`,
      owner: true,
    });
    expect(data.statusCode).toBe(200);
    const left = (data.json().orders as { id: number; status: string }[]).filter((o) => !kept.some((k) => k.orderId === o.id));
    // Only what was kept, or a checkout that reached the shipping step since (none: no step ran between).
    expect(left, `${String(this)}: finished orders still name the address`).toEqual([]);
  }
  toString() {
    return `erase(${EMAILS[this.email % EMAILS.length]})`;
  }
}

class RenewHold extends OnCheckout {
  async act(m: StoreModel, real: StoreUnderTest) {
    const c = this.checkout(m);
    const res = await call(real, {
      method: 'POST',
      url: `/api/checkout/${c.paymentIntentId}/hold`,
      ip: c.ip,
      session: c.session,
    });
    noServerError(res, String(this));
  }
  toString() {
    return `renewHold(checkout ${this.c})`;
  }
}

class Pay extends OnCheckout {
  constructor(
    c: number,
    readonly declined: boolean,
  ) {
    super(c);
  }
  async act(m: StoreModel, real: StoreUnderTest) {
    const c = this.checkout(m);
    if (real.stripe) {
      const token = await real.stripe.client.testHelpers.confirmationTokens.create({
        payment_method: this.declined ? 'pm_card_chargeDeclined' : 'pm_card_visa',
      });
      const res = await call(real, {
        method: 'POST',
        url: `/api/checkout/${c.paymentIntentId}/confirm`,
        ip: c.ip,
        session: c.session,
        payload: { confirmationToken: token.id },
      });
      noServerError(res, String(this));
    } else {
      const res = await call(real, {
        method: 'POST',
        url: '/api/payments/test/confirm',
        ip: c.ip,
        payload: { paymentIntentId: c.secret, cardNumber: this.declined ? '4000 0000 0000 0002' : '4242 4242 4242 4242' },
      });
      noServerError(res, String(this));
    }
    await notePaid(m, real, c);
  }
  toString() {
    return `pay(checkout ${this.c}, ${this.declined ? 'declined card' : 'good card'})`;
  }
}

/** The browser's completion call, or (with Stripe) the signed webhook, again and again. */
class Complete extends OnCheckout {
  constructor(
    c: number,
    readonly webhook: boolean,
  ) {
    super(c);
  }
  async act(m: StoreModel, real: StoreUnderTest) {
    const c = this.checkout(m);
    if (this.webhook && real.stripe && real.stripe.fake.intents.get(c.paymentIntentId)?.status === 'succeeded') {
      const { payload, signature } = real.stripe.fake.event(c.paymentIntentId, 'payment_intent.succeeded');
      const res = await call(real, {
        method: 'POST',
        url: '/api/webhooks/stripe',
        headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
        payload,
      });
      noServerError(res, String(this));
    } else {
      const res = await call(real, {
        method: 'POST',
        url: '/api/orders/complete',
        ip: c.ip,
        payload: { paymentIntentId: c.paymentIntentId },
      });
      noServerError(res, String(this));
    }
    await notePaid(m, real, c);
  }
  toString() {
    return `${this.webhook ? 'webhook' : 'complete'}(checkout ${this.c})`;
  }
}

/** Time passes: every page stops renewing, holds and codes' uses lapse, and the minute sweep runs. */
class Lapse extends Step {
  async act(_m: StoreModel, real: StoreUnderTest) {
    await real.app.database.db.execute(sql`update stock_holds set held_until = now() - interval '1 second'`);
    await real.app.database.db.execute(
      sql`update discount_redemptions set held_until = now() - interval '1 second' where status = 'reserved'`,
    );
    await real.app.services.checkout.sweepExpired();
  }
  toString() {
    return 'lapse()';
  }
}

/** A checkout's time runs out: the sweep closes it. */
class Expire extends OnCheckout {
  async act(m: StoreModel, real: StoreUnderTest) {
    const c = this.checkout(m);
    await real.app.database.db.execute(
      sql`update orders set expires_at = now() - interval '1 second' where payment_intent_id = ${c.paymentIntentId} and status = 'pending'`,
    );
    await real.app.services.checkout.sweepExpired();
    await notePaid(m, real, c);
  }
  toString() {
    return `expire(checkout ${this.c})`;
  }
}

class OwnerStock extends Step {
  constructor(
    readonly product: number,
    readonly change: number,
  ) {
    super();
  }
  async act(m: StoreModel, real: StoreUnderTest) {
    const res = await call(real, {
      method: 'PUT',
      url: `/api/admin/products/${this.product}/inventory`,
      owner: true,
      payload: { change: this.change },
    });
    noServerError(res, String(this));
    if (res.statusCode === 200) m.ownerDelta.set(this.product, (m.ownerDelta.get(this.product) ?? 0) + this.change);
  }
  toString() {
    return `ownerStock(product ${this.product}, ${this.change > 0 ? '+' : ''}${this.change})`;
  }
}

/** A step the owner takes on one of the paid orders. */
abstract class OnOrder extends Step {
  constructor(readonly o: number) {
    super();
  }
  override check(m: Readonly<StoreModel>) {
    return m.orders.length > 0;
  }
  order(m: StoreModel): PaidOrder {
    const o = pickRecent(m.orders, this.o);
    if (!o) throw new Error('no order');
    return o;
  }
}

type RefundKind = 'lines' | 'amount' | 'rest';

class Refund extends OnOrder {
  constructor(
    o: number,
    readonly kind: RefundKind,
    readonly line: number,
    readonly quantity: number,
    readonly cents: number,
    readonly restock: boolean,
    readonly key: number | null,
  ) {
    super(o);
  }
  async act(m: StoreModel, real: StoreUnderTest) {
    const o = this.order(m);
    const product = pick(await linesOf(real, o.id), this.line)?.product ?? 5;
    const body =
      this.kind === 'lines'
        ? { items: [{ productId: product, quantity: this.quantity, restock: this.restock }] }
        : this.kind === 'amount'
          ? { amount: (this.cents / 100).toFixed(2) }
          : {};
    const key = this.key === null ? null : `${m.run}-key-${this.key}`;
    const text = JSON.stringify(body);
    const res = await call(real, {
      method: 'POST',
      url: `/api/orders/${o.id}/refunds`,
      owner: true,
      payload: body,
      ...(key ? { headers: { 'idempotency-key': key } } : {}),
    });
    noServerError(res, String(this));
    if (key) {
      // A key belongs to its order's refunds (the same key on another order is another request),
      // once a refund was made with it.
      const first = m.keys.get(`${o.id}:${key}`);
      if (first !== undefined && first !== text) {
        // Sent again with another request: refused, never answered with the first refund.
        expect(res.statusCode, `${this}: a key reused with another request`).toBe(422);
      }
      if (first === undefined && (res.statusCode === 200 || res.statusCode === 201)) m.keys.set(`${o.id}:${key}`, text);
    }
    if (res.statusCode === 201) tally(`refunds (${this.kind})`);
    if (res.statusCode === 201 && this.kind === 'lines') {
      const line = `${o.id}:${product}`;
      const before = m.lineRefunds.get(line) ?? { cents: 0, units: 0 };
      m.lineRefunds.set(line, {
        cents: before.cents + Math.round(Number(res.json().amount) * 100),
        units: before.units + this.quantity,
      });
    }
  }
  toString() {
    const what =
      this.kind === 'lines'
        ? `${this.quantity} × line ${this.line}${this.restock ? ', restocked' : ''}`
        : this.kind === 'amount'
          ? `$${(this.cents / 100).toFixed(2)}`
          : 'what is left';
    return `refund(order ${this.o}, ${what}${this.key === null ? '' : `, key ${this.key}`})`;
  }
}

/** The owner cancels an order, or clicks Cancel twice at once: both clicks are answered alike. */
class Cancel extends OnOrder {
  constructor(
    o: number,
    readonly twice: boolean,
  ) {
    super(o);
  }
  async act(m: StoreModel, real: StoreUnderTest) {
    const o = this.order(m);
    const send = () => call(real, { method: 'POST', url: `/api/orders/${o.id}/cancel`, owner: true, payload: {} });
    const answers = await Promise.all(this.twice ? [send(), send()] : [send()]);
    for (const res of answers) noServerError(res, String(this));
    expect(
      answers.map((r) => r.statusCode),
      `${this}: ${answers.map((r) => r.body).join(' / ')}`,
    ).toEqual(answers.map(() => answers[0]?.statusCode));
    if (this.twice && answers[0]?.statusCode === 200) tally('cancels clicked twice at once');
  }
  toString() {
    return `cancel(order ${this.o}${this.twice ? ', twice at once' : ''})`;
  }
}

/**
 * The bank disputes a paid order's payment at Stripe (docs/decisions/0059): `charge.dispute.created`,
 * then, unless it stays open, the events that settle it won or lost, delivered in Stripe's order or
 * backwards, and some twice. A dispute already settled is left as it is.
 */
class Dispute extends OnOrder {
  constructor(
    o: number,
    readonly outcome: 'open' | 'won' | 'lost',
    readonly backwards: boolean,
    readonly twice: boolean,
  ) {
    super(o);
  }
  async act(m: StoreModel, real: StoreUnderTest) {
    const fake = real.stripe?.fake;
    if (!fake) return;
    const o = this.order(m);
    const existing = [...fake.disputes.values()].find((d) => d.payment_intent === o.paymentIntentId);
    if (existing && existing.status !== 'needs_response') return;
    if (fake.intents.get(o.paymentIntentId)?.status !== 'succeeded') return;
    const dispute = existing ?? fake.openDispute(o.paymentIntentId);
    const events: { payload: string; signature: string }[] = [fake.disputeEvent(dispute.id, 'charge.dispute.created')];
    if (this.outcome !== 'open') events.push(...fake.settleDispute(dispute.id, this.outcome));
    if (this.backwards) events.reverse();
    for (const e of this.twice ? [...events, ...events] : events) {
      const res = await call(real, {
        method: 'POST',
        url: '/api/webhooks/stripe',
        headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': e.signature },
        payload: e.payload,
      });
      expect(res.statusCode, `${String(this)}: ${res.body}`).toBe(200);
    }
  }
  toString() {
    return `dispute(order ${this.o}, ${this.outcome}${this.backwards ? ', backwards' : ''}${this.twice ? ', twice' : ''})`;
  }
}

class Deliver extends OnOrder {
  async act(m: StoreModel, real: StoreUnderTest) {
    const o = this.order(m);
    const res = await call(real, {
      method: 'PUT',
      url: `/api/orders/${o.id}/status`,
      owner: true,
      payload: { status: 'delivered' },
    });
    noServerError(res, String(this));
  }
  toString() {
    return `deliver(order ${this.o})`;
  }
}

class AskReturn extends OnOrder {
  constructor(
    o: number,
    readonly line: number,
    readonly quantity: number,
  ) {
    super(o);
  }
  async act(m: StoreModel, real: StoreUnderTest) {
    const o = this.order(m);
    const product = pick(await linesOf(real, o.id), this.line)?.product ?? 5;
    const token = real.app.services.orderStatus.link(o.id).split('/orders/')[1] ?? '';
    const res = await call(real, {
      method: 'POST',
      url: `/api/order-status/${token}/returns`,
      ip: o.ip,
      payload: { items: [{ productId: product, quantity: this.quantity }], reason: 'Changed my mind' },
    });
    noServerError(res, String(this));
    if (res.statusCode === 201) {
      tally('returns asked');
      for (const r of res.json().returns as { id: number }[]) if (!m.returns.includes(r.id)) m.returns.push(r.id);
    }
  }
  toString() {
    return `askReturn(order ${this.o}, ${this.quantity} × line ${this.line})`;
  }
}

class DecideReturn extends Step {
  constructor(
    readonly r: number,
    readonly receive: boolean,
    readonly restock: boolean,
  ) {
    super();
  }
  override check(m: Readonly<StoreModel>) {
    return m.returns.length > 0;
  }
  async act(m: StoreModel, real: StoreUnderTest) {
    const id = pickRecent(m.returns, this.r);
    const res = await call(real, {
      method: 'POST',
      url: `/api/admin/returns/${id}/${this.receive ? 'receive' : 'approve'}`,
      owner: true,
      ...(this.receive ? { payload: { restock: this.restock } } : {}),
    });
    noServerError(res, String(this));
    if (res.statusCode === 200) tally(this.receive ? 'returns received' : 'returns approved');
    if (this.receive && res.statusCode === 200) {
      // A received return's refund is of its lines alone (no postage): each line's money counts.
      const refunds = await rows<{ order: number; product: number; quantity: number; amount: number; n: number }>(
        real,
        sql`select r.order_id as order, ri.product_id as product, ri.quantity, r.amount_cents as amount,
              (select count(*) from order_refund_items x where x.refund_id = r.id) as n
            from order_refunds r join order_refund_items ri on ri.refund_id = r.id
            where r.return_id = ${id} and r.status <> 'failed'`,
      );
      const counted = `${m.run}-return-${id}`;
      if (refunds.length === 1 && Number(refunds[0]?.n) === 1 && !m.keys.has(counted)) {
        m.keys.set(counted, 'counted');
        const r = refunds[0];
        if (r) {
          const line = `${r.order}:${r.product}`;
          const before = m.lineRefunds.get(line) ?? { cents: 0, units: 0 };
          m.lineRefunds.set(line, { cents: before.cents + Number(r.amount), units: before.units + Number(r.quantity) });
        }
      }
    }
  }
  toString() {
    return `${this.receive ? `receive${this.restock ? '+restock' : ''}` : 'approve'}(return ${this.r})`;
  }
}

/**
 * A whole purchase in one step, as most shoppers make it: the cart, a checkout, maybe a code, the
 * shipping step, a payment and the completion; so that runs reach paid orders often enough for
 * the owner's steps to act on them. Each part is a step of its own above too.
 */
class Buy extends Step {
  constructor(
    readonly s: number,
    readonly lines: [product: number, quantity: number][],
    readonly code: number | null,
    readonly email: number,
    /** How far the shopper goes: 1 the code, 2 the shipping step, 3 paying, 4 the completion too. */
    readonly stage: number,
  ) {
    super();
  }
  async act(m: StoreModel, real: StoreUnderTest) {
    const session = pick(m.sessions, this.s);
    if (!session) return;
    for (const [productId, quantity] of this.lines) {
      const res = await call(real, {
        method: 'POST',
        url: '/api/cart',
        ip: session.ip,
        payload: { sessionId: session.id, productId, quantity },
      });
      noServerError(res, String(this));
    }
    const started = await call(real, {
      method: 'POST',
      url: '/api/checkout',
      ip: session.ip,
      payload: { sessionId: session.id },
    });
    noServerError(started, String(this));
    if (started.statusCode !== 201) return;
    const c: Checkout = { session: session.id, ip: session.ip, ...secretOf(started.json().checkoutUrl) };
    m.checkouts.push(c);
    const n = 0; // the newest checkout
    const steps: Step[] = [
      this.code === null ? new RenewHold(n) : new ApplyCode(n, this.code),
      new SaveShipping(n, this.email),
      new Pay(n, false),
      new Complete(n, false),
    ];
    for (const step of steps.slice(0, this.stage)) await step.act(m, real);
  }
  toString() {
    const lines = this.lines.map(([p, q]) => `${q} × product ${p}`).join(' + ');
    const until = ['', 'left after the code', 'left after the shipping step', 'paid', 'paid and completed'][this.stage];
    return `buy(shopper ${this.s}, ${lines}${this.code === null ? '' : `, code ${this.code}`}, ${EMAILS[this.email % EMAILS.length]}, ${until})`;
  }
}

/** A shopper back on an old checkout page: the shipping step again, and paying (the attack's "pay the old ones"). */
class ComeBackAndPay extends OnCheckout {
  constructor(
    c: number,
    readonly email: number,
  ) {
    super(c);
  }
  async act(m: StoreModel, real: StoreUnderTest) {
    await new RenewHold(this.c).act(m, real);
    await new SaveShipping(this.c, this.email).act(m, real);
    await new Pay(this.c, false).act(m, real);
    await new Complete(this.c, false).act(m, real);
  }
  toString() {
    return `comeBackAndPay(checkout ${this.c}, ${EMAILS[this.email % EMAILS.length]})`;
  }
}

/** A return from start to end, as most are: delivered, asked for, approved and received. */
class ReturnJourney extends OnOrder {
  constructor(
    o: number,
    readonly line: number,
    readonly quantity: number,
    readonly restock: boolean,
  ) {
    super(o);
  }
  async act(m: StoreModel, real: StoreUnderTest) {
    await new Deliver(this.o).act(m, real);
    const before = m.returns.length;
    await new AskReturn(this.o, this.line, this.quantity).act(m, real);
    if (m.returns.length === before) return;
    await new DecideReturn(0, false, false).act(m, real);
    await new DecideReturn(0, true, this.restock).act(m, real);
  }
  toString() {
    return `returnJourney(order ${this.o}, ${this.quantity} × line ${this.line}${this.restock ? ', restocked' : ''})`;
  }
}

/** A shopper subscribes (docs/decisions/0053): a paid first order, and a subscription with a saved card that may decline. */
class Subscribe extends Step {
  constructor(
    readonly product: number,
    readonly quantity: number,
    readonly declines: boolean,
  ) {
    super();
  }
  async act(m: StoreModel, real: StoreUnderTest) {
    const started = await subscribedShopper(real.app, {
      productId: this.product,
      quantity: this.quantity,
      declines: this.declines,
      nextRenewalAt: new Date(Date.now() + 28 * 86_400_000),
    }).catch(() => null); // out of stock: no subscription
    if (!started) return;
    m.subscriptions.push(started.subscriptionId);
    const first = await real.app.services.orders.byId(started.firstOrderId);
    if (first?.paymentIntentId) {
      m.subscriptionPayments.push(first.paymentIntentId);
      m.orders.push({ id: first.id, paymentIntentId: first.paymentIntentId, ip: '127.0.0.1' });
    }
  }
  toString() {
    return `subscribe(product ${this.product}, ${this.quantity}${this.declines ? ', declining card' : ''})`;
  }
}

/** A subscription's renewal (or its retry) comes due, and the minute sweep makes it. */
class RenewalDue extends Step {
  constructor(readonly s: number) {
    super();
  }
  override check(m: Readonly<StoreModel>) {
    return m.subscriptions.length > 0;
  }
  async act(m: StoreModel, real: StoreUnderTest) {
    const id = pickRecent(m.subscriptions, this.s);
    if (id === undefined) return;
    await real.app.database.db.execute(
      sql`update subscriptions set next_renewal_at = least(next_renewal_at, now() - interval '1 minute'),
            retry_at = case when retry_at is null then null else now() - interval '1 minute' end
          where id = ${id}`,
    );
    await real.app.services.subscriptions.renewals.sweep();
    const made = await rows<{ id: number; pi: string | null; paid: Date | null }>(
      real,
      sql`select id, payment_intent_id as pi, paid_at as paid from orders where subscription_id = ${id} order by id`,
    );
    for (const o of made) {
      if (!o.pi || !o.paid || m.subscriptionPayments.includes(o.pi)) continue;
      m.subscriptionPayments.push(o.pi);
      m.orders.push({ id: Number(o.id), paymentIntentId: o.pi, ip: '127.0.0.1' });
      tally('renewals paid');
    }
  }
  toString() {
    return `renewalDue(subscription ${this.s})`;
  }
}

/** Every command, with the values a script would try. */
export function storeCommands(withStripe: boolean) {
  const i = fc.nat({ max: 20 });
  const product = fc.constantFrom(...PRODUCTS);
  const buy = fc
    .tuple(
      i,
      fc.array(fc.tuple(product, fc.integer({ min: 1, max: 3 })), { minLength: 1, maxLength: 2 }),
      fc.option(fc.nat({ max: 5 }), { nil: null, freq: 4 }),
      fc.nat({ max: EMAILS.length - 1 }),
      fc.constantFrom(1, 2, 3, 4, 4, 4),
    )
    .map(([s, lines, code, email, stage]) => new Buy(s, lines, code, email, stage));
  const dispute = fc
    .tuple(
      fc.nat({ max: 2 }),
      fc.constantFrom<'open' | 'won' | 'lost'>('open', 'won', 'lost', 'lost'),
      fc.boolean(),
      fc.boolean(),
    )
    .map(([o, outcome, backwards, twice]) => new Dispute(o, outcome, backwards, twice));
  return [
    buy,
    buy,
    buy,
    fc.tuple(i, product, fc.integer({ min: 1, max: 3 })).map(([s, p, q]) => new AddToCart(s, p, q)),
    i.map((s) => new StartCheckout(s)),
    fc.tuple(i, i).map(([c, code]) => new ApplyCode(c, code)),
    i.map((c) => new RemoveCode(c)),
    fc.tuple(i, fc.nat({ max: EMAILS.length - 1 })).map(([c, e]) => new SaveShipping(c, e)),
    i.map((c) => new RenewHold(c)),
    fc.tuple(i, fc.boolean()).map(([c, d]) => new Pay(c, d)),
    fc.tuple(i, fc.nat({ max: EMAILS.length - 1 })).map(([c, e]) => new ComeBackAndPay(c, e)),
    fc.tuple(i, withStripe ? fc.boolean() : fc.constant(false)).map(([c, w]) => new Complete(c, w)),
    fc.constant(new Lapse()),
    i.map((c) => new Expire(c)),
    fc
      .tuple(
        product,
        fc.integer({ min: -3, max: 3 }).filter((n) => n !== 0),
      )
      .map(([p, n]) => new OwnerStock(p, n)),
    fc
      .tuple(
        i,
        fc.constantFrom<RefundKind>('lines', 'lines', 'amount', 'rest'),
        i,
        fc.integer({ min: 1, max: 2 }),
        fc.integer({ min: 1, max: 2_500 }),
        fc.boolean(),
        fc.option(fc.nat({ max: 3 }), { nil: null }),
      )
      .map(([o, kind, p, q, cents, restock, key]) => new Refund(o, kind, p, q, cents, restock, key)),
    fc.tuple(i, fc.boolean()).map(([o, twice]) => new Cancel(o, twice)),
    i.map((o) => new Deliver(o)),
    fc.tuple(i, i, fc.integer({ min: 1, max: 2 })).map(([o, l, q]) => new AskReturn(o, l, q)),
    fc.tuple(i, i, fc.integer({ min: 1, max: 2 }), fc.boolean()).map(([o, l, q, r]) => new ReturnJourney(o, l, q, r)),
    fc.tuple(i, fc.boolean(), fc.boolean()).map(([r, receive, restock]) => new DecideReturn(r, receive, restock)),
    fc.nat({ max: EMAILS.length - 1 }).map((e) => new EraseCustomer(e)),
    // Disputes come from Stripe's webhooks (docs/decisions/0059); often, so that some follow a refund of the same order.
    ...(withStripe ? [dispute, dispute] : []),
    // Subscriptions charge a card saved with the built-in provider (tests/support/subscriptions.ts).
    ...(withStripe
      ? []
      : [
          fc
            .tuple(product, fc.integer({ min: 1, max: 2 }), fc.boolean())
            .map(([p, q, declines]) => new Subscribe(p, q, declines)),
          i.map((s) => new RenewalDue(s)),
          i.map((s) => new RenewalDue(s)),
        ]),
  ];
}

let runs = 0;

/**
 * A fresh model for one run: four shoppers of their own networks, three codes of the run's own
 * (one use once per mailbox, 100 % off the 3-pack for three uses, $5 off from $20), the stock
 * balance as the run finds it.
 */
export async function startRun(real: StoreUnderTest): Promise<StoreModel> {
  runs += 1;
  const run = `r${runs}${Date.now().toString(36)}`;
  const codes = [`ONE${run}`, `PACK${run}`, `FIVE${run}`].map((c) => c.toUpperCase().slice(0, 32));
  const terms = [
    discountTerms({ code: codes[0], value: '50', usageLimit: 1, oncePerEmail: true }),
    discountTerms({ code: codes[1], value: '100', usageLimit: 3, productIds: [6], oncePerEmail: true }),
    discountTerms({ code: codes[2], kind: 'fixed', value: '5.00', minSubtotal: '20.00' }),
  ];
  for (const body of terms) {
    const res = await call(real, { method: 'POST', url: '/api/admin/discounts', owner: true, payload: body });
    expect(res.statusCode, res.body).toBe(201);
  }
  return {
    run,
    sessions: Array.from({ length: 4 }, () => ({ id: newSessionId(), ip: newAddress() })),
    checkouts: [],
    orders: [],
    returns: [],
    codes,
    ownerDelta: new Map(),
    baseline: await stockBalance(real),
    lineRefunds: new Map(),
    keys: new Map(),
    subscriptions: [],
    subscriptionPayments: [],
  };
}
