import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { createFakeStripeCustomers, type FakeStripeCustomers } from './fake-stripe-customers.ts';
import { createFakeStripeTax, type FakeStripeTax } from './fake-stripe-tax.ts';

/**
 * A local fake of the few Stripe HTTP endpoints the store and Stripe.js call, so the real `stripe`
 * SDK can be tested offline: PaymentIntents (create with idempotency keys, retrieve, confirm,
 * cancel) and signed webhooks sent to the store like Stripe sends them.
 *
 * Confirmation follows Stripe's test cards: `pm_card_visa` or card 4242 4242 4242 4242 succeeds,
 * `pm_card_chargeDeclined` / 4000 0000 0000 0002 is declined, and
 * `pm_card_chargeDeclinedInsufficientFunds` / 4000 0000 0000 9995 has insufficient funds; and,
 * the fake's own, 4000 0000 0000 1000 leaves the payment processing until a test settles it.
 * Three more test payment methods are the fake's own, named like Stripe's, so that tests can pay
 * through a wallet or Link without a device: `pm_card_visa_applepay` (a Visa card paid through Apple Pay: type `card`, wallet
 * `apple_pay`), `pm_card_visa_googlepay` (the same through Google Pay, wallet `google_pay`) and
 * `pm_link` (a Link payment: type `link`). All three succeed.
 *
 * Payment methods, as Stripe decides them: a PaymentIntent created with `automatic_payment_methods`
 * (or with neither that nor `allowed_payment_method_types`, Stripe's default) takes what the fake
 * account has enabled: cards (with their wallets) and Link, plus Cash App Pay and Affirm, which
 * redirect, unless `allow_redirects` is `never`; its confirmation then needs a `return_url` unless
 * redirects are off. `allowed_payment_method_types` names the types itself. Confirming with a
 * method of a type the PaymentIntent does not take is refused.
 *
 * Each confirmation creates a charge (failed for a decline) with the payment method's
 * `payment_method_details`; the PaymentIntent's `latest_charge` is its id, or the charge itself
 * when retrieved with `expand[]=latest_charge`.
 *
 * Confirmation as the store asks for it (`confirmation_method: manual`): only the secret key may
 * confirm such a PaymentIntent (Stripe.js, with the publishable key and client secret, is refused),
 * with a ConfirmationToken that Stripe.js made from the Payment Element (`POST /v1/confirmation_tokens`,
 * publishable key) or a test helper made (`POST /v1/test_helpers/confirmation_tokens`, secret key),
 * each usable once; the confirmation's `receipt_email` and `shipping` are kept on the PaymentIntent.
 * Stripe's test card 4000 0025 0000 3155 asks for authentication: the first confirmation leaves the
 * PaymentIntent `requires_action`; once the shopper authenticates (Stripe.js's handleNextAction,
 * which the browser stand-in does through the fake's own `POST /v1/payment_intents/:id/authenticate`,
 * or `authenticate(id)` in a test) a manual one is `requires_confirmation` and the server confirms
 * it again.
 *
 * Refunds (`POST /v1/refunds`, `GET /v1/refunds/:id`) as Stripe's API reference describes them: of a
 * succeeded PaymentIntent, never more than is left of it (`amount_too_large`, or
 * `charge_already_refunded` when nothing is), each followed by `charge.refunded` and `refund.created`
 * webhooks; a test can refund from "the dashboard" and fail a refund later (`refund.updated`).
 *
 * Disputes (https://docs.stripe.com/testing#disputes): Stripe's test card 4000 0000 0000 0259 pays,
 * then its charge is disputed as fraudulent: a Dispute (`needs_response`, evidence due in 7 days, not
 * refundable) is made and `charge.dispute.created` then `charge.dispute.funds_withdrawn` are sent;
 * `GET /v1/disputes/:id` reads it, `POST /v1/disputes/:id` with `evidence[uncategorized_text]`
 * `winning_evidence` or `losing_evidence` (Stripe's test evidence) and `POST /v1/disputes/:id/close`
 * settle it, and a test settles one with `settleDispute` (`updated`, `closed`, and for a won one
 * `funds_reinstated`). A disputed charge is not refunded (`charge_disputed`).
 *
 * Saving a payment method (fake-stripe-customers.ts): customers, payment methods and SetupIntents;
 * a PaymentIntent created with a `customer` and `setup_future_usage` attaches its payment method to
 * the customer when it succeeds, and one created with `customer`, a saved `payment_method`,
 * `off_session: true` and `confirm: true` charges it at once: 4000 0000 0000 0341 is declined
 * (`card_declined`) and 4000 0027 6000 3184 needs authentication (`authentication_required`).
 */

export const FAKE_KEYS = {
  secretKey: 'sk_test_fake_store_0123456789',
  /** A live-mode secret key: the fake takes it as Stripe would take a live account's key. */
  liveSecretKey: 'sk_live_fake_store_0123456789',
  publishableKey: 'pk_test_fake_store_0123456789',
  webhookSecret: 'whsec_fake_store_0123456789abcdef',
};

type Status = Stripe.PaymentIntent.Status;

export interface FakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: Status;
  client_secret: string;
  /** manual: only a secret key confirms it (the store's server). */
  confirmation_method: 'automatic' | 'manual';
  receipt_email: string | null;
  shipping: Record<string, unknown> | null;
  next_action: { type: 'use_stripe_sdk' } | null;
  metadata: Record<string, string>;
  description: string | null;
  allowed_payment_method_types: string[] | null;
  automatic_payment_methods: { enabled: boolean; allow_redirects?: 'always' | 'never' } | null;
  payment_method_types: string[];
  /** The payment method that paid (or is paying); null until then, and again after a decline. */
  payment_method: string | null;
  latest_charge: string | null;
  last_payment_error: { type: string; code: string; decline_code?: string; message: string } | null;
  created: number;
  livemode: false;
  /** The customer its payment method is saved for (`setup_future_usage`) or charged from. */
  customer: string | null;
  setup_future_usage: 'off_session' | 'on_session' | null;
}

