import { AppError } from '../../errors.ts';
import type { Order } from '../orders/service.ts';
import { TaxAddressError, type TaxAnswer, type TaxQuestion } from '../tax/service.ts';
import type { SubscriptionsDeps } from './deps.ts';
import { createRenewalOutcomes, type RenewalOutcome } from './renewal-outcomes.ts';
import { priceRenewal, type RenewalPrice } from './renewal-pricing.ts';
import * as repo from './renewals-repo.ts';

export type { RenewalOutcome } from './renewal-outcomes.ts';

/** A charge under way this long is taken for one a crash left, and finished by the next sweep (the charge is idempotent by key). */
const IN_FLIGHT_MS = 5 * 60_000;
/** A renewal order holds its stock this long: far past any sweep that finishes it. */
const RENEWAL_HOLD_MS = 86_400_000;
/** The tax provider did not answer: asked again this much later, without counting a failure. */
const TAX_RETRY_MS = 60 * 60_000;
const TAX_ADDRESS_MESSAGE = 'We could not work out the sales tax for your address. Please check it on your subscription page.';

const waiting = (reason: string): RenewalOutcome => ({ state: 'waiting', reason });
const same = (a: Date | null, b: Date | null) => (a?.getTime() ?? null) === (b?.getTime() ?? null);

/** The tax question of a renewal, as checkout asks it (checkout/tax.ts): lines by product, shipping, the address. */
function taxQuestion(sub: repo.SubscriptionRow, price: RenewalPrice): TaxQuestion {
  return {
    lines: price.lines.map((l) => ({
      reference: `product-${l.productId}`,
      amountCents: l.unitPriceCents * l.quantity,
      quantity: l.quantity,
    })),
    shippingCents: price.shippingCents,
    address: {
      line1: sub.shippingAddress,
      city: sub.shippingCity,
      state: sub.shippingState,
      postalCode: sub.shippingZip,
      country: sub.shippingCountry,
    },
  };
}

/**
 * A subscription's renewal (docs/decisions/0053): an order made once per attempt, in one
 * transaction that claims the subscription (its row locked, skipped by other instances' sweeps; the
 * order unique per subscription and attempt), at today's database prices less the subscription's
 * discount, shipping at the store's offer, sales tax as checkout asks it, the ground-only rule, its
 * stock held; then the saved card charged outside any transaction, and the outcome booked.
 */
