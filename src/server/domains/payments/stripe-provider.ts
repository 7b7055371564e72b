import Stripe from 'stripe';
import { paymentMethodKind } from './method-kind.ts';
import { DISPUTE_EVENTS, readDisputeEvent } from './stripe-disputes.ts';
import { customerFor, nameCustomer, savedOf, stripeSavedMethods } from './stripe-saved-methods.ts';
import {
  type PaymentProvider,
  type PaymentStatus,
  type ProviderEvent,
  type ProviderRefund,
  RefundRefusedError,
  WebhookSignatureError,
} from './provider.ts';

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** Another API origin (a local fake or stripe-mock); Stripe's own when undefined. */
  apiUrl?: string | undefined;
}

/** How far a webhook's signature timestamp may lie in the past (Stripe's default tolerance). */
const WEBHOOK_TOLERANCE_SECONDS = 300;

function apiOrigin(apiUrl: string | undefined): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!apiUrl) return {};
  const u = new URL(apiUrl);
  const protocol = u.protocol === 'http:' ? 'http' : 'https';
  return { host: u.hostname, port: u.port || (protocol === 'http' ? 80 : 443), protocol };
}

const paymentIdOf = (pi: string | Stripe.PaymentIntent | null | undefined) => (typeof pi === 'string' ? pi : (pi?.id ?? null));

/** Stripe's refund statuses, as the store counts them: money back unless it failed or was canceled. */
function toRefund(r: Stripe.Refund, paymentId: string): ProviderRefund {
  const failed = r.status === 'failed' || r.status === 'canceled';
  return {
    id: r.id,
    paymentId,
    amountCents: r.amount,
    status: failed ? 'failed' : r.status === 'succeeded' ? 'succeeded' : 'pending',
    failureReason: failed ? (r.failure_reason ?? r.status ?? 'failed') : null,
    storeRef: /^\d{1,10}$/.test(r.metadata?.refund_ref ?? '') ? Number(r.metadata?.refund_ref) : null,
  };
}

const isMissing = (err: unknown) =>
  err instanceof Stripe.errors.StripeInvalidRequestError && (err.statusCode === 404 || err.code === 'resource_missing');

/**
 * Stripe through its own SDK (docs/engineering.md §4): a PaymentIntent per order, created with an idempotency
 * key; the store trusts only what it retrieves from Stripe or receives in a signed webhook.
 */