/** What a charge says about the payment method, as Stripe's `payment_method_details` (the part the fake fills). */
export type FakeMethodDetails =
  | {
      type: 'card';
      card: {
        brand: string;
        last4: string;
        funding: string;
        country: string;
        wallet: { type: string; dynamic_last4: string | null; [wallet: string]: unknown } | null;
      };
    }
  | { type: 'link'; link: { country: string } };

/** One confirmation attempt's charge, as the fake keeps it; its status follows its PaymentIntent. */
interface StoredCharge {
  id: string;
  paymentIntent: string;
  paymentMethod: string;
  details: FakeMethodDetails;
  /** A declined attempt: failed for good, whatever its PaymentIntent does next. */
  failure: { code: string; message: string } | null;
  created: number;
}

export interface FakeRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  charge: string;
  status: 'pending' | 'succeeded' | 'failed' | 'canceled';
  failure_reason: string | null;
  metadata: Record<string, string>;
  reason: string | null;
  created: number;
}

/** A Dispute as Stripe's API shows it (https://docs.stripe.com/api/disputes/object), the fields the fake fills. */
export interface FakeDispute {
  id: string;
  object: 'dispute';
  amount: number;
  currency: string;
  charge: string;
  payment_intent: string;
  reason: string;
  status:
    | 'warning_needs_response'
    | 'warning_under_review'
    | 'warning_closed'
    | 'needs_response'
    | 'under_review'
    | 'won'
    | 'lost';
  evidence_details: { due_by: number | null; has_evidence: boolean; past_due: boolean; submission_count: number };
  is_charge_refundable: boolean;
  balance_transactions: { id: string; object: 'balance_transaction'; amount: number; fee: number; type: 'adjustment' }[];
  created: number;
  livemode: false;
  metadata: Record<string, string>;
}

export interface FakeConfirmationToken {
  id: string;
  object: 'confirmation_token';
  created: number;
  expires_at: number;
  livemode: false;
  /** The PaymentIntent it confirmed; null until used (a token confirms once). */
  payment_intent: string | null;
  payment_method_preview: { type: string };
  shipping: Record<string, unknown> | null;
  /** The fake's own: the test payment method or card number it stands for. */
  method: string;
}

export interface FakeRequest {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  params: Record<string, unknown>;
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const rand = (n: number) => Array.from(randomBytes(n), (b) => ALPHABET[b % ALPHABET.length]).join('');

type Outcome =
  | { ok: true }
  | { ok: 'processing' }
  | { ok: 'authenticate' }
  | { ok: false; code: string; decline_code: string; message: string };

const SUCCEEDS: Outcome = { ok: true };
const DECLINED: Outcome = {
  ok: false,
  code: 'card_declined',
  decline_code: 'generic_decline',
  message: 'Your card was declined.',
};
const AUTHENTICATION_REQUIRED: Outcome = {
  ok: false,
  code: 'authentication_required',
  decline_code: 'authentication_required',
  message: 'Your card was declined. This transaction requires authentication.',
};
const INSUFFICIENT: Outcome = {
  ok: false,
  code: 'card_declined',
  decline_code: 'insufficient_funds',
  message: 'Your card has insufficient funds.',
};

const card = (last4: string, wallet: string | null = null): FakeMethodDetails => ({
  type: 'card',
  card: {
    brand: 'visa',
    last4,
    funding: 'credit',
    country: 'US',
    // Stripe names the wallet and adds an (empty here) hash of the same name.
    wallet: wallet ? { type: wallet, dynamic_last4: last4, [wallet]: {} } : null,
  },
});

/** Stripe's test payment methods and card numbers (and the fake's own): what each pays with, and what confirming it does. */
const METHODS: Record<
  string,
  {
    details: FakeMethodDetails;
    outcome: Outcome;
    /** Charged off-session (a saved card), when that differs. */
    offSession?: Outcome;
    /** A SetupIntent asks for authentication. */
    setupNeedsAuthentication?: boolean;
    /** The charge succeeds, then a dispute with this reason is opened on it. */
    disputes?: string;
    /** Stripe's generic decline cards decline a SetupIntent too (0341 alone attaches and fails later). */
    setupDeclines?: boolean;
  }
> = {
  pm_card_visa: { details: card('4242'), outcome: SUCCEEDS },
  '4242424242424242': { details: card('4242'), outcome: SUCCEEDS },
  // The fake's own: a payment the bank is still processing (settled later with update()).
  '4000000000001000': { details: card('1000'), outcome: { ok: 'processing' } },
  // Stripe's 3D Secure test card: authentication required, then it succeeds.
  '4000002500003155': { details: card('3155'), outcome: { ok: 'authenticate' } },
  // Stripe's dispute test card: the charge succeeds, then is disputed as fraudulent.
  '4000000000000259': { details: card('0259'), outcome: SUCCEEDS, disputes: 'fraudulent' },
  pm_card_createDispute: { details: card('0259'), outcome: SUCCEEDS, disputes: 'fraudulent' },
  pm_card_chargeDeclined: { details: card('0002'), outcome: DECLINED },
  '4000000000000002': { details: card('0002'), outcome: DECLINED, setupDeclines: true },
  pm_card_chargeDeclinedInsufficientFunds: { details: card('9995'), outcome: INSUFFICIENT },
  '4000000000009995': { details: card('9995'), outcome: INSUFFICIENT },
  // The fake's own wallets and Link (see the comment at the top).
  pm_card_visa_applepay: { details: card('4242', 'apple_pay'), outcome: SUCCEEDS },
  pm_card_visa_googlepay: { details: card('4242', 'google_pay'), outcome: SUCCEEDS },
  pm_link: { details: { type: 'link', link: { country: 'US' } }, outcome: SUCCEEDS },
  // Saved cards (fake-stripe-customers.ts): 0341 attaches but every charge fails; 3184 always asks for authentication.
  '4000000000000341': { details: card('0341'), outcome: DECLINED },
  '4000002760003184': {
    details: card('3184'),
    outcome: { ok: 'authenticate' },
    offSession: AUTHENTICATION_REQUIRED,
    setupNeedsAuthentication: true,
  },
};

/** The types the fake account has enabled for USD: those that keep the shopper on the page, then those that redirect. */
const ACCOUNT_METHOD_TYPES = { onPage: ['card', 'link'], redirect: ['cashapp', 'affirm'] };

/** `a[b][0]=c` form bodies as Stripe's SDK and Stripe.js send them, into nested objects. */
function parseForm(body: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.split(/\[|\]\[|\]/).filter((p) => p !== '');
    let node = out as Record<string, unknown>;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) node[part] = value;
      else {
        node[part] ??= {};
        node = node[part] as Record<string, unknown>;
      }
    });
  }
  return out;
}

