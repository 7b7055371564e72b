import { randomBytes } from 'node:crypto';
import type { AddToCartBody, CartItem } from '#shared/cart.ts';
import type { ProductPicture } from '#shared/catalog.ts';
import { CART_QUANTITY_MAX } from '#shared/constants.ts';
import { formatCents } from '#shared/money.ts';
import { heldInOthers } from '#shared/stock.ts';
import { lineSubscriptionOf } from '#shared/subscribe.ts';
import { subscriptionUnitCents } from '#shared/subscribe-terms.ts';
import type { Database, Tx } from '#db/client.ts';
import { AppError, notFound } from '../../errors.ts';
import type { CatalogService } from '../catalog/service.ts';
import * as repo from './repo.ts';
import { checkSubscriptionChoice } from './subscription.ts';

export type CartService = ReturnType<typeof createCartService>;
export type { CartRow } from './repo.ts';

/**
 * Per active product: its name and shelf, units this shopper's own checkout holds, units other
 * shoppers' checkouts hold, and when they are back.
 */
type Stock = Map<number, { name: string; inventory: number; own: number; others: number; backBy: string | null }>;

function toCartItem(r: repo.CartRow, stock: Stock, image: ProductPicture): CartItem {
  const s = stock.get(r.productId);
  const subscription = lineSubscriptionOf(r);
  return {
    id: r.id,
    quantity: r.quantity,
    productId: r.productId,
    image,
    unitPrice: formatCents(subscription ? subscriptionUnitCents(r.priceCents, subscription.discountPercent) : r.priceCents),
    subscription,
    product: {
      id: r.productId,
      name: r.name,
      price: formatCents(r.priceCents),
      imageUrl: r.imageUrl,
      isActive: r.isActive,
      // What this shopper's own open checkout holds is theirs to buy.
      available: r.isActive ? r.inventory + (s?.own ?? 0) : 0,
      held: s?.others ?? 0,
      heldBackBy: s?.others ? s.backBy : null,
      subscription:
        r.subscriptionIntervalsWeeks.length > 0
          ? { intervalsWeeks: r.subscriptionIntervalsWeeks, discountPercent: r.subscriptionDiscountPercent }
          : null,
    },
  };
}

/** 144 random bits: a cart item id cannot be guessed (docs/engineering.md §6). */
const newItemId = () => randomBytes(18).toString('base64url');

