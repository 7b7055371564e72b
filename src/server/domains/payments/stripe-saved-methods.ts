import Stripe from 'stripe';
import type { OffSessionOutcome, PaymentProvider, PaymentStatus, SavedPaymentMethod } from './provider.ts';

/**
 * Saved payment methods with Stripe (docs/decisions/0052), following Stripe's guides "Save payment
 * details during payment" (a Customer and `setup_future_usage: 'off_session'` on the first
 * PaymentIntent) and "Charge a saved payment method" (`off_session: true`, `confirm: true`), and a
 * SetupIntent to save a new card without paying.
 */

const customerIdOf = (c: string | Stripe.Customer | Stripe.DeletedCustomer | null) =>
  typeof c === 'string' ? c : (c?.id ?? null);

/** The card a PaymentIntent or SetupIntent saved for its customer; null when it saved none. */
export function savedOf(
  customer: string | Stripe.Customer | Stripe.DeletedCustomer | null,
  pm: string | Stripe.PaymentMethod | null,
): SavedPaymentMethod | null {
  const customerId = customerIdOf(customer);
  if (!customerId || !pm) return null;
  if (typeof pm === 'string') return { customerId, paymentMethodId: pm, brand: null, last4: null };
  return { customerId, paymentMethodId: pm.id, brand: pm.card?.brand ?? null, last4: pm.card?.last4 ?? null };
}

/** The first payment's Customer: one per checkout (the payment's idempotency key names it), so a retry makes no second. */
export async function customerFor(
  stripe: Stripe,
  orderId: number,
  who: { email: string; name: string },
  idempotencyKey: string,
): Promise<string> {
  const customer = await stripe.customers.create(
    {
      ...(who.email ? { email: who.email } : {}),
      ...(who.name ? { name: who.name } : {}),
      metadata: { first_order_id: String(orderId) },
    },
    { idempotencyKey: `${idempotencyKey}-customer` },
  );
  return customer.id;
}

/**
 * After the first payment succeeded: the Customer gets the shopper's e-mail and name, for Stripe's
 * receipts and dashboard. A failure is ignored: nothing paid or saved depends on it.
 */
export async function nameCustomer(
  stripe: Stripe,
  customer: string | Stripe.Customer | Stripe.DeletedCustomer | null,
  who: { email: string; name: string },
): Promise<void> {
  const id = customerIdOf(customer);
  if (!id) return;
  await stripe.customers.update(id, { email: who.email, name: who.name }).catch(() => undefined);
}

export function stripeSavedMethods(
  stripe: Stripe,
): Required<Pick<PaymentProvider, 'chargeSaved' | 'startSetup' | 'finishSetup' | 'confirmSetupOnServer'>> {
  return {
    async chargeSaved({
      orderId,
      amountCents,
      currency,
      customerId,
      paymentMethodId,
      idempotencyKey,
    }): Promise<OffSessionOutcome> {
      try {
        const pi = await stripe.paymentIntents.create(
          {
            amount: amountCents,
            currency,
            customer: customerId,
            payment_method: paymentMethodId,
            off_session: true,
            confirm: true,
            // The saved card only: nothing that could redirect a shopper who is not there.
            automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
            metadata: { order_id: String(orderId) },
            description: `Order #${orderId}`,
          },
          { idempotencyKey },
        );
        return { id: pi.id, status: pi.status as PaymentStatus, message: pi.last_payment_error?.message ?? null };
      } catch (err) {
        // Declined, or the bank asks for the shopper (authentication_required): the PaymentIntent waits for another method.
        if (err instanceof Stripe.errors.StripeCardError) {
          const pi = (err.raw as { payment_intent?: { id?: string } } | undefined)?.payment_intent;
          // Stripe names the PaymentIntent in a card error; without it, an id of this charge alone.
          return { id: pi?.id ?? `declined:${idempotencyKey}`, status: 'requires_payment_method', message: err.message };
        }
        throw err;
      }
    },

    async startSetup({ customerId }) {
      const si = await stripe.setupIntents.create({
        customer: customerId,
        usage: 'off_session',
        automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
      });
      if (!si.client_secret) throw new Error(`Stripe returned SetupIntent ${si.id} without a client secret`);
      return { id: si.id, clientSecret: si.client_secret };
    },

    async confirmSetupOnServer({ id, customerId, confirmationToken }) {
      const si = await stripe.setupIntents.retrieve(id);
      if (customerIdOf(si.customer) !== customerId) return { status: 'requires_payment_method', message: null, foreign: true };
      if (si.status === 'succeeded') return { status: 'succeeded', message: null };
      try {
        const confirmed = await stripe.setupIntents.confirm(
          id,
          confirmationToken ? { confirmation_token: confirmationToken } : {},
        );
        const status =
          confirmed.status === 'succeeded'
            ? ('succeeded' as const)
            : confirmed.status === 'requires_action'
              ? ('requires_action' as const)
              : ('requires_payment_method' as const);
        return { status, message: confirmed.last_setup_error?.message ?? null };
      } catch (err) {
        if (err instanceof Stripe.errors.StripeCardError) return { status: 'requires_payment_method', message: err.message };
        throw err;
      }
    },

    async finishSetup(setupId) {
      const si = await stripe.setupIntents.retrieve(setupId, { expand: ['payment_method'] });
      if (si.status !== 'succeeded') return null;
      return savedOf(si.customer, si.payment_method);
    },
  };
}