/** `a[0]=x&a[1]=y` (the SDK's arrays) or `a[]=x` / `a=x` (a single value). */
const asList = (v: unknown): string[] =>
  v && typeof v === 'object' ? Object.values(v).map(String) : typeof v === 'string' && v ? [v] : [];

export interface FakeStripe {
  url: string;
  intents: Map<string, FakeIntent>;
  requests: FakeRequest[];
  /** Where signed webhooks are delivered after a confirmation (unset: none are sent). */
  webhookUrl: string | undefined;
  /** Answer every API call with a 500 (Stripe unavailable). */
  down: boolean;
  /** A signed `payment_intent.*` event for an intent as it is now: its body and Stripe-Signature header. */
  event(
    id: string,
    type: 'payment_intent.succeeded' | 'payment_intent.payment_failed',
    eventId?: string,
  ): {
    payload: string;
    signature: string;
  };
  /** ConfirmationTokens made so far, by id. */
  confirmationTokens: Map<string, FakeConfirmationToken>;
  /** The shopper authenticates with their bank (what Stripe.js's handleNextAction leads to). */
  authenticate(id: string): FakeIntent;
  /** Settles an intent as if the shopper's card went through (or changes it for a test). */
  update(id: string, patch: Partial<FakeIntent>): FakeIntent;
  /** Webhook deliveries so far, with the store's answers. */
  deliveries: { type: string; status: number }[];
  refunds: Map<string, FakeRefund>;
  /** Stripe Tax: its calculations, transactions and reversals (fake-stripe-tax.ts). */
  tax: FakeStripeTax;
  /** Customers, saved payment methods and SetupIntents (fake-stripe-customers.ts). */
  customers: FakeStripeCustomers;
  /** An intent's latest charge as Stripe shows it (what `expand[]=latest_charge` returns); null before any confirmation. */
  latestCharge(paymentIntentId: string): Record<string, unknown> | null;
  /** A refund made in Stripe's dashboard, not through the API of the store; its webhooks are sent. */
  refundFromDashboard(paymentIntentId: string, amount: number): FakeRefund;
  /** A refund that fails after it was accepted (Stripe's `refund.updated` with status failed). */
  failRefund(refundId: string, reason?: string): void;
  /** Disputes opened on the fake's charges, by id (dispute test card, or `openDispute`). */
  disputes: Map<string, FakeDispute>;
  /** Opens a dispute on a succeeded intent's charge, as the dispute test card does; its webhooks are sent. */
  openDispute(paymentIntentId: string, opts?: { reason?: string; amount?: number; inquiry?: boolean }): FakeDispute;
  /**
   * The bank decides: the dispute goes under review (`charge.dispute.updated`), then is won or lost
   * (`charge.dispute.closed`; a won one gives the funds back, `charge.dispute.funds_reinstated`).
   * Returns the signed events in the order Stripe sends them (also delivered when webhookUrl is set).
   */
  settleDispute(disputeId: string, outcome: 'won' | 'lost'): { type: string; payload: string; signature: string }[];
  /** A signed `charge.dispute.*` event for a dispute as it is now. */
  disputeEvent(disputeId: string, type: string, eventId?: string): { payload: string; signature: string };
  /** A signed event about a refund (`refund.*`) or its charge (`charge.refunded`), as Stripe would send it now. */
  refundEvent(
    refundId: string,
    type: 'charge.refunded' | 'refund.created' | 'refund.updated',
    eventId?: string,
  ): {
    payload: string;
    signature: string;
  };
  close(): Promise<void>;
}