export function createStripeProvider(settings: StripeSettings): PaymentProvider {
  const stripe = new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'ironwake-store' },
    ...apiOrigin(settings.apiUrl),
  });

  return {
    name: 'stripe',
    // Test keys move no money: orders paid with them are test orders.
    mode: /^(sk|rk)_live_/.test(settings.secretKey) ? 'live' : 'test',

    async create({ orderId, amountCents, currency, idempotencyKey, saveForLater }) {
      // A subscription's first order keeps its card for the renewals (stripe-saved-methods.ts).
      const customer = saveForLater ? await customerFor(stripe, orderId, saveForLater, idempotencyKey) : undefined;
      const pi = await stripe.paymentIntents.create(
        {
          amount: amountCents,
          currency,
          // The methods enabled for the account (cards, Apple Pay, Google Pay, Link) but none that
          // redirects, so a payment never leaves the checkout page (docs/decisions/0042).
          automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
          // Only the store's server can confirm it (with the secret key), after its checks: the
          // browser's publishable key and client secret cannot pay a checkout on their own.
          confirmation_method: 'manual',
          metadata: { order_id: String(orderId) },
          description: `Order #${orderId}`,
          ...(customer ? { customer, setup_future_usage: 'off_session' as const } : {}),
        },
        { idempotencyKey },
      );
      if (!pi.client_secret) throw new Error(`Stripe returned PaymentIntent ${pi.id} without a client secret`);
      return { id: pi.id, clientSecret: pi.client_secret, ...(customer ? { customerId: customer } : {}) };
    },

    async retrieve(id) {
      let pi: Stripe.PaymentIntent;
      try {
        // The charge says which kind of payment method paid, in the same request.
        // And the payment method it saved, when it was made to save one (card brand and last four digits).
        pi = await stripe.paymentIntents.retrieve(id, { expand: ['latest_charge', 'payment_method'] });
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
      return {
        id: pi.id,
        status: pi.status as PaymentStatus,
        amountCents: pi.status === 'succeeded' ? pi.amount_received : pi.amount,
        currency: pi.currency,
        lastError: pi.last_payment_error?.message ?? null,
        methodKind: typeof pi.latest_charge === 'object' ? paymentMethodKind(pi.latest_charge) : null,
        saved: pi.status === 'succeeded' && pi.setup_future_usage ? savedOf(pi.customer, pi.payment_method) : null,
      };
    },

    async refund({ paymentId, amountCents, idempotencyKey, refundRef }) {
      let r: Stripe.Refund;
      try {
        r = await stripe.refunds.create(
          { payment_intent: paymentId, amount: amountCents, metadata: { refund_ref: String(refundRef) } },
          { idempotencyKey },
        );
      } catch (err) {
        // Stripe's answer about this refund (too much, already refunded, not paid): nothing moved.
        if (err instanceof Stripe.errors.StripeInvalidRequestError) throw new RefundRefusedError(err.message);
        throw err;
      }
      return toRefund(r, paymentId);
    },

    async updateAmount(id, amountCents) {
      await stripe.paymentIntents.update(id, { amount: amountCents });
    },

    async confirmOnServer({ id, confirmationToken, party }) {
      try {
        const pi = await stripe.paymentIntents.confirm(id, {
          ...(confirmationToken ? { confirmation_token: confirmationToken } : {}),
          receipt_email: party.email,
          shipping: {
            name: party.name,
            ...(party.phone ? { phone: party.phone } : {}),
            address: {
              line1: party.address.line1,
              city: party.address.city,
              state: party.address.state,
              postal_code: party.address.postalCode,
              country: party.address.country,
            },
          },
        });
        // The Customer a subscription's card is saved for learns who it is (unknown when it was made).
        if (pi.status === 'succeeded') await nameCustomer(stripe, pi.customer, party);
        return { status: pi.status as PaymentStatus, message: pi.last_payment_error?.message ?? null };
      } catch (err) {
        // A declined card: Stripe's words are for the shopper.
        if (err instanceof Stripe.errors.StripeCardError) return { status: 'requires_payment_method', message: err.message };
        if (err instanceof Stripe.errors.StripeInvalidRequestError) {
          const state = (err.raw as { payment_intent?: { status?: string } } | undefined)?.payment_intent?.status;
          if (state === 'canceled') return { status: 'canceled', message: 'This payment has expired.' };
          if (state === 'succeeded') return { status: 'succeeded', message: null };
          // A spent or expired ConfirmationToken, a method the payment does not take: the shopper tries again.
          return {
            status: 'requires_payment_method',
            message: 'Your payment details could not be used. Please enter them again.',
          };
        }
        throw err;
      }
    },

    ...stripeSavedMethods(stripe),

    async cancel(id) {
      try {
        await stripe.paymentIntents.cancel(id);
      } catch (err) {
        // Already succeeded, canceled or gone: nothing to cancel.
        if (err instanceof Stripe.errors.StripeInvalidRequestError) return;
        throw err;
      }
    },

    parseWebhook(rawBody, signature): ProviderEvent {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret, WEBHOOK_TOLERANCE_SECONDS);
      } catch (err) {
        throw new WebhookSignatureError(err instanceof Error ? err.message : 'invalid signature');
      }
      if (event.type === 'payment_intent.succeeded' || event.type === 'payment_intent.payment_failed') {
        const pi = event.data.object;
        return {
          id: event.id,
          type: event.type,
          paymentId: pi.id,
          outcome: event.type === 'payment_intent.succeeded' ? 'succeeded' : 'failed',
          lastError: pi.last_payment_error?.message ?? null,
        };
      }
      if (event.type === 'charge.refunded') {
        const charge = event.data.object;
        const paymentId = paymentIdOf(charge.payment_intent);
        const refunds = (charge.refunds?.data ?? []).map((r) => toRefund(r, paymentId ?? ''));
        return { id: event.id, type: event.type, paymentId, outcome: paymentId ? 'refunds' : 'other', lastError: null, refunds };
      }
      if (event.type === 'refund.created' || event.type === 'refund.updated' || event.type === 'refund.failed') {
        const refund = event.data.object;
        const paymentId = paymentIdOf(refund.payment_intent);
        return {
          id: event.id,
          type: event.type,
          paymentId,
          outcome: paymentId ? 'refunds' : 'other',
          lastError: null,
          refunds: paymentId ? [toRefund(refund, paymentId)] : [],
        };
      }
      if (DISPUTE_EVENTS.has(event.type)) return readDisputeEvent(event);
      return { id: event.id, type: event.type, paymentId: null, outcome: 'other', lastError: null };
    },
  };
}
