import { type AdminDiscount, DISCOUNT_MESSAGES, discountFor, normalCode } from '#shared/discounts.ts';
import type { DiscountValues } from '#shared/discounts-schemas.ts';
import { formatCents, formatUsd, parseCents } from '#shared/money.ts';
import { mailboxOf } from '#shared/mailbox.ts';
import type { Database, Tx } from '#db/client.ts';
import { AppError, notFound } from '../../errors.ts';
import { throttle } from '../../lib/rate-buckets.ts';
import * as repo from './repo.ts';

const HOUR_MS = 3_600_000;

export type DiscountsService = ReturnType<typeof createDiscountsService>;
export { customerCodeUses, eraseCustomerCodeUses } from './customer-privacy.ts';

const dayStart = (ymd: string) => new Date(`${ymd}T00:00:00Z`);
/** The end day is included: a code ending on the 30th works all that (UTC) day. */
const dayAfter = (ymd: string) => new Date(dayStart(ymd).getTime() + 86_400_000);
const ymd = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : null);

/**
 * Whether a code can be used now, as far as its own terms say (not a checkout's lines): the state
 * the Discounts tab shows and the reason a shopper reads when it cannot.
 */
function availability(d: repo.DiscountRow, now = new Date()): AdminDiscount['state'] {
  if (!d.active) return 'inactive';
  if (d.startsAt && d.startsAt > now) return 'scheduled';
  if (d.endsAt && d.endsAt <= now) return 'expired';
  if (d.usageLimit !== null && d.usedCount >= d.usageLimit) return 'used up';
  return 'live';
}

/** What a shopper reads for a code that is not live (a use taken meanwhile is refused by takeUse). */
const REFUSAL: Record<Exclude<AdminDiscount['state'], 'live'>, string> = {
  inactive: DISCOUNT_MESSAGES.unknown,
  scheduled: DISCOUNT_MESSAGES.notYet,
  expired: DISCOUNT_MESSAGES.expired,
  'used up': DISCOUNT_MESSAGES.usedUp,
};

function fieldsOf(b: DiscountValues, admin: string): repo.DiscountFields {
  return {
    code: normalCode(b.code),
    kind: b.kind,
    percentOff: b.kind === 'percent' ? Number(b.value) : null,
    amountOffCents: b.kind === 'fixed' ? parseCents(b.value) : null,
    minSubtotalCents: b.minSubtotal === null ? null : parseCents(b.minSubtotal),
    startsAt: b.startsOn ? dayStart(b.startsOn) : null,
    endsAt: b.endsOn ? dayAfter(b.endsOn) : null,
    usageLimit: b.usageLimit,
    oncePerEmail: b.oncePerEmail,
    productIds: b.productIds ? [...new Set(b.productIds)].sort((x, y) => x - y) : null,
    active: b.active,
    updatedBy: admin,
  };
}

/** A line of a checkout, as a code is priced against it. */
export interface PricedLine {
  productId: number;
  priceCents: number;
  quantity: number;
}

/**
 * Discount codes (docs/decisions/0040): the owner's codes and their uses. A use is taken when a
 * code is applied to a checkout (one conditional update, so a usage limit holds however many
 * checkouts race for it), bound to the checkout's e-mail address once it is known (a unique index:
 * once per address), redeemed when the order is paid and given back when the checkout closes
 * unpaid or the code is taken off.
 */
