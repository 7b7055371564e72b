import { and, asc, inArray, ne, sql } from 'drizzle-orm';
import type { CustomerData } from '#shared/privacy.ts';
import type { Tx } from '#db/client.ts';
import { type AddressMatch, matchesAddress } from '#db/mailbox-sql.ts';
import { subscriptionEvents, subscriptionItems, subscriptions } from '#db/schema/index.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A customer's subscriptions for their access request (docs/decisions/0049, 0054): terms, address, card's last four, history. */
export async function customerSubscriptions(db: Tx, m: AddressMatch): Promise<CustomerData['subscriptions']> {
  const rows = await db.select().from(subscriptions).where(matchesAddress(subscriptions.email, m)).orderBy(asc(subscriptions.id));
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [items, events] = await Promise.all([
    db.select().from(subscriptionItems).where(inArray(subscriptionItems.subscriptionId, ids)),
    db
      .select()
      .from(subscriptionEvents)
      .where(inArray(subscriptionEvents.subscriptionId, ids))
      .orderBy(asc(subscriptionEvents.id)),
  ]);
  return rows.map((r) => ({
    id: r.id,
    status: r.status,
    firstOrderId: r.firstOrderId,
    email: r.email,
    firstName: r.firstName,
    lastName: r.lastName,
    phone: r.phone,
    shipTo: {
      address: r.shippingAddress,
      city: r.shippingCity,
      state: r.shippingState,
      zip: r.shippingZip,
      country: r.shippingCountry,
    },
    items: items
      .filter((i) => i.subscriptionId === r.id)
      .map((i) => ({ productId: i.productId, name: i.name, quantity: i.quantity })),
    intervalWeeks: r.intervalWeeks,
    discountPercent: r.discountPercent,
    nextRenewalAt: r.nextRenewalAt.toISOString(),
    card: r.cardLast4 ? { brand: r.cardBrand ?? 'card', last4: r.cardLast4 } : null,
    consent: { at: r.consentAt.toISOString(), text: r.consentText, network: r.consentNetwork },
    createdAt: r.createdAt.toISOString(),
    pausedAt: iso(r.pausedAt),
    cancelledAt: iso(r.cancelledAt),
    erasedAt: iso(r.erasedAt),
    history: events.filter((e) => e.subscriptionId === r.id).map((e) => ({ at: e.createdAt.toISOString(), message: e.detail })),
  }));
}

/**
 * The address's subscriptions keep their terms, items and history, but no name, phone, street,
 * city or consent network, and no address (`erased-<id>` in its place). One still running is
 * cancelled first: without an address it cannot ship. Returns how many were erased.
 */
export async function eraseCustomerSubscriptions(tx: Tx, m: AddressMatch): Promise<number> {
  const found = await tx
    .select({ id: subscriptions.id, status: subscriptions.status })
    .from(subscriptions)
    .where(matchesAddress(subscriptions.email, m))
    .for('update');
  if (found.length === 0) return 0;
  const running = found.filter((s) => s.status !== 'cancelled').map((s) => s.id);
  if (running.length) {
    await tx
      .update(subscriptions)
      .set({ status: 'cancelled', cancelledAt: sql`now()`, retryAt: null })
      .where(and(inArray(subscriptions.id, running), ne(subscriptions.status, 'cancelled')));
    await tx.insert(subscriptionEvents).values(
      running.map((id) => ({
        subscriptionId: id,
        kind: 'cancelled',
        detail: 'Cancelled: the customer’s personal details were erased at their request',
        actor: 'store' as const,
      })),
    );
  }
  const ids = found.map((s) => s.id);
  await tx
    .update(subscriptions)
    .set({
      email: sql`'erased-' || ${subscriptions.id}`,
      firstName: '',
      lastName: '',
      phone: null,
      shippingAddress: '',
      shippingCity: '',
      consentNetwork: '',
      erasedAt: sql`coalesce(${subscriptions.erasedAt}, now())`,
      updatedAt: sql`now()`,
    })
    .where(inArray(subscriptions.id, ids));
  return ids.length;
}
