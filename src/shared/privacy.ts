import { z } from 'zod';
import { requiredLine } from './validation.ts';

/**
 * A customer's access and deletion requests, answered by the owner from the Customers tab
 * (docs/decisions/0049). The store has no accounts: a customer is an e-mail address, matched in any
 * case and by its mailbox (src/shared/mailbox.ts: a `+tag`, and Gmail's dots and googlemail.com,
 * deliver to the same inbox), so `Dana.Lee+shop@gmail.com` finds what `danalee@gmail.com` left.
 */

const email = requiredLine(254, 'email is too long (at most 254 characters)').pipe(
  z.email({ error: 'email must be an e-mail address' }),
);

/** GET /api/admin/customers/data?email= */
export const CustomerDataQuerySchema = z.object({ email });
/** POST /api/admin/customers/erase */
export const EraseCustomerBodySchema = z.strictObject({ email });

export interface CustomerDataLine {
  productId: number;
  name: string;
  quantity: number;
  unitPrice: string;
}

export interface CustomerDataOrder {
  id: number;
  status: string;
  createdAt: string;
  paidAt: string | null;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  shipTo: { address: string | null; city: string | null; state: string | null; zip: string | null; country: string | null };
  items: CustomerDataLine[];
  subtotal: string;
  discount: string;
  discountCode: string | null;
  shipping: string;
  total: string;
  refunded: string;
  trackingNumber: string | null;
  refunds: { amount: string; status: string; createdAt: string }[];
  /** Its history as the store keeps it (each line's time and text). */
  history: { at: string; message: string }[];
  /** When the details were erased at the customer's request; null: never. */
  erasedAt: string | null;
}

export interface CustomerDataConsent {
  kind: 'age' | 'marketing' | 'reorder_reminder';
  orderId: number;
  /** What the shopper confirmed or agreed to, in the words the checkout showed. */
  text: string;
  at: string;
}

export interface CustomerData {
  /** The address asked about, and every address of the same mailbox that matched. */
  email: string;
  addressesMatched: string[];
  generatedAt: string;
  orders: CustomerDataOrder[];
  /** The distinct names, phones and shipping addresses on those orders. */
  addresses: {
    firstName: string | null;
    lastName: string | null;
    phone: string | null;
    address: string | null;
    city: string | null;
    state: string | null;
    zip: string | null;
    country: string | null;
  }[];
  reviews: {
    id: number;
    productId: number;
    customerName: string;
    customerEmail: string;
    rating: number;
    title: string;
    content: string;
    approved: boolean;
    createdAt: string;
  }[];
  /** Abandoned-checkout reminders sent, and the address's opt-out from them. */
  reminders: { orderId: number; sentAt: string; restoredAt: string | null }[];
  reminderOptOut: { at: string } | null;
  /** Reorder reminders sent (docs/decisions/0051), and when their Reorder link filled a cart. */
  reorderReminders: { orderId: number; sentAt: string; linkOpenedAt: string[] }[];
  /** Discount codes whose uses were bound to the address. */
  discountCodes: { code: string; orderId: number; status: string; amount: string; at: string }[];
  consents: CustomerDataConsent[];
  /** Return requests on those orders. */
  returns: { id: number; orderId: number; status: string; reason: string; createdAt: string }[];
  /** The order-link e-mails the order page's "E-mail me my order links" sent to the address. */
  lookups: { subject: string; status: string; createdAt: string; sentAt: string | null }[];
  /** Every e-mail the store sent or will send to the address (their bodies are not kept once sent). */
  emails: { kind: string; subject: string; status: string; createdAt: string; sentAt: string | null }[];
  /** Erasures of this address recorded before: when and by whom. */
  erasures: { at: string; by: string }[];
  /** Subscriptions (docs/decisions/0054): terms, address, the card's last four digits, the consent, the history. */
  subscriptions: CustomerDataSubscription[];
}

export interface CustomerDataSubscription {
  id: number;
  status: string;
  firstOrderId: number;
  email: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  shipTo: { address: string; city: string; state: string; zip: string; country: string };
  items: { productId: number; name: string; quantity: number }[];
  intervalWeeks: number;
  discountPercent: number;
  nextRenewalAt: string;
  card: { brand: string; last4: string } | null;
  /** The checkout's consent: when, the terms word for word, the network it came from. */
  consent: { at: string; text: string; network: string };
  createdAt: string;
  pausedAt: string | null;
  cancelledAt: string | null;
  erasedAt: string | null;
  history: { at: string; message: string }[];
}

/** What an erasure did: what it removed, and the orders it kept because they are not finished. */
export interface CustomerErased {
  message: string;
  erased: {
    orders: number;
    reviews: number;
    reminders: number;
    /** Reorder reminders and the visits of their links (docs/decisions/0051). */
    reorderReminders: number;
    codeUses: number;
    emails: number;
    verificationCodes: number;
    subscriptions: number;
  };
  /** Orders still being fulfilled (an open checkout, or paid and not yet shipped): erase again once they are. */
  kept: { orderId: number; status: string }[];
}