export async function startFakeStripe(opts: { webhookUrl?: string } = {}): Promise<FakeStripe> {
  const intents = new Map<string, FakeIntent>();
  const refunds = new Map<string, FakeRefund>();
  const refundedOf = (piId: string) =>
    [...refunds.values()]
      .filter((r) => r.payment_intent === piId && r.status !== 'failed' && r.status !== 'canceled')
      .reduce((sum, r) => sum + r.amount, 0);
  const charges = new Map<string, StoredCharge>();
  const disputes = new Map<string, FakeDispute>();
  const disputeOf = (piId: string) => [...disputes.values()].find((d) => d.payment_intent === piId);
  const confirmationTokens = new Map<string, FakeConfirmationToken>();
  /** The payment method an intent waiting for (or past) authentication will be charged with. */
  const authenticating = new Map<string, string>();
  /** The id of the charge that pays an intent (one at most: an intent succeeds once); failed attempts get their own. */
  const payingChargeId = (pi: FakeIntent) => `ch_${pi.id.slice(3)}`;
  /** A charge as Stripe shows it now; without a stored one, the paying charge of an intent a test settled with update(). */
  const chargeOf = (pi: FakeIntent, stored = charges.get(payingChargeId(pi))) => {
    const status = stored?.failure
      ? 'failed'
      : pi.status === 'succeeded'
        ? 'succeeded'
        : pi.status === 'processing'
          ? 'pending'
          : 'failed';
    const amount = status === 'succeeded' ? pi.amount_received : pi.amount;
    return {
      id: stored?.id ?? payingChargeId(pi),
      object: 'charge',
      amount,
      amount_captured: status === 'succeeded' ? amount : 0,
      amount_refunded: refundedOf(pi.id),
      refunded: status === 'succeeded' && refundedOf(pi.id) >= amount,
      disputed: Boolean(disputeOf(pi.id)),
      captured: status === 'succeeded',
      paid: status === 'succeeded',
      currency: pi.currency,
      payment_intent: pi.id,
      payment_method: stored?.paymentMethod ?? null,
      payment_method_details: stored?.details ?? null,
      failure_code: stored?.failure?.code ?? null,
      failure_message: stored?.failure?.message ?? null,
      status,
      created: stored?.created ?? pi.created,
      livemode: false,
      refunds: {
        object: 'list',
        data: [...refunds.values()].filter((r) => r.payment_intent === pi.id).reverse(),
        has_more: false,
      },
    };
  };
  const latestChargeOf = (pi: FakeIntent) => {
    const stored = pi.latest_charge ? charges.get(pi.latest_charge) : undefined;
    return stored ? chargeOf(pi, stored) : null;
  };
  const idempotent = new Map<string, { params: string; status: number; body: unknown }>();
  const requests: FakeRequest[] = [];
  const tax = createFakeStripeTax();
  const customers = createFakeStripeCustomers((key) => {
    const m = METHODS[key];
    if (!m) return undefined;
    return {
      type: m.details.type,
      card: m.details.type === 'card' ? { brand: m.details.card.brand, last4: m.details.card.last4 } : null,
      setupNeedsAuthentication: m.setupNeedsAuthentication ?? false,
      setupDeclines: m.setupDeclines ?? false,
    };
  });
  const deliveries: { type: string; status: number }[] = [];

  const makeEvent = (pi: object, type: string, eventId = `evt_${rand(24)}`) => {
    const payload = JSON.stringify({
      id: eventId,
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: Math.floor(Date.now() / 1000),
      type,
      data: { object: pi },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
    });
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: FAKE_KEYS.webhookSecret });
    return { payload, signature };
  };

  const deliver = (pi: object, type: string) => {
    if (!fake.webhookUrl) return;
    const { payload, signature } = makeEvent(structuredClone(pi), type);
    void fetch(fake.webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
      body: payload,
    })
      .then((r) => deliveries.push({ type, status: r.status }))
      .catch(() => deliveries.push({ type, status: 0 }));
  };

  const error = (status: number, type: string, message: string, extra: Record<string, unknown> = {}) => ({
    status,
    body: { error: { type, message, ...extra } },
  });

  function confirm(pi: FakeIntent, params: Record<string, unknown>, secretAuth: boolean) {
    if (pi.status === 'succeeded' || pi.status === 'canceled') {
      return error(400, 'invalid_request_error', `This PaymentIntent's status is ${pi.status}.`, {
        code: 'payment_intent_unexpected_state',
        payment_intent: pi,
      });
    }
    if (pi.confirmation_method === 'manual' && !secretAuth) {
      return error(
        400,
        'invalid_request_error',
        "This PaymentIntent's confirmation_method is manual: it can only be confirmed with your secret key.",
        { code: 'payment_intent_unexpected_state', payment_intent: pi },
      );
    }
    if (typeof params.receipt_email === 'string') pi.receipt_email = params.receipt_email;
    if (params.shipping && typeof params.shipping === 'object') pi.shipping = params.shipping as Record<string, unknown>;
    let tokenMethod: string | undefined;
    if (params.confirmation_token !== undefined) {
      const token = confirmationTokens.get(String(params.confirmation_token));
      if (!token) {
        return error(404, 'invalid_request_error', `No such confirmationtoken: '${String(params.confirmation_token)}'`, {
          code: 'resource_missing',
          param: 'confirmation_token',
        });
      }
      if (token.payment_intent) {
        return error(400, 'invalid_request_error', 'This ConfirmationToken has already been used to confirm a PaymentIntent.', {
          code: 'confirmation_token_already_used',
        });
      }
      token.payment_intent = pi.id;
      tokenMethod = token.method;
      if (token.shipping && !pi.shipping) pi.shipping = token.shipping;
    }
    // Confirmed again after the shopper authenticated: charged with the method they authenticated.
    const authenticated = pi.status === 'requires_confirmation' ? authenticating.get(pi.id) : undefined;
    const auto = pi.automatic_payment_methods;
    if (auto?.enabled && auto.allow_redirects !== 'never' && !params.return_url) {
      return error(
        400,
        'invalid_request_error',
        'This PaymentIntent is configured to accept payment methods enabled in your Dashboard, some of which may redirect your customer off of your page: you must provide a `return_url`. Set `automatic_payment_methods[allow_redirects]` to `never` when creating the PaymentIntent to accept only payment methods that do not redirect.',
        { code: 'parameter_missing', param: 'return_url' },
      );
    }
    const data = params.payment_method_data as { card?: { number?: string } } | undefined;
    const given = String(tokenMethod ?? authenticated ?? params.payment_method ?? data?.card?.number ?? '').replace(/\s/g, '');
    // A payment method saved for a customer charges as the test card it was made from.
    const savedKey = customers.keyOf(given);
    const key = savedKey ?? given;
    const method = METHODS[key];
    if (!method) {
      return error(402, 'card_error', 'Your card number is incorrect.', { code: 'incorrect_number' });
    }
    if (!pi.payment_method_types.includes(method.details.type)) {
      return error(
        400,
        'invalid_request_error',
        `The PaymentMethod provided (${method.details.type}) is not allowed for this PaymentIntent. Please attach a PaymentMethod of one of the following types: ${pi.payment_method_types.join(', ')}.`,
        { code: 'payment_intent_incompatible_payment_method', payment_intent: pi },
      );
    }
    const paymentMethod = savedKey ? given : key.startsWith('pm_') ? key : `pm_${rand(24)}`;
    customers.remember(paymentMethod, key);
    const offSession = params.off_session === 'true';
    const outcome: Outcome = authenticated
      ? SUCCEEDS
      : offSession
        ? (method.offSession ?? (method.outcome.ok === 'authenticate' ? AUTHENTICATION_REQUIRED : method.outcome))
        : method.outcome;
    if (outcome.ok === 'authenticate') {
      authenticating.set(pi.id, key);
      Object.assign(pi, {
        status: 'requires_action',
        next_action: { type: 'use_stripe_sdk' },
        last_payment_error: null,
        payment_method: paymentMethod,
      });
      return { status: 200, body: pi };
    }
    pi.next_action = null;
    const charge: StoredCharge = {
      id: outcome.ok ? payingChargeId(pi) : `ch_${rand(24)}`,
      paymentIntent: pi.id,
      paymentMethod,
      details: structuredClone(method.details),
      failure: outcome.ok ? null : { code: outcome.decline_code, message: outcome.message },
      created: Math.floor(Date.now() / 1000),
    };
    charges.set(charge.id, charge);
    if (outcome.ok === 'processing') {
      Object.assign(pi, {
        status: 'processing',
        last_payment_error: null,
        payment_method: paymentMethod,
        latest_charge: charge.id,
      });
      return { status: 200, body: pi };
    }
    if (outcome.ok) {
      if (pi.customer && pi.setup_future_usage) customers.attach(paymentMethod, key, pi.customer);
      Object.assign(pi, {
        status: 'succeeded',
        amount_received: pi.amount,
        last_payment_error: null,
        payment_method: paymentMethod,
        latest_charge: charge.id,
      });
      deliver(pi, 'payment_intent.succeeded');
      if (method.disputes) openDispute(pi, { reason: method.disputes });
      return { status: 200, body: pi };
    }
    const { ok: _ok, ...failure } = outcome;
    // A declined payment method is detached from the intent; the failed charge stays its latest.
    Object.assign(pi, {
      status: 'requires_payment_method',
      last_payment_error: { type: 'card_error', ...failure },
      payment_method: null,
      latest_charge: charge.id,
    });
    deliver(pi, 'payment_intent.payment_failed');
    return error(402, 'card_error', failure.message, { ...failure, charge: charge.id, payment_intent: pi });
  }

  /** The bank accepted the shopper: a manual intent waits for the server's confirmation, an automatic one is charged. */
  function authenticate(pi: FakeIntent): FakeIntent {
    pi.next_action = null;
    if (pi.confirmation_method === 'manual') {
      pi.status = 'requires_confirmation';
      return pi;
    }
    pi.status = 'requires_confirmation';
    confirm(pi, {}, true);
    return pi;
  }

  const DISPUTE_FEE = 1500;
  const balanceTx = (amount: number, fee: number) => ({
    id: `txn_${rand(24)}`,
    object: 'balance_transaction' as const,
    amount,
    fee,
    type: 'adjustment' as const,
  });

  /** A dispute of an intent's charge: a chargeback withdraws the amount and Stripe's fee; an inquiry withdraws nothing. */
  function openDispute(pi: FakeIntent, o: { reason?: string; amount?: number; inquiry?: boolean } = {}): FakeDispute {
    const now = Math.floor(Date.now() / 1000);
    const amount = o.amount ?? pi.amount_received;
    const d: FakeDispute = {
      id: `du_${rand(24)}`,
      object: 'dispute',
      amount,
      currency: pi.currency,
      charge: payingChargeId(pi),
      payment_intent: pi.id,
      reason: o.reason ?? 'fraudulent',
      status: o.inquiry ? 'warning_needs_response' : 'needs_response',
      evidence_details: { due_by: now + 7 * 86_400, has_evidence: false, past_due: false, submission_count: 0 },
      is_charge_refundable: Boolean(o.inquiry),
      balance_transactions: o.inquiry ? [] : [balanceTx(-amount, DISPUTE_FEE)],
      created: now,
      livemode: false,
      metadata: {},
    };
    disputes.set(d.id, d);
    deliver(d, 'charge.dispute.created');
    if (!o.inquiry) deliver(d, 'charge.dispute.funds_withdrawn');
    return d;
  }

  /** Under review, then won or lost (a won chargeback gives the amount back); the events in Stripe's order. */
  function settleDispute(d: FakeDispute, outcome: 'won' | 'lost') {
    const events: { type: string; payload: string; signature: string }[] = [];
    const send = (type: string) => {
      events.push({ type, ...makeEvent(structuredClone(d), type) });
      deliver(d, type);
    };
    if (d.status === 'won' || d.status === 'lost' || d.status === 'warning_closed') return events;
    const inquiry = d.status.startsWith('warning_');
    Object.assign(d, {
      status: inquiry ? 'warning_under_review' : 'under_review',
      evidence_details: { ...d.evidence_details, has_evidence: true, submission_count: 1 },
    });
    send('charge.dispute.updated');
    d.status = inquiry ? (outcome === 'won' ? 'warning_closed' : 'needs_response') : outcome;
    d.is_charge_refundable = false;
    if (inquiry && outcome === 'lost') {
      send('charge.dispute.updated');
      d.status = 'lost';
    }
    if (d.status === 'won' && d.balance_transactions.length > 0) d.balance_transactions.push(balanceTx(d.amount, 0));
    send('charge.dispute.closed');
    if (d.status === 'won' && d.balance_transactions.length > 1) send('charge.dispute.funds_reinstated');
    return events;
  }

  function createRefund(pi: FakeIntent, amount: number, metadata: Record<string, string>): FakeRefund {
    const refund: FakeRefund = {
      id: `re_${rand(24)}`,
      object: 'refund',
      amount,
      currency: pi.currency,
      payment_intent: pi.id,
      charge: payingChargeId(pi),
      status: 'succeeded',
      failure_reason: null,
      metadata,
      reason: null,
      created: Math.floor(Date.now() / 1000),
    };
    refunds.set(refund.id, refund);
    deliver(chargeOf(pi), 'charge.refunded');
    deliver(refund, 'refund.created');
    return refund;
  }

  function handle(
    method: string,
    path: string,
    auth: string,
    params: Record<string, unknown>,
  ): { status: number; body: unknown } {
    if (fake.down) return error(500, 'api_error', 'Stripe is unavailable (fake)');
    const secretAuth = auth === `Bearer ${FAKE_KEYS.secretKey}` || auth === `Bearer ${FAKE_KEYS.liveSecretKey}`;
    // Stripe.js sends its publishable key as the `key` form field.
    const publishableAuth = auth === `Bearer ${FAKE_KEYS.publishableKey}` || params.key === FAKE_KEYS.publishableKey;
    if (!secretAuth && !publishableAuth) return error(401, 'invalid_request_error', 'Invalid API Key provided');
    const taxAnswer = tax.handle(method, path, params, secretAuth);
    if (taxAnswer) return taxAnswer;
    const customersAnswer = customers.handle(method, path, params, {
      secret: secretAuth,
      tokenMethod(id) {
        const token = confirmationTokens.get(String(id));
        if (!token || token.payment_intent) return false;
        token.payment_intent = 'setup';
        return token.method;
      },
    });
    if (customersAnswer) return customersAnswer;

    if (method === 'POST' && path === '/v1/payment_intents') {
      if (!secretAuth) return error(403, 'invalid_request_error', 'This request needs a secret key');
      const amount = Number(params.amount);
      if (!Number.isInteger(amount) || amount < 50) {
        return error(400, 'invalid_request_error', 'Amount must be at least $0.50 usd', { code: 'amount_too_small' });
      }
      const allowed = params.allowed_payment_method_types === undefined ? null : asList(params.allowed_payment_method_types);
      const auto = params.automatic_payment_methods as { enabled?: string; allow_redirects?: string } | undefined;
      if (auto && auto.enabled !== 'true' && auto.enabled !== 'false') {
        return error(400, 'invalid_request_error', 'Missing required param: automatic_payment_methods[enabled].', {
          code: 'parameter_missing',
          param: 'automatic_payment_methods[enabled]',
        });
      }
      if (auto?.allow_redirects !== undefined && auto.allow_redirects !== 'always' && auto.allow_redirects !== 'never') {
        return error(
          400,
          'invalid_request_error',
          'Invalid automatic_payment_methods[allow_redirects]: must be one of always or never',
          {
            param: 'automatic_payment_methods[allow_redirects]',
          },
        );
      }
      // Without either parameter, Stripe enables automatic payment methods (redirects allowed).
      const automatic: FakeIntent['automatic_payment_methods'] = auto
        ? { enabled: auto.enabled === 'true', allow_redirects: auto.allow_redirects === 'never' ? 'never' : 'always' }
        : allowed
          ? null
          : { enabled: true, allow_redirects: 'always' };
      const types =
        allowed ??
        (automatic?.enabled
          ? [...ACCOUNT_METHOD_TYPES.onPage, ...(automatic.allow_redirects === 'never' ? [] : ACCOUNT_METHOD_TYPES.redirect)]
          : ['card']);
      const customer = params.customer === undefined ? null : String(params.customer);
      if (customer && !customers.customers.has(customer)) {
        return error(400, 'invalid_request_error', `No such customer: '${customer}'`, {
          code: 'resource_missing',
          param: 'customer',
        });
      }
      const sfu = params.setup_future_usage;
      if (sfu !== undefined && sfu !== 'off_session' && sfu !== 'on_session') {
        return error(400, 'invalid_request_error', 'Invalid setup_future_usage: must be one of off_session or on_session', {
          param: 'setup_future_usage',
        });
      }
      if (params.off_session !== undefined && params.confirm !== 'true') {
        return error(400, 'invalid_request_error', 'You can only pass in off_session when confirm is true.', {
          param: 'off_session',
        });
      }
      const savedPm = typeof params.payment_method === 'string' ? customers.paymentMethods.get(params.payment_method) : undefined;
      if (savedPm?.customer && savedPm.customer !== customer) {
        return error(
          400,
          'invalid_request_error',
          `The provided PaymentMethod ${savedPm.id} is attached to another customer: pass that customer.`,
          { param: 'payment_method' },
        );
      }
      const id = `pi_${rand(24)}`;
      const pi: FakeIntent = {
        id,
        object: 'payment_intent',
        amount,
        amount_received: 0,
        currency: String(params.currency ?? ''),
        status: 'requires_payment_method',
        client_secret: `${id}_secret_${rand(25)}`,
        confirmation_method: params.confirmation_method === 'manual' ? 'manual' : 'automatic',
        receipt_email: null,
        shipping: null,
        next_action: null,
        metadata: (params.metadata as Record<string, string>) ?? {},
        description: typeof params.description === 'string' ? params.description : null,
        allowed_payment_method_types: allowed,
        automatic_payment_methods: automatic,
        payment_method_types: types,
        payment_method: null,
        latest_charge: null,
        last_payment_error: null,
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        customer,
        setup_future_usage: sfu === 'off_session' || sfu === 'on_session' ? sfu : null,
      };
      intents.set(id, pi);
      // Created and confirmed at once (an off-session charge of a saved card).
      if (params.confirm === 'true') return confirm(pi, params, true);
      return { status: 200, body: pi };
    }

    if (method === 'GET' && path === '/v1/elements/sessions') {
      // What Stripe.js reads for Elements made without a PaymentIntent: the account's payment method types.
      return { status: 200, body: { payment_method_types: [...ACCOUNT_METHOD_TYPES.onPage, ...ACCOUNT_METHOD_TYPES.redirect] } };
    }

    if (method === 'POST' && (path === '/v1/confirmation_tokens' || path === '/v1/test_helpers/confirmation_tokens')) {
      // Stripe.js makes them with the publishable key; the test helper needs the secret key.
      if (path.startsWith('/v1/test_helpers/') && !secretAuth) {
        return error(403, 'invalid_request_error', 'This request needs a secret key');
      }
      const data = params.payment_method_data as { type?: string; card?: { number?: string } } | undefined;
      const key = String(params.payment_method ?? data?.card?.number ?? '').replace(/\s/g, '');
      const known = METHODS[key];
      if (!known) return error(402, 'card_error', 'Your card number is incorrect.', { code: 'incorrect_number' });
      const token: FakeConfirmationToken = {
        id: `ctoken_${rand(24)}`,
        object: 'confirmation_token',
        created: Math.floor(Date.now() / 1000),
        expires_at: Math.floor(Date.now() / 1000) + 12 * 3600,
        livemode: false,
        payment_intent: null,
        payment_method_preview: { type: known.details.type },
        shipping: (params.shipping as Record<string, unknown> | undefined) ?? null,
        method: key,
      };
      confirmationTokens.set(token.id, token);
      const { method: _method, ...shown } = token;
      return { status: 200, body: shown };
    }

    if (method === 'POST' && path === '/v1/refunds') {
      if (!secretAuth) return error(403, 'invalid_request_error', 'This request needs a secret key');
      const piId = String(params.payment_intent ?? '');
      const target = intents.get(piId);
      if (!target) return error(404, 'invalid_request_error', `No such payment_intent: '${piId}'`, { code: 'resource_missing' });
      if (target.status !== 'succeeded') {
        return error(400, 'invalid_request_error', `This PaymentIntent does not have a successful charge to refund.`, {
          code: 'charge_not_refundable',
        });
      }
      const disputed = disputeOf(target.id);
      // Stripe refuses a refund of a charge in dispute (unless is_charge_refundable) or charged back; a won one is the store's again.
      if (disputed && (disputed.status === 'lost' || (!disputed.is_charge_refundable && disputed.status !== 'won'))) {
        return error(400, 'invalid_request_error', `Charge ${disputed.charge} has been charged back; cannot issue a refund.`, {
          code: 'charge_disputed',
        });
      }
      const left = target.amount_received - refundedOf(target.id);
      if (left <= 0) {
        return error(400, 'invalid_request_error', `Charge ch_${target.id.slice(3)} has already been refunded.`, {
          code: 'charge_already_refunded',
        });
      }
      const amount = params.amount === undefined ? left : Number(params.amount);
      if (!Number.isInteger(amount) || amount <= 0) {
        return error(400, 'invalid_request_error', 'Invalid positive integer', { param: 'amount' });
      }
      if (amount > left) {
        return error(
          400,
          'invalid_request_error',
          `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(left / 100).toFixed(2)})`,
          { code: 'amount_too_large', param: 'amount' },
        );
      }
      return { status: 200, body: createRefund(target, amount, (params.metadata as Record<string, string>) ?? {}) };
    }
    const dm = /^\/v1\/disputes\/(du_[A-Za-z0-9]+)(\/close)?$/.exec(path);
    if (dm?.[1]) {
      if (!secretAuth) return error(403, 'invalid_request_error', 'This request needs a secret key');
      const d = disputes.get(dm[1]);
      if (!d) return error(404, 'invalid_request_error', `No such dispute: '${dm[1]}'`, { code: 'resource_missing' });
      if (method === 'GET' && !dm[2]) return { status: 200, body: d };
      if (method === 'POST') {
        const evidence = (params.evidence as Record<string, unknown> | undefined)?.uncategorized_text;
        // Stripe's test evidence decides a test dispute (https://docs.stripe.com/testing#evidence); closing it accepts it: lost.
        const outcome = dm[2] ? 'lost' : evidence === 'winning_evidence' ? 'won' : evidence === 'losing_evidence' ? 'lost' : null;
        if (outcome) settleDispute(d, outcome);
        return { status: 200, body: d };
      }
    }
    const rm = /^\/v1\/refunds\/(re_[A-Za-z0-9]+)$/.exec(path);
    if (method === 'GET' && rm?.[1]) {
      if (!secretAuth) return error(403, 'invalid_request_error', 'This request needs a secret key');
      const r = refunds.get(rm[1]);
      return r
        ? { status: 200, body: r }
        : error(404, 'invalid_request_error', `No such refund: '${rm[1]}'`, { code: 'resource_missing' });
    }

    const m = /^\/v1\/payment_intents\/(pi_[A-Za-z0-9]+)(\/confirm|\/cancel|\/authenticate)?$/.exec(path);
    const pi = m?.[1] ? intents.get(m[1]) : undefined;
    if (m && !pi) {
      return error(404, 'invalid_request_error', `No such payment_intent: '${m[1]}'`, { code: 'resource_missing' });
    }
    if (!m || !pi) return error(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path})`);
    // With a publishable key, Stripe.js must prove it holds the client secret.
    if (publishableAuth && params.client_secret !== pi.client_secret) {
      return error(404, 'invalid_request_error', `No such payment_intent: '${pi.id}'`, { code: 'resource_missing' });
    }
    if (method === 'GET' && !m[2]) {
      // Stripe expands only when asked; the charge is its state now, not a copy taken at confirmation.
      const expand = asList(params.expand);
      const pm =
        expand.includes('payment_method') && pi.payment_method ? customers.paymentMethods.get(pi.payment_method) : undefined;
      const { key: _key, ...pmShown } = pm ?? { key: '' };
      const body = {
        ...pi,
        ...(expand.includes('latest_charge') ? { latest_charge: latestChargeOf(pi) } : {}),
        ...(pm ? { payment_method: pmShown } : {}),
      };
      return { status: 200, body };
    }
    if (method === 'POST' && !m[2]) {
      if (!secretAuth) return error(403, 'invalid_request_error', 'This request needs a secret key');
      if (params.amount !== undefined) {
        const amount = Number(params.amount);
        if (!Number.isInteger(amount) || amount < 50) {
          return error(400, 'invalid_request_error', 'Amount must be at least $0.50 usd', { code: 'amount_too_small' });
        }
        if (!['requires_payment_method', 'requires_confirmation', 'requires_action'].includes(pi.status)) {
          return error(
            400,
            'invalid_request_error',
            `This PaymentIntent's amount could not be updated because it has a status of ${pi.status}. You may only update the amount of a PaymentIntent with one of the following statuses: requires_payment_method, requires_confirmation, requires_action.`,
            { code: 'payment_intent_unexpected_state' },
          );
        }
        pi.amount = amount;
      }
      return { status: 200, body: pi };
    }
    if (method === 'POST' && m[2] === '/confirm') return confirm(pi, params, secretAuth);
    if (method === 'POST' && m[2] === '/authenticate') {
      if (pi.status !== 'requires_action') {
        return error(400, 'invalid_request_error', `This PaymentIntent's status is ${pi.status}.`, {
          code: 'payment_intent_unexpected_state',
        });
      }
      return { status: 200, body: authenticate(pi) };
    }
    if (method === 'POST' && m[2] === '/cancel' && secretAuth) {
      if (pi.status === 'succeeded' || pi.status === 'canceled') {
        return error(
          400,
          'invalid_request_error',
          `You cannot cancel this PaymentIntent because it has a status of ${pi.status}.`,
          {
            code: 'payment_intent_unexpected_state',
          },
        );
      }
      pi.status = 'canceled';
      return { status: 200, body: pi };
    }
    return error(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path})`);
  }

  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => {
      body += c.toString('utf8');
    });
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const params = parseForm(req.method === 'GET' ? url.search.slice(1) : body);
      const key = typeof req.headers['idempotency-key'] === 'string' ? req.headers['idempotency-key'] : undefined;
      requests.push({ method: req.method ?? '', path: url.pathname, idempotencyKey: key, params });
      let answer: { status: number; body: unknown };
      const remembered = key && req.method === 'POST' ? idempotent.get(key) : undefined;
      if (remembered && remembered.params !== body) {
        answer = error(
          400,
          'idempotency_error',
          'Keys for idempotent requests can only be used with the same parameters they were first used with.',
        );
      } else if (remembered) {
        answer = { status: remembered.status, body: remembered.body };
      } else {
        answer = handle(req.method ?? '', url.pathname, req.headers.authorization ?? '', params);
        if (key && req.method === 'POST' && answer.status < 500) {
          idempotent.set(key, { params: body, status: answer.status, body: structuredClone(answer.body) });
        }
      }
      res.writeHead(answer.status, {
        'content-type': 'application/json',
        'request-id': `req_${rand(14)}`,
        // Stripe.js calls from the browser's origin.
        'access-control-allow-origin': '*',
      });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const fake: FakeStripe = {
    url: `http://127.0.0.1:${port}`,
    intents,
    requests,
    deliveries,
    webhookUrl: opts.webhookUrl,
    down: false,
    event(id, type, eventId) {
      const pi = intents.get(id);
      if (!pi) throw new Error(`no intent ${id}`);
      return makeEvent(structuredClone(pi), type, eventId);
    },
    update(id, patch) {
      const pi = intents.get(id);
      if (!pi) throw new Error(`no intent ${id}`);
      return Object.assign(pi, patch);
    },
    refunds,
    tax,
    customers,
    confirmationTokens,
    authenticate(id) {
      const pi = intents.get(id);
      if (!pi) throw new Error(`no intent ${id}`);
      if (pi.status !== 'requires_action') throw new Error(`intent ${id} is ${pi.status}, not requires_action`);
      return authenticate(pi);
    },
    latestCharge(id) {
      const pi = intents.get(id);
      if (!pi) throw new Error(`no intent ${id}`);
      return latestChargeOf(pi);
    },
    refundFromDashboard(id, amount) {
      const pi = intents.get(id);
      if (!pi) throw new Error(`no intent ${id}`);
      return createRefund(pi, amount, {});
    },
    failRefund(refundId, reason = 'expired_or_canceled_card') {
      const r = refunds.get(refundId);
      if (!r) throw new Error(`no refund ${refundId}`);
      Object.assign(r, { status: 'failed', failure_reason: reason });
      deliver(r, 'refund.updated');
    },
    disputes,
    openDispute(id, o) {
      const pi = intents.get(id);
      if (pi?.status !== 'succeeded') throw new Error(`no succeeded intent ${id}`);
      return openDispute(pi, o);
    },
    settleDispute(disputeId, outcome) {
      const d = disputes.get(disputeId);
      if (!d) throw new Error(`no dispute ${disputeId}`);
      return settleDispute(d, outcome);
    },
    disputeEvent(disputeId, type, eventId) {
      const d = disputes.get(disputeId);
      if (!d) throw new Error(`no dispute ${disputeId}`);
      return makeEvent(structuredClone(d), type, eventId);
    },
    refundEvent(refundId, type, eventId) {
      const r = refunds.get(refundId);
      if (!r) throw new Error(`no refund ${refundId}`);
      const pi = intents.get(r.payment_intent);
      if (!pi) throw new Error(`no intent ${r.payment_intent}`);
      return makeEvent(structuredClone(type === 'charge.refunded' ? chargeOf(pi) : r), type, eventId);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return fake;
}