export function createDiscountsService(
  db: Database,
  o: { knownProductIds: (ids: readonly number[]) => Promise<number[]>; triesPerHour: number },
) {
  /** 400 when a code names a product the store does not have. */
  async function checkProducts(b: DiscountValues): Promise<void> {
    if (!b.productIds) return;
    const known = new Set(await o.knownProductIds(b.productIds));
    const unknown = b.productIds.find((id) => !known.has(id));
    if (unknown !== undefined) throw new AppError('bad_request', `There is no product ${unknown}`);
  }

  function view(d: repo.DiscountRow, totals: Map<number, { redeemed: number; savedCents: number }>): AdminDiscount {
    const t = totals.get(d.id) ?? { redeemed: 0, savedCents: 0 };
    return {
      id: d.id,
      code: d.code,
      kind: d.kind,
      value: d.kind === 'percent' ? String(d.percentOff) : formatCents(d.amountOffCents ?? 0),
      minSubtotal: d.minSubtotalCents === null ? null : formatCents(d.minSubtotalCents),
      startsOn: ymd(d.startsAt),
      endsOn: d.endsAt ? ymd(new Date(d.endsAt.getTime() - 86_400_000)) : null,
      usageLimit: d.usageLimit,
      oncePerEmail: d.oncePerEmail,
      productIds: d.productIds,
      active: d.active,
      used: d.usedCount,
      redeemed: t.redeemed,
      savedTotal: formatCents(t.savedCents),
      state: availability(d),
      updatedAt: d.updatedAt.toISOString(),
      updatedBy: d.updatedBy,
    };
  }

  const one = async (id: number) => {
    const d = await repo.selectDiscount(db, id);
    if (!d) throw notFound('Discount code');
    return view(d, await repo.selectRedeemedTotals(db, id));
  };

  return {
    /** GET /api/admin/discounts: every code, by its name. */
    async list(): Promise<AdminDiscount[]> {
      const [rows, totals] = await Promise.all([repo.selectDiscounts(db), repo.selectRedeemedTotals(db)]);
      return rows.map((d) => view(d, totals));
    },

    /** POST /api/admin/discounts: 409 when the code exists. */
    async create(body: DiscountValues, admin: string): Promise<AdminDiscount> {
      await checkProducts(body);
      const row = await repo.insertDiscount(db, fieldsOf(body, admin));
      if (!row) throw new AppError('conflict', `The code ${normalCode(body.code)} exists already`);
      return one(row.id);
    },

    /**
     * PUT /api/admin/discounts/:id: new terms for checkouts that apply it from now on (those that
     * did keep what it took off). A usage limit below the uses already taken is refused.
     */
    async update(id: number, body: DiscountValues, admin: string): Promise<AdminDiscount> {
      await checkProducts(body);
      const row = await repo.updateDiscount(db, id, fieldsOf(body, admin));
      if (!row) throw notFound('Discount code');
      if (row === 'duplicate') throw new AppError('conflict', `The code ${normalCode(body.code)} exists already`);
      if (row === 'limit') {
        const used = (await repo.selectDiscount(db, id))?.usedCount ?? 0;
        throw new AppError(
          'conflict',
          `This code is used ${used} times already (by paid orders and open checkouts): the limit cannot be lower`,
        );
      }
      return one(id);
    },

    /** DELETE /api/admin/discounts/:id: the code is gone; orders keep the code they were paid with. */
    async remove(id: number): Promise<void> {
      if (!(await repo.deleteDiscount(db, id))) throw notFound('Discount code');
    },

    /**
     * Takes a use of a code for an order, in the caller's transaction (the order locked), held
     * until `heldUntil` unless its checkout's page renews it, and says what it takes off these
     * lines; 409 with the shopper's message when it cannot be used.
     */
    async reserve(
      tx: Tx,
      o: { code: string; orderId: number; email: string | null; lines: readonly PricedLine[]; heldUntil: Date },
    ): Promise<{ code: string; amountCents: number; shares: Map<number, number> }> {
      const d = await repo.selectByCode(tx, normalCode(o.code));
      if (!d) throw new AppError('conflict', DISCOUNT_MESSAGES.unknown);
      const state = availability(d);
      if (state !== 'live') throw new AppError('conflict', REFUSAL[state]);
      const subtotal = o.lines.reduce((n, l) => n + l.priceCents * l.quantity, 0);
      if (d.minSubtotalCents !== null && subtotal < d.minSubtotalCents) {
        throw new AppError('conflict', `This code needs a subtotal of at least ${formatUsd(d.minSubtotalCents)}.`);
      }
      const { amountCents, shares } = discountFor(o.lines, d);
      if (amountCents <= 0) throw new AppError('conflict', DISCOUNT_MESSAGES.noEligible);
      if (!(await repo.takeUse(tx, d.id))) throw new AppError('conflict', DISCOUNT_MESSAGES.usedUp);
      const email = o.email?.toLowerCase() ?? null;
      const use = await repo.insertRedemption(tx, {
        discountId: d.id,
        orderId: o.orderId,
        email,
        // Only a code once per address is bound to its mailbox (the unique index keeps it once).
        mailbox: d.oncePerEmail && email ? mailboxOf(email) : null,
        amountCents,
        heldUntil: o.heldUntil,
      });
      if (use === 'mailbox') {
        await repo.giveBackUse(tx, d.id);
        throw new AppError('conflict', DISCOUNT_MESSAGES.usedByEmail);
      }
      return { code: d.code, amountCents, shares };
    },

    /**
     * The checkout's page is open: its reserved use is kept until `heldUntil`. False when it holds
     * none any more (the sweep gave it back after the page stopped renewing it).
     */
    renew: (tx: Tx, orderId: number, heldUntil: Date) => repo.renewHeld(tx, orderId, heldUntil),

    /** Every minute (the checkout sweep): uses whose checkout's page stopped renewing them are given back. */
    releaseLapsed: () => repo.releaseLapsed(db),

    /** Gives back the order's use of its code (taken off, or the checkout closed unpaid), in the caller's transaction. */
    async release(tx: Tx, orderId: number): Promise<void> {
      const use = await repo.selectOpenRedemption(tx, orderId);
      if (use?.status !== 'reserved') return;
      await repo.setRedemptionStatus(tx, use.id, 'released');
      await repo.giveBackUse(tx, use.discountId);
    },

    /**
     * The order is being paid, in the caller's transaction (the order locked): its use is spent for
     * good, with the order's address. A use given back meanwhile (its page stopped renewing it) is
     * taken again if one is left and its mailbox has none. False when none can be: the caller then
     * does not take the discounted payment as it is (docs/decisions/0040). Never past the limit.
     */
    async redeem(
      tx: Tx,
      order: { id: number; email: string | null; discountCode: string | null; discountCents: number },
    ): Promise<boolean> {
      const email = order.email?.toLowerCase() ?? null;
      const use = await repo.selectOpenRedemption(tx, order.id);
      if (use) {
        if (use.status === 'reserved') {
          if (email && use.email !== email) {
            const d = await repo.selectDiscount(tx, use.discountId);
            if (!(await repo.bindEmail(tx, use.id, email, d?.oncePerEmail ? mailboxOf(email) : null))) return false;
          }
          await repo.setRedemptionStatus(tx, use.id, 'redeemed');
        }
        return true;
      }
      if (!order.discountCode) return false;
      const d = await repo.selectByCode(tx, order.discountCode);
      if (!d || !(await repo.takeUse(tx, d.id))) return false;
      const taken = await repo.insertRedemption(tx, {
        discountId: d.id,
        orderId: order.id,
        email,
        mailbox: d.oncePerEmail && email ? mailboxOf(email) : null,
        amountCents: order.discountCents,
        status: 'redeemed',
        heldUntil: null,
      });
      if (taken !== 'mailbox') return true;
      await repo.giveBackUse(tx, d.id);
      return false;
    },

    /**
     * The checkout's e-mail address is known (its shipping step): its use is bound to it, and for a
     * code allowed once per address to its mailbox; 409 when that mailbox used it or holds it in
     * another checkout.
     */
    async bindEmail(tx: Tx, orderId: number, email: string): Promise<void> {
      const use = await repo.selectOpenRedemption(tx, orderId);
      if (use?.status !== 'reserved') return;
      const d = await repo.selectDiscount(tx, use.discountId);
      const address = email.toLowerCase();
      const mailbox = d?.oncePerEmail ? mailboxOf(address) : null;
      if (use.email === address && use.mailbox === mailbox) return;
      if (!(await repo.bindEmail(tx, use.id, address, mailbox))) {
        throw new AppError(
          'conflict',
          `${DISCOUNT_MESSAGES.usedByEmail} Remove the code ${d?.code ?? ''}, or use another e-mail address.`,
        );
      }
    },

    /**
     * One try of a code from a client network (an address, or an IPv6 /64): putting a code on a
     * checkout, or naming an address for a checkout that has one (which says whether the address
     * used it). 429 past the hour's tries.
     */
    countTry: (network: string, tx: Tx = db) =>
      throttle(tx, [`discount-codes:ip:${network}`], o.triesPerHour, HOUR_MS, 'Too many discount codes tried.'),
  };
}
