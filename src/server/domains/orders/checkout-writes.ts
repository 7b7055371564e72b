import type { ShippingFields } from '#shared/checkout.ts';
import { formatUsd } from '#shared/money.ts';
import type { Tx } from '#db/client.ts';
import { recordEvent } from './history.ts';
import * as repo from './repo.ts';

type Order = repo.OrderRow;

/** What checkout writes on an open checkout's order row, each in the caller's transaction with the order locked. */
export const checkoutWrites = {
  /** Step 1's details on the (locked) order, in the caller's transaction, with a line in its history. */
  async writeShipping(
    tx: Tx,
    order: Order,
    f: ShippingFields,
    /**
     * What this step confirmed and consented to, saved with its details and replacing what an
     * earlier save did (docs/decisions/0048, 0049): the age confirmed (null: none asked), and the
     * wording of the consent box when ticked (null: not ticked), and the same of the reorder
     * reminder box (docs/decisions/0051).
     */
    choices: {
      ageConfirmed: number | null;
      marketingConsentText: string | null;
      /** The subscription terms agreed to, and the shopper's network (docs/decisions/0052); null: none asked. */
      /** The reorder reminder box's wording when ticked (docs/decisions/0051); null: not ticked. */
      reorderReminderText?: string | null;
      subscriptionConsent?: { text: string; network: string } | null;
    },
  ): Promise<Order> {
    const sub = choices.subscriptionConsent ?? null;
    const saved = await repo.updateOrder(tx, order.id, {
      subscriptionConsentAt: sub ? new Date() : null,
      subscriptionConsentText: sub?.text ?? null,
      subscriptionConsentNetwork: sub?.network ?? null,
      ageConfirmedAt: choices.ageConfirmed === null ? null : new Date(),
      ageConfirmed: choices.ageConfirmed,
      marketingConsentAt: choices.marketingConsentText === null ? null : new Date(),
      marketingConsentText: choices.marketingConsentText,
      reorderReminderAt: choices.reorderReminderText ? new Date() : null,
      reorderReminderText: choices.reorderReminderText ?? null,
      email: f.email.toLowerCase(),
      firstName: f.firstName,
      lastName: f.lastName,
      phone: f.phone || null,
      shippingAddress: f.address,
      shippingCity: f.city,
      shippingState: f.state,
      shippingZip: f.zip,
      shippingCountry: f.country,
    });
    await recordEvent(tx, order.id, 'shipping_saved', `Shipping details saved: ${f.city}, ${f.state}`, 'shopper');
    return saved ?? order;
  },

  /**
   * A discount put on or taken off an open checkout, in the caller's transaction (the order locked):
   * its totals as the checkout priced them, and a line in its history.
   */
  async setDiscount(
    tx: Tx,
    order: Order,
    v: {
      code: string | null;
      discountCents: number;
      /** Each line's share of the discount, by product. */
      shares: ReadonlyMap<number, number>;
      shippingCents: number;
      totalCents: number;
    },
  ): Promise<Order> {
    const changed =
      (await repo.updateOrder(tx, order.id, {
        discountCode: v.code,
        discountCents: v.discountCents,
        shippingCents: v.shippingCents,
        totalCents: v.totalCents,
        // Its tax was worked out on the amounts before: checkout works it out again (docs/decisions/0047).
        taxCents: 0,
        shippingTaxCents: 0,
        taxCalculationId: null,
        taxBasis: null,
      })) ?? order;
    await repo.updateItemDiscounts(tx, order.id, v.shares);
    await repo.clearItemTaxes(tx, order.id);
    if (v.code) {
      await recordEvent(
        tx,
        order.id,
        'discount_applied',
        `Code ${v.code} applied: ${formatUsd(v.discountCents)} off; total ${formatUsd(v.totalCents)}`,
        'shopper',
      );
    } else if (order.discountCode) {
      await recordEvent(
        tx,
        order.id,
        'discount_removed',
        `Code ${order.discountCode} taken off; total ${formatUsd(v.totalCents)}`,
        'shopper',
      );
    }
    return changed;
  },
};
