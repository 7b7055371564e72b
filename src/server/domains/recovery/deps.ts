import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '#db/client.ts';
import type { StoreContact } from '../../lib/mail-layout.tsx';
import type { Outbox } from '../../lib/mail-outbox.ts';
import type { CartService } from '../cart/service.ts';
import type { OrdersService } from '../orders/service.ts';
import type { RecoveryLinks } from './links.ts';

/** What checkout recovery works with: the orders and carts it reads through their services, and its settings. */
export interface RecoveryDeps {
  db: Database;
  orders: OrdersService;
  cart: CartService;
  outbox: Outbox;
  links: RecoveryLinks;
  store: StoreContact;
  /** The owner's delay, as the settings are now: hours, or null when reminders are off. */
  reminderDelayHours(): number | null;
  log: FastifyBaseLogger;
}