export function createRenewals(d: SubscriptionsDeps) {
  const outcomes = createRenewalOutcomes(d);

  /** A failure found before any order (a product gone, the address refused, out of stock): counted once, on the locked row. */
  async function failBeforeOrder(sub: repo.SubscriptionRow, message: string, byOwner: boolean): Promise<RenewalOutcome> {
    const outcome = await d.db.transaction(async (tx) => {
      const locked = await repo.lockSubscription(tx, sub.id, !byOwner);
      if (!locked || !unchanged(locked, sub)) return waiting('Another renewal attempt is under way.');
      return outcomes.recordFailure(tx, locked, message, null);
    });
    d.outbox.deliverSoon();
    return outcome;
  }

  const unchanged = (a: repo.SubscriptionRow, b: repo.SubscriptionRow) =>
    a.status === 'active' &&
    same(a.nextRenewalAt, b.nextRenewalAt) &&
    same(a.retryAt, b.retryAt) &&
    a.failedAttempts === b.failedAttempts;

  /** Charges the saved card for the order (the same key for the same attempt: never twice), and books the outcome. */
  async function charge(sub: repo.SubscriptionRow, order: Order): Promise<RenewalOutcome> {
    if (!sub.providerCustomerId || !sub.paymentMethodId) {
      return outcomes.declined(sub.id, order, 'No card is saved for this subscription.');
    }
    let paid: Awaited<ReturnType<typeof d.payments.chargeSaved>>;
    try {
      paid = await d.payments.chargeSaved({
        orderId: order.id,
        amountCents: order.totalCents,
        customerId: sub.providerCustomerId,
        paymentMethodId: sub.paymentMethodId,
        idempotencyKey: `renewal-${sub.id}-${(order.renewalDueAt ?? order.createdAt).toISOString()}`,
      });
    } catch (err) {
      // Unknown whether it went through: the order stays open and a later sweep charges it again with the same key.
      d.log.error({ err, subscriptionId: sub.id, orderId: order.id }, 'renewal charge not answered; tried again by the sweep');
      return waiting('The payment provider did not answer; the renewal is tried again shortly.');
    }
    if (paid.status === 'succeeded') return outcomes.succeeded(sub.id, order, paid.id);
    if (paid.status === 'processing') return waiting('The payment is processing.');
    const reason =
      paid.status === 'requires_action'
        ? 'Your bank asks you to confirm this payment, which we cannot do without you. Please use your subscription page to confirm your card, or use another one.'
        : (paid.message ?? 'Your card was declined.');
    return outcomes.declined(sub.id, order, reason);
  }

  /**
   * One renewal attempt of a subscription. The sweep's (`byOwner` false) makes it only when due;
   * the owner's "Renew now" makes it at once (the attempt named by now). Finishes first an attempt
   * a crash left (an open renewal order older than a charge takes, or a paid one not yet booked).
   */
  async function renew(id: number, byOwner: boolean): Promise<RenewalOutcome> {
    const now = new Date();
    const sub = await repo.selectSubscription(d.db, id);
    if (!sub) throw new AppError('not_found', 'Subscription not found');
    if (sub.status !== 'active') return waiting(`This subscription is ${sub.status}.`);

    const open = await d.orders.openRenewalOf(d.db, id);
    if (open) {
      if (now.getTime() - open.createdAt.getTime() < IN_FLIGHT_MS) return waiting('A renewal of this subscription is under way.');
      return charge(sub, open);
    }
    if (sub.askFirst && !same(sub.confirmedFor, sub.nextRenewalAt)) {
      return waiting('This renewal waits for the shopper’s confirmation.');
    }
    const at = byOwner ? now : repo.attemptAt(sub);
    if (!byOwner) {
      if (at.getTime() > now.getTime()) return waiting('This renewal is not due yet.');
      const made = await d.orders.renewalOf(d.db, id, at);
      if (made?.paidAt && made.paymentIntentId) return outcomes.succeeded(id, made, made.paymentIntentId);
      if (made) return failBeforeOrder(sub, 'The payment could not be completed.', byOwner);
    }

    const items = await repo.selectItems(d.db, id);
    const priced = await priceRenewal(d, sub, items);
    if (!priced.ok) return failBeforeOrder(sub, priced.message, byOwner);
    const price = priced.price;
    let tax: TaxAnswer | null = null;
    if (d.tax.enabled) {
      try {
        tax = await d.tax.calculate(taxQuestion(sub, price));
      } catch (err) {
        if (err instanceof TaxAddressError) return failBeforeOrder(sub, TAX_ADDRESS_MESSAGE, byOwner);
        d.log.error({ err, subscriptionId: id }, 'renewal tax not calculated; tried again in an hour');
        if (!byOwner) await repo.updateSubscription(d.db, id, { retryAt: new Date(now.getTime() + TAX_RETRY_MS) });
        if (byOwner)
          throw new AppError('unavailable', 'The sales tax could not be worked out just now. Please try again in a moment.');
        return waiting('The sales tax could not be worked out; tried again in an hour.');
      }
    }

    const made = await d.db.transaction(async (tx): Promise<{ order: Order } | { outcome: RenewalOutcome }> => {
      const locked = await repo.lockSubscription(tx, id, !byOwner);
      if (!locked || !unchanged(locked, sub)) return { outcome: waiting('Another renewal attempt is under way.') };
      if ((await d.orders.openRenewalOf(tx, id)) || (await d.orders.renewalOf(tx, id, at))) {
        return { outcome: waiting('A renewal of this subscription is under way.') };
      }
      const expiresAt = new Date(now.getTime() + RENEWAL_HOLD_MS);
      try {
        return await tx.transaction(async (inner) => {
          let order = await d.orders.openRenewal(
            inner,
            {
              subscriptionId: id,
              renewalDueAt: at,
              subtotalCents: price.subtotalCents,
              shippingCents: price.shippingCents,
              shippingRateCents: price.offer.rateCents,
              freeShippingOverCents: price.offer.freeOverCents,
              totalCents: price.totalCents,
              paymentMode: d.payments.mode,
              expiresAt,
              email: sub.email,
              firstName: sub.firstName,
              lastName: sub.lastName,
              phone: sub.phone,
              shippingAddress: sub.shippingAddress,
              shippingCity: sub.shippingCity,
              shippingState: sub.shippingState,
              shippingZip: sub.shippingZip,
              shippingCountry: sub.shippingCountry,
            },
            price.lines.map(({ listPriceCents: _list, ...l }) => l),
          );
          if (tax) {
            order = await d.orders.setTax(inner, order, {
              calculationId: tax.calculationId,
              basis: JSON.stringify(taxQuestion(sub, price)),
              shippingTaxCents: tax.shippingTaxCents,
              lineTaxCents: new Map(price.lines.map((l) => [l.productId, tax.lineTaxCents.get(`product-${l.productId}`) ?? 0])),
            });
          }
          await d.catalog.holds.hold(inner, {
            orderId: order.id,
            lines: price.lines,
            holder: `subscription:${id}`,
            sessionId: order.sessionId,
            heldUntil: expiresAt,
            endsAt: expiresAt,
            maxUnitsPerHolder: Number.MAX_SAFE_INTEGER,
          });
          return { order };
        });
      } catch (err) {
        // Out of stock: nothing of the order stays; the failure is counted and retried like a declined card.
        if (err instanceof AppError && err.code === 'conflict') {
          return { outcome: await outcomes.recordFailure(tx, locked, `${err.message}.`, null) };
        }
        throw err;
      }
    });
    if ('outcome' in made) {
      d.outbox.deliverSoon();
      return made.outcome;
    }
    await d.catalog.catalogChanged();
    return charge(sub, made.order);
  }

  return {
    renew,

    /** Every minute: each due renewal attempted once (other instances skip those this one holds). Returns how many were renewed. */
    async sweep(): Promise<number> {
      let renewed = 0;
      for (const id of await repo.selectDueIds(d.db, new Date())) {
        const outcome = await renew(id, false).catch((err: unknown) => {
          d.log.error({ err, subscriptionId: id }, 'renewal failed; tried again by the next sweep');
          return null;
        });
        if (outcome?.state === 'renewed') renewed += 1;
      }
      // Attempts a crash left open that no due date finds (the owner's "Renew now"), finished too.
      for (const id of await d.orders.staleRenewalSubscriptions(new Date(Date.now() - IN_FLIGHT_MS))) {
        const outcome = await renew(id, false).catch((err: unknown) => {
          d.log.error({ err, subscriptionId: id }, 'renewal not finished; tried again by the next sweep');
          return null;
        });
        if (outcome?.state === 'renewed') renewed += 1;
      }
      return renewed;
    },
  };
}

export type Renewals = ReturnType<typeof createRenewals>;
