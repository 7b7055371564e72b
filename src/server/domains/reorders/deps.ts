import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '#db/client.ts';
import type { StoreContact } from '../../lib/mail-layout.tsx';
import type { Outbox } from '../../lib/mail-outbox.ts';
import type { CartService } from '../cart/service.ts';
import type { OrdersService } from '../orders/service.ts';
import type { RecoveryService } from '../recovery/service.ts';
import type { ReorderLinks } from './links.ts';

/** What the reorder reminders work with: the orders and carts through their services, the shared unsubscribe list, the setting. */
export interface ReordersDeps {
  db: Database;
  orders: OrdersService;
  cart: CartService;
  /** The unsubscribe list both kinds of reminder share (docs/decisions/0051). */
  unsubscribes: Pick<RecoveryService, 'unsubscribeLink' | 'unsubscribedAmong'>;
  outbox: Outbox;
  links: ReorderLinks;
  store: StoreContact;
  /** The owner's days one bottle lasts, as the settings are now; null when reorder reminders are off. */
  reorderReminderDays(): number | null;
  log: FastifyBaseLogger;
}
