import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { formatCents } from '#shared/money.ts';
import type { CustomerDataConsent, CustomerDataOrder } from '#shared/privacy.ts';
import type { Tx } from '#db/client.ts';
import { type AddressMatch, matchesAddress } from '#db/mailbox-sql.ts';
import { orderEvents, orderRefunds, orders } from '#db/schema/index.ts';
import { withItems } from './repo.ts';

/**
 * A customer's orders for their access and deletion requests (docs/decisions/0049): read whole, and
 * their personal details erased, in the caller's transaction.
 */

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Every order placed with the address (any status), oldest first, with its lines, refunds and history. */
export async function customerOrders(
  db: Tx,
  m: AddressMatch,
): Promise<{ orders: CustomerDataOrder[]; consents: CustomerDataConsent[]; addresses: string[] }> {
  const rows = await db.select().from(orders).where(matchesAddress(orders.email, m)).orderBy(asc(orders.id));
  const ids = rows.map((o) => o.id);
  const [withLines, refunds, events] = ids.length
    ? await Promise.all([
        withItems(db, rows),
        db.select().from(orderRefunds).where(inArray(orderRefunds.orderId, ids)).orderBy(asc(orderRefunds.id)),
        db.select().from(orderEvents).where(inArray(orderEvents.orderId, ids)).orderBy(asc(orderEvents.id)),
      ])
    : [[], [], []];
  const consents: CustomerDataConsent[] = [];
  for (const o of rows) {
    if (o.ageConfirmedAt && o.ageConfirmed !== null) {
      consents.push({
        kind: 'age',
        orderId: o.id,
        text: `I confirm I am ${o.ageConfirmed} or older`,
        at: o.ageConfirmedAt.toISOString(),
      });
    }
    if (o.marketingConsentAt && o.marketingConsentText) {
      consents.push({ kind: 'marketing', orderId: o.id, text: o.marketingConsentText, at: o.marketingConsentAt.toISOString() });
    }
    if (o.reorderReminderAt && o.reorderReminderText) {
      consents.push({
        kind: 'reorder_reminder',
        orderId: o.id,
        text: o.reorderReminderText,
        at: o.reorderReminderAt.toISOString(),
      });
    }
  }
  return {
    orders: withLines.map(({ order: o, items }) => ({
      id: o.id,
      status: o.status,
      createdAt: o.createdAt.toISOString(),
      paidAt: iso(o.paidAt),
      email: o.email,
      firstName: o.firstName,
      lastName: o.lastName,
      phone: o.phone,
      shipTo: {
        address: o.shippingAddress,
        city: o.shippingCity,
        state: o.shippingState,
        zip: o.shippingZip,
        country: o.shippingCountry,
      },
      items: items.map((i) => ({
        productId: i.productId,
        name: i.name,
        quantity: i.quantity,
        unitPrice: formatCents(i.unitPriceCents),
      })),
      subtotal: formatCents(o.subtotalCents),
      discount: formatCents(o.discountCents),
      discountCode: o.discountCode,
      shipping: formatCents(o.shippingCents),
      total: formatCents(o.totalCents),
      refunded: formatCents(o.refundedCents),
      trackingNumber: o.trackingNumber,
      refunds: refunds
        .filter((r) => r.orderId === o.id)
        .map((r) => ({ amount: formatCents(r.amountCents), status: r.status, createdAt: r.createdAt.toISOString() })),
      history: events.filter((e) => e.orderId === o.id).map((e) => ({ at: e.at.toISOString(), message: e.message })),
      erasedAt: iso(o.erasedAt),
    })),
    consents,
    addresses: [...new Set(rows.map((o) => (o.email ?? '').toLowerCase()).filter(Boolean))],
  };
}

/**
 * Orders the store still needs the details of to finish (CCPA §1798.105(d)(1)): an open checkout
 * (its shopper may still pay and it must ship), and a paid order not yet shipped.
 */
const IN_PROGRESS = sql`(${orders.status} = 'paid' or (${orders.status} = 'pending' and ${orders.paidAt} is null
  and ${orders.expiredAt} is null and ${orders.paymentIssue} is null))`;

/**
 * Erases the address's name, e-mail, phone and street (with the city, the label's link and its
 * consents) from its finished orders, keeping amounts, dates, state and ZIP, and takes the address
 * out of their history's lines. The orders are locked first, so one being paid meanwhile is either
 * kept (paid, not shipped) or erased after. Returns the orders erased and those kept.
 */
export async function eraseCustomerOrders(
  tx: Tx,
  m: AddressMatch,
): Promise<{ erased: number[]; kept: { orderId: number; status: string }[] }> {
  const found = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(matchesAddress(orders.email, m))
    .orderBy(asc(orders.id))
    .for('update');
  if (found.length === 0) return { erased: [], kept: [] };
  const ids = found.map((o) => o.id);
  // No reorder reminder for an address erased, even of an order kept until it ships (docs/decisions/0051).
  await tx.update(orders).set({ reorderReminderAt: null, reorderReminderText: null }).where(inArray(orders.id, ids));
  const kept = await tx
    .select({ orderId: orders.id, status: orders.status })
    .from(orders)
    .where(and(inArray(orders.id, ids), IN_PROGRESS))
    .orderBy(asc(orders.id));
  const erasing = ids.filter((id) => !kept.some((k) => k.orderId === id));
  if (erasing.length === 0) return { erased: [], kept };
  await tx
    .update(orders)
    .set({
      email: null,
      firstName: null,
      lastName: null,
      phone: null,
      shippingAddress: null,
      shippingCity: null,
      labelUrl: null,
      marketingConsentAt: null,
      marketingConsentText: null,
      erasedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(inArray(orders.id, erasing));
  // History lines that named the address or the city: their words without them.
  await tx
    .update(orderEvents)
    .set({ message: sql`regexp_replace(${orderEvents.message}, ' to [^ ]+@[^ ]+$', '')` })
    .where(and(inArray(orderEvents.orderId, erasing), eq(orderEvents.type, 'email_sent')));
  await tx
    .update(orderEvents)
    .set({ message: sql`'Shipping details saved'` })
    .where(and(inArray(orderEvents.orderId, erasing), eq(orderEvents.type, 'shipping_saved')));
  return { erased: erasing, kept };
}
