import { randomUUID } from 'node:crypto';
import type { Tx } from '#db/client.ts';
import type { StoreContact } from '../../lib/mail-layout.tsx';
import type { Outbox } from '../../lib/mail-outbox.ts';
import { STOCK_LOW_MAX } from '#shared/constants.ts';
import type { WebhookEmitter } from '../webhooks/service.ts';
import { lowStockMail } from './emails/low-stock.tsx';
import { claimLowStockAlert, type LowStockRow, settleLowStockAlert } from './repo.ts';

const LOW_STOCK_MAIL = 'low_stock';

export interface LowStockDeps {
  outbox: Outbox;
  /** Where the alerts go; undefined: the crossings are still marked, nothing is queued. */
  ownerEmail: string | undefined;
  store: Pick<StoreContact, 'publicUrl'>;
  /** Webhooks out: product.low_stock, written with the crossing (docs/decisions/0058). */
  webhooks: WebhookEmitter;
}

/**
 * The owner's low-stock alert (docs/decisions/0029): one e-mail each time a product's stock falls
 * from above STOCK_LOW_MAX into it. The product's alert mark is set in the transaction of the
 * decrement, under its row lock, so of any number of concurrent decrements exactly one sets it;
 * the e-mail is queued in the outbox in that same transaction (docs/decisions/0020).
 */
export function createLowStockAlerts(d: LowStockDeps) {
  /** Whether this instance queued an alert since it last asked the outbox to deliver. */
  let queued = false;

  async function queue(tx: Tx, product: LowStockRow, movementId: number | undefined): Promise<void> {
    await d.webhooks.emit(tx, 'product.low_stock', {
      product: {
        id: product.id,
        sku: String(product.id),
        name: product.name,
        inventory: product.inventory,
        threshold: STOCK_LOW_MAX,
      },
    });
    queued = true;
    if (!d.ownerEmail) return;
    const mail = await lowStockMail(product, d.ownerEmail, d.store);
    // One message per crossing: the movement that made it (each crossing has its own).
    const key = `low-stock:${product.id}:${movementId ?? randomUUID()}`;
    await d.outbox.enqueue(tx, { key, kind: LOW_STOCK_MAIL, ref: product.id, ...mail });
    queued = true;
  }

  return {
    /** After stock was taken for a checkout (held or sold), in its transaction. */
    async afterDecrement(tx: Tx, productId: number, movementId: number): Promise<void> {
      const crossed = await claimLowStockAlert(tx, productId);
      if (crossed) await queue(tx, crossed, movementId);
    },

    /** After the owner changed a product, in its transaction: above the band arms the alert again, into it sends it. */
    async afterOwnerChange(tx: Tx, productId: number, movementId: number | undefined): Promise<void> {
      const crossed = await settleLowStockAlert(tx, productId);
      if (crossed) await queue(tx, crossed, movementId);
    },

    /** After the commit: sends what was queued now rather than at the next sweep. */
    deliverQueued(): void {
      if (!queued) return;
      queued = false;
      d.outbox.deliverSoon();
      d.webhooks.deliverSoon();
    },
  };
}

export type LowStockAlerts = ReturnType<typeof createLowStockAlerts>;
