import { createHmac } from 'node:crypto';
import type { CustomerData, CustomerErased } from '#shared/privacy.ts';
import type { Database } from '#db/client.ts';
import { addressMatch } from '#db/mailbox-sql.ts';
import { customerEmails, eraseCustomerEmails } from '../../lib/mail-outbox-privacy.ts';
import { customerCodeUses, eraseCustomerCodeUses } from '../discounts/service.ts';
import { deleteOrderLabels } from '../files/service.ts';
import { forgetOrderLabels } from '../fulfilment/service.ts';
import { customerOrders, eraseCustomerOrders } from '../orders/service.ts';
import { customerReminders, eraseCustomerReminders } from '../recovery/service.ts';
import { customerReorderReminders, eraseCustomerReorderReminders } from '../reorders/service.ts';
import { customerReturns, eraseCustomerReturns } from '../returns/service.ts';
import { customerReviews, eraseCustomerReviews } from '../reviews/service.ts';
import { customerSubscriptions, eraseCustomerSubscriptions } from '../subscriptions/service.ts';
import * as repo from './repo.ts';

export type PrivacyService = ReturnType<typeof createPrivacyService>;

/**
 * A customer's access and deletion requests (docs/decisions/0049; CCPA, Cal. Civ. Code §1798.100,
 * .105, .110): everything the store holds about an e-mail address, read from each domain that holds
 * some, and its erasure in one transaction. The address is matched in any case and by its mailbox.
 */
export function createPrivacyService(d: { db: Database; secret: Buffer }) {
  /** The erasures' key for an address: a keyed hash of its mailbox, so its other spellings find it too. */
  const hashOf = (mailbox: string) => createHmac('sha256', d.secret).update(`privacy-erasure:${mailbox}`).digest('hex');

  return {
    /** GET /api/admin/customers/data. */
    async data(email: string): Promise<CustomerData> {
      const m = addressMatch(email);
      const found = await customerOrders(d.db, m);
      const [reviews, reminders, reorderReminders, discountCodes, returns, mail, erasures, subscriptions] = await Promise.all([
        customerReviews(d.db, m),
        customerReminders(d.db, m),
        customerReorderReminders(d.db, m),
        customerCodeUses(d.db, m),
        customerReturns(
          d.db,
          found.orders.map((o) => o.id),
        ),
        customerEmails(d.db, m),
        repo.selectErasures(d.db, hashOf(m.mailbox)),
        customerSubscriptions(d.db, m),
      ]);
      const addresses = new Map<string, CustomerData['addresses'][number]>();
      for (const o of found.orders) {
        const a = { firstName: o.firstName, lastName: o.lastName, phone: o.phone, ...o.shipTo };
        if (Object.values(a).some((v) => v !== null && v !== 'US')) addresses.set(JSON.stringify(a), a);
      }
      const matched = new Set([...found.addresses, ...reviews.map((r) => r.customerEmail.toLowerCase())]);
      return {
        email: m.email,
        addressesMatched: [...matched].filter((a) => a.includes('@')).sort(),
        generatedAt: new Date().toISOString(),
        orders: found.orders,
        addresses: [...addresses.values()],
        reviews,
        ...reminders,
        reorderReminders,
        discountCodes,
        consents: found.consents,
        returns,
        ...mail,
        erasures: erasures.map((e) => ({ at: e.at.toISOString(), by: e.by })),
        subscriptions,
      };
    },

    /** POST /api/admin/customers/erase: once or again, the same end; recorded by when, whom and a keyed hash. */
    async erase(email: string, admin: string): Promise<CustomerErased> {
      const m = addressMatch(email);
      return d.db.transaction(async (tx) => {
        const orders = await eraseCustomerOrders(tx, m);
        const keptIds = orders.kept.map((k) => k.orderId);
        const reviews = await eraseCustomerReviews(tx, m);
        const reminders = await eraseCustomerReminders(tx, m, keptIds);
        const reorderReminders = await eraseCustomerReorderReminders(tx, m, keptIds);
        const codeUses = await eraseCustomerCodeUses(tx, m, keptIds);
        await eraseCustomerReturns(tx, orders.erased);
        await deleteOrderLabels(tx, orders.erased, await forgetOrderLabels(tx, orders.erased));
        const subscriptions = await eraseCustomerSubscriptions(tx, m);
        const emails = await eraseCustomerEmails(tx, m);
        await repo.insertErasure(tx, hashOf(m.mailbox), admin);
        const erased = {
          orders: orders.erased.length,
          reviews: reviews.reviews,
          reminders,
          reorderReminders,
          codeUses,
          emails,
          verificationCodes: reviews.codes,
          subscriptions,
        };
        const kept = orders.kept.map((k) => `#${k.orderId}`).join(', ');
        return {
          message: orders.kept.length
            ? `Erased. Orders ${kept} are not finished yet and keep their details until they are: erase again once they have shipped or closed.`
            : 'Erased. Nothing the store holds names this address any more.',
          erased,
          kept: orders.kept,
        };
      });
    },
  };
}
