import { randomBytes } from 'node:crypto';
import type { AddToCartBody, CartItem } from '#shared/cart.ts';
import { CART_QUANTITY_MAX } from '#shared/constants.ts';
import { formatCents } from '#shared/money.ts';
import { heldInOthers } from '#shared/stock.ts';
import type { Database, Tx } from '#db/client.ts';
import { AppError, notFound } from '../../errors.ts';
import type { CatalogService } from '../catalog/service.ts';
import * as repo from './repo.ts';

export type CartService = ReturnType<typeof createCartService>;

type Held = Map<number, { held: number; heldBackBy: string | null }>;

function toCartItem(r: repo.CartRow, held: Held): CartItem {
  return {
    id: r.id,
    quantity: r.quantity,
    productId: r.productId,
    product: {
      id: r.productId,
      name: r.name,
      price: formatCents(r.priceCents),
      imageUrl: r.imageUrl,
      isActive: r.isActive,
      available: r.isActive ? r.inventory : 0,
      held: held.get(r.productId)?.held ?? 0,
      heldBackBy: held.get(r.productId)?.heldBackBy ?? null,
    },
  };
}

/** 144 random bits: a cart item id cannot be guessed (DESIGN §6). */
const newItemId = () => randomBytes(18).toString('base64url');

export function createCartService(db: Database, catalog: CatalogService) {
  /** Units other shoppers' checkouts hold, per product (from the catalog's cached list). */
  async function heldUnits(): Promise<Held> {
    return new Map((await catalog.listActiveProducts()).map((p) => [p.id, { held: p.held, heldBackBy: p.heldBackBy }]));
  }

  /** The 409 for more than the shelf has, saying when units held in checkouts come back. */
  async function stockError(productId: number, inventory: number): Promise<AppError> {
    const base = inventory <= 0 ? 'This product is out of stock' : `Only ${inventory} left in stock`;
    const held = (await heldUnits()).get(productId);
    return new AppError(
      'conflict',
      held?.held && held.heldBackBy ? `${base}. ${heldInOthers({ units: held.held, backBy: new Date(held.heldBackBy) })}` : base,
    );
  }

  return {
    async getCart(sessionId: string): Promise<CartItem[]> {
      const [rows, held] = await Promise.all([repo.selectCart(db, sessionId), heldUnits()]);
      return rows.map((r) => toCartItem(r, held));
    },

    async addItem(input: AddToCartBody): Promise<CartItem> {
      const product = await catalog.findActiveProductRow(input.productId);
      if (!product) throw notFound('Product');
      const existing = (await repo.selectCart(db, input.sessionId)).find((i) => i.productId === product.id);
      const wanted = (existing?.quantity ?? 0) + input.quantity;
      if (wanted > CART_QUANTITY_MAX) {
        throw new AppError('conflict', `You can have at most ${CART_QUANTITY_MAX} of this item in your cart`);
      }
      if (wanted > product.inventory) throw await stockError(product.id, product.inventory);
      const row = await repo.upsertCartItem(db, { id: newItemId(), ...input, max: CART_QUANTITY_MAX });
      if (!row) throw new AppError('conflict', `You can have at most ${CART_QUANTITY_MAX} of this item in your cart`);
      const item = await repo.selectCartItem(db, input.sessionId, row.id);
      if (!item) throw notFound('Cart item');
      return toCartItem(item, await heldUnits());
    },

    async updateItem(sessionId: string, itemId: string, quantity: number): Promise<CartItem> {
      const current = await repo.selectCartItem(db, sessionId, itemId);
      if (!current) throw notFound('Cart item');
      if (quantity > current.quantity && quantity > current.inventory) {
        throw await stockError(current.productId, current.inventory);
      }
      if (!(await repo.updateCartItemQuantity(db, sessionId, itemId, quantity))) throw notFound('Cart item');
      return toCartItem({ ...current, quantity }, await heldUnits());
    },

    async removeItem(sessionId: string, itemId: string): Promise<void> {
      if (!(await repo.deleteCartItem(db, sessionId, itemId))) throw notFound('Cart item');
    },

    async clear(sessionId: string): Promise<{ removed: number }> {
      return { removed: await repo.deleteCart(db, sessionId) };
    },

    /** For checkout: the cart lines with current database prices, read inside the caller's transaction. */
    cartLines: (tx: Tx, sessionId: string) => repo.selectCart(tx, sessionId),

    /** Called when an order of this session is paid. */
    clearInTransaction: (tx: Tx, sessionId: string) => repo.deleteCart(tx, sessionId),

    sweepStaleCarts: (days = 30) => repo.deleteStaleCartItems(db, days),
  };
}