/** The store's Stripe variables, pointing at this fake. */
export function stripeEnv(fake: FakeStripe): Record<string, string> {
  return {
    STRIPE_SECRET_KEY: FAKE_KEYS.secretKey,
    STRIPE_PUBLISHABLE_KEY: FAKE_KEYS.publishableKey,
    STRIPE_WEBHOOK_SECRET: FAKE_KEYS.webhookSecret,
    STRIPE_API_URL: fake.url,
  };
}

/**
 * Stripe's own side, through the real SDK with the store's secret key: to make a test's
 * ConfirmationToken (`testHelpers.confirmationTokens`), or to move a payment at Stripe behind the
 * store's back (as its dashboard, or a payment the store has not heard of yet).
 */
export function stripeClientOf(fake: FakeStripe): Stripe {
  const u = new URL(fake.url);
  return new Stripe(FAKE_KEYS.secretKey, { host: u.hostname, port: u.port, protocol: 'http', maxNetworkRetries: 0 });
}

/** What the shopper's browser holds: the publishable key (and, from the checkout's address, the client secret). */
export function browserStripeOf(fake: FakeStripe): Stripe {
  const u = new URL(fake.url);
  return new Stripe(FAKE_KEYS.publishableKey, { host: u.hostname, port: u.port, protocol: 'http', maxNetworkRetries: 0 });
}