export function createCartService(db: Database, catalog: CatalogService) {
  /**
   * Units in open checkouts per product, split into the session's own and other shoppers' (the
   * catalog's cached figures, less the session's own holds).
   */
  async function stockFor(sessionId: string): Promise<Stock> {
    const [products, own] = await Promise.all([catalog.listActiveProducts(), catalog.holds.heldBySession(sessionId)]);
    return new Map(
      products.map((p) => {
        const mine = own.get(p.id) ?? 0;
        return [
          p.id,
          { name: p.name, inventory: p.inventory, own: mine, others: Math.max(0, p.held - mine), backBy: p.heldBackBy },
        ];
      }),
    );
  }

  /** Lines with their pictures (the catalog's: a product's upload, or the drawn art for the quantity). */
  async function toCartItems(rows: readonly repo.CartRow[], stock: Stock): Promise<CartItem[]> {
    const pictureOf = await catalog.linePictures();
    return rows.map((r) => toCartItem(r, stock, pictureOf(r)));
  }

  /** The 409 for more than the shelf has for this shopper, saying when units in other checkouts come back. */
  function stockError(have: number, s: { others: number; backBy: string | null } | undefined): AppError {
    const base = have <= 0 ? 'This product is out of stock' : `Only ${have} left in stock`;
    return new AppError(
      'conflict',
      s?.others && s.backBy ? `${base}. ${heldInOthers({ units: s.others, backBy: new Date(s.backBy) })}` : base,
    );
  }

  return {
    async getCart(sessionId: string): Promise<CartItem[]> {
      const [rows, stock] = await Promise.all([repo.selectCart(db, sessionId), stockFor(sessionId)]);
      return toCartItems(rows, stock);
    },

    async addItem(input: AddToCartBody): Promise<CartItem> {
      const product = await catalog.findActiveProductRow(input.productId);
      if (!product) throw notFound('Product');
      const lines = await repo.selectCart(db, input.sessionId);
      checkSubscriptionChoice(product, input.subscription, lines);
      const existing = lines.find((i) => i.productId === product.id);
      const wanted = (existing?.quantity ?? 0) + input.quantity;
      if (wanted > CART_QUANTITY_MAX) {
        throw new AppError('conflict', `You can have at most ${CART_QUANTITY_MAX} of this item in your cart`);
      }
      const stock = await stockFor(input.sessionId);
      const s = stock.get(product.id);
      const have = product.inventory + (s?.own ?? 0);
      if (wanted > have) throw stockError(have, s);
      const row = await db.transaction(async (tx) => {
        const added = await repo.upsertCartItem(tx, {
          id: newItemId(),
          ...input,
          subscription: input.subscription === undefined ? undefined : (input.subscription?.intervalWeeks ?? null),
          max: CART_QUANTITY_MAX,
          how: 'add',
        });
        if (added && input.subscription)
          await repo.alignSubscriptionIntervals(tx, input.sessionId, input.subscription.intervalWeeks);
        return added;
      });
      if (!row) throw new AppError('conflict', `You can have at most ${CART_QUANTITY_MAX} of this item in your cart`);
      const item = await repo.selectCartItem(db, input.sessionId, row.id);
      if (!item) throw notFound('Cart item');
      return toCartItem(item, stock, (await catalog.linePictures())(item));
    },

    async updateItem(
      sessionId: string,
      itemId: string,
      quantity: number,
      choice?: { intervalWeeks: number } | null,
    ): Promise<CartItem> {
      const current = await repo.selectCartItem(db, sessionId, itemId);
      if (!current) throw notFound('Cart item');
      if (choice !== undefined) {
        const offer = { ...current, id: current.productId };
        checkSubscriptionChoice(offer, choice, await repo.selectCart(db, sessionId));
      }
      const stock = await stockFor(sessionId);
      const s = stock.get(current.productId);
      const have = current.inventory + (s?.own ?? 0);
      if (quantity > current.quantity && quantity > have) throw stockError(have, s);
      const weeks = choice === undefined ? undefined : (choice?.intervalWeeks ?? null);
      const updated = await db.transaction(async (tx) => {
        const done = await repo.updateCartItemQuantity(tx, sessionId, itemId, quantity, weeks);
        if (done && weeks) await repo.alignSubscriptionIntervals(tx, sessionId, weeks);
        return done;
      });
      if (!updated) throw notFound('Cart item');
      const line = { ...current, quantity, ...(weeks === undefined ? {} : { subscriptionIntervalWeeks: weeks }) };
      return toCartItem(line, stock, (await catalog.linePictures())(line));
    },

    async removeItem(sessionId: string, itemId: string): Promise<void> {
      if (!(await repo.deleteCartItem(db, sessionId, itemId))) throw notFound('Cart item');
    },

    async clear(sessionId: string): Promise<{ removed: number }> {
      return { removed: await repo.deleteCart(db, sessionId) };
    },

    /**
     * A reminder's link puts a checkout's lines back (docs/decisions/0041), by the cart's own
     * rules: each product still sold comes back with at least the checkout's quantity, as far as
     * the shelf has it for this shopper and within the cart's limit, at today's price; a line
     * already holding more keeps it. A product no longer sold, or with nothing on the shelf, is
     * named in `missing`. The products come from the catalog's list (read once), the lines are
     * written in one transaction: all of them or, on a failure, none. Running it again (a reload)
     * adds nothing.
     */
    async restoreLines(
      sessionId: string,
      lines: readonly { productId: number; name: string; quantity: number }[],
    ): Promise<{ restored: { productId: number; name: string; quantity: number }[]; missing: string[] }> {
      const [stock, current] = await Promise.all([stockFor(sessionId), repo.selectCart(db, sessionId)]);
      const had = new Map(current.map((c) => [c.productId, c.quantity]));
      const missing: string[] = [];
      const restored: { productId: number; name: string; quantity: number }[] = [];
      const raises: { at: number; productId: number; quantity: number }[] = [];
      for (const line of lines) {
        const product = stock.get(line.productId);
        if (!product) {
          missing.push(line.name);
          continue;
        }
        const holding = had.get(line.productId) ?? 0;
        const wanted = Math.min(line.quantity, product.inventory + product.own, CART_QUANTITY_MAX);
        if (wanted <= 0 && holding === 0) {
          missing.push(product.name);
          continue;
        }
        if (wanted > holding) raises.push({ at: restored.length, productId: line.productId, quantity: wanted });
        restored.push({ productId: line.productId, name: product.name, quantity: Math.max(wanted, holding) });
      }
      if (raises.length > 0) {
        await db.transaction(async (tx) => {
          for (const r of raises) {
            const row = await repo.upsertCartItem(tx, {
              id: newItemId(),
              sessionId,
              productId: r.productId,
              quantity: r.quantity,
              max: CART_QUANTITY_MAX,
              how: 'raise',
            });
            const line = restored[r.at];
            // What the line holds now (another tab may have raised it meanwhile).
            if (line && row) line.quantity = row.quantity;
          }
        });
      }
      return { restored, missing };
    },

    /** For checkout: the cart lines with current database prices, read inside the caller's transaction. */
    cartLines: (tx: Tx, sessionId: string) => repo.selectCart(tx, sessionId),

    /** Called when an order of this session is paid. */
    clearInTransaction: (tx: Tx, sessionId: string) => repo.deleteCart(tx, sessionId),

    sweepStaleCarts: (days = 30) => repo.deleteStaleCartItems(db, days),
  };
}
