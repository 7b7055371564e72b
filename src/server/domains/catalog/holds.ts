import { heldInOthers } from '#shared/stock.ts';
import type { Database, Tx } from '#db/client.ts';
import { AppError } from '../../errors.ts';
import * as holds from './holds-repo.ts';
import type { LowStockAlerts } from './low-stock.ts';
import { returnStock, selectProduct, takeStock } from './repo.ts';

export interface HoldLine {
  productId: number;
  name: string;
  quantity: number;
}

export interface HoldRequest {
  orderId: number;
  lines: readonly HoldLine[];
  /** The network the checkout came from (lib/network.ts). */
  holder: string;
  /** The cart session of the checkout. */
  sessionId: string;
  heldUntil: Date;
  endsAt: Date;
  /** The most units one holder may hold across its open checkouts. */
  maxUnitsPerHolder: number;
}

/**
 * Stock held for open checkouts (docs/decisions/0019): taken off the shelf when the hold starts,
 * sold when the order is paid, put back when the hold lapses or the checkout closes. One holder
 * (an address) holds at most a set number of units at once, so nobody can empty the shelf.
 */
export function createStockHolds(db: Database, lowStock: Pick<LowStockAlerts, 'afterDecrement'>) {
  /** The 409 for a line the shelf cannot cover, naming units that other checkouts hold and when they are back. */
  async function shortage(tx: Tx, line: HoldLine, known?: number): Promise<AppError> {
    const row = known === undefined ? await selectProduct(tx, line.productId) : undefined;
    const have = known ?? (row?.isActive ? row.inventory : 0);
    const held = await holds.selectHeldOfProduct(tx, line.productId);
    const base = have <= 0 ? `${line.name} is out of stock` : `Only ${have} of ${line.name} left in stock`;
    return new AppError('conflict', held ? `${base}. ${heldInOthers(held)}` : base);
  }

  /** Takes a line's units off the shelf (and alerts the owner when that makes them low); 409 when short. */
  async function take(tx: Tx, line: HoldLine, orderId: number, reason: 'checkout_reserve' | 'checkout_sale'): Promise<void> {
    const taken = await takeStock(tx, { ...line, orderId, reason });
    if (!taken) throw await shortage(tx, line);
    await lowStock.afterDecrement(tx, line.productId, taken.movementId);
  }

  return {
    /**
     * A line more than the shelf had when the caller read it (a cart line with its product's
     * stock): the 409 to answer at once, before anything is written. Undefined when all fit.
     */
    async shortfall(tx: Tx, lines: readonly (HoldLine & { inventory: number })[]): Promise<AppError | undefined> {
      const short = lines.find((l) => l.quantity > l.inventory);
      return short ? shortage(tx, short, Math.max(0, short.inventory)) : undefined;
    },

    /**
     * Holds an order's lines inside the caller's transaction: 'held', or 'over_limit' when its
     * holder already holds too much (nothing is taken then). Throws 409 naming a line the shelf
     * cannot cover (the caller's transaction then rolls back every line).
     */
    async hold(tx: Tx, r: HoldRequest): Promise<'held' | 'over_limit'> {
      await holds.lockHolder(tx, r.holder);
      const units = r.lines.reduce((sum, l) => sum + l.quantity, 0);
      if ((await holds.unitsHeldBy(tx, r.holder)) + units > r.maxUnitsPerHolder) return 'over_limit';
      for (const line of r.lines) await take(tx, line, r.orderId, 'checkout_reserve');
      await holds.insertHolds(
        tx,
        r.lines.map((l) => ({
          orderId: r.orderId,
          productId: l.productId,
          quantity: l.quantity,
          holder: r.holder,
          sessionId: r.sessionId,
          heldUntil: r.heldUntil,
          endsAt: r.endsAt,
        })),
      );
      return 'held';
    },

    /** Checks the shelf covers every line without taking anything (a checkout that is not held); 409 otherwise. */
    async ensureAvailable(tx: Tx, lines: readonly HoldLine[]): Promise<void> {
      for (const line of lines) {
        const row = await selectProduct(tx, line.productId);
        if (!row?.isActive || row.inventory < line.quantity) throw await shortage(tx, line);
      }
    },

    /** Takes an order's lines off the shelf for good (a paid order that held nothing); 409 when short. */
    async sell(tx: Tx, orderId: number, lines: readonly HoldLine[]): Promise<void> {
      for (const line of lines) await take(tx, line, orderId, 'checkout_sale');
    },

    /** The order is paid: what it held is sold. */
    async commit(tx: Tx, orderId: number): Promise<void> {
      await holds.deleteHolds(tx, orderId);
    },

    /**
     * Puts what an order holds back on the shelf; returns the units put back. `checkout_replaced`:
     * its cart started a new checkout, which does not arm the low-stock alert again (docs/decisions/0029).
     */
    async release(
      tx: Tx,
      orderId: number,
      reason: 'reservation_release' | 'checkout_replaced' = 'reservation_release',
    ): Promise<number> {
      const released = await holds.deleteHolds(tx, orderId);
      for (const line of released) await returnStock(tx, { ...line, orderId, reason });
      return released.reduce((sum, l) => sum + l.quantity, 0);
    },

    /** Keeps an order's hold until `until` (never past its checkout's end); undefined when it holds nothing. */
    renew: (tx: Tx, orderId: number, until: Date) => holds.renewHolds(tx, orderId, until),

    holdOf: (tx: Tx, orderId: number) => holds.selectHold(tx, orderId),

    /** Orders whose hold lapsed: the sweeper puts their stock back. */
    lapsedOrderIds: () => holds.selectLapsedOrderIds(db),

    heldByProduct: () => holds.selectHeldByProduct(db),

    /** What a cart session's own open checkouts hold, per product: not "other shoppers'" units to it. */
    heldBySession: (sessionId: string) => holds.selectHeldBySession(db, sessionId),
  };
}

export type StockHolds = ReturnType<typeof createStockHolds>;
