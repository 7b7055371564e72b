import { randomBytes } from 'node:crypto';

/**
 * Customers, saved payment methods and SetupIntents in the local fake of Stripe (fake-stripe.ts),
 * as Stripe's API reference describes them: `POST /v1/customers`, `POST /v1/customers/:id` (e-mail,
 * name) and `GET /v1/customers/:id`;
 * `GET /v1/payment_methods/:id` (type card, card.brand and card.last4, the customer it is attached
 * to); `POST /v1/setup_intents` (customer, usage `off_session` or `on_session`),
 * `GET /v1/setup_intents/:id` (with `expand[]=payment_method`) and
 * `POST /v1/setup_intents/:id/confirm` (a payment method, a card number in `payment_method_data`,
 * or a ConfirmationToken; Stripe.js confirms with the publishable key and the client secret).
 * A PaymentIntent created with a customer and `setup_future_usage` attaches its payment method to
 * the customer when it succeeds (fake-stripe.ts asks `attach`).
 *
 * The test cards, as Stripe documents them: 4242 4242 4242 4242 sets up and charges; 4000 0000 0000
 * 0341 attaches to a customer (a SetupIntent succeeds) but every charge is declined (`card_declined`);
 * 4000 0027 6000 3184 asks for authentication on every transaction: a SetupIntent is
 * `requires_action` until the shopper authenticates (`authenticateSetup`), and an off-session charge
 * is declined with `authentication_required`.
 */

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const rand = (n: number) => Array.from(randomBytes(n), (b) => ALPHABET[b % ALPHABET.length]).join('');
const now = () => Math.floor(Date.now() / 1000);

type Answer = { status: number; body: unknown };
const error = (status: number, type: string, message: string, extra: Record<string, unknown> = {}): Answer => ({
  status,
  body: { error: { type, message, ...extra } },
});

export interface FakeCustomer {
  id: string;
  object: 'customer';
  email: string | null;
  name: string | null;
  metadata: Record<string, string>;
  created: number;
  livemode: false;
}

export interface FakePaymentMethod {
  id: string;
  object: 'payment_method';
  type: string;
  card: { brand: string; last4: string; exp_month: number; exp_year: number; country: string } | null;
  customer: string | null;
  created: number;
  livemode: false;
  /** The fake's own: the test card or test payment method it stands for. */
  key: string;
}

export interface FakeSetupIntent {
  id: string;
  object: 'setup_intent';
  client_secret: string;
  customer: string | null;
  usage: 'off_session' | 'on_session';
  status: 'requires_payment_method' | 'requires_action' | 'succeeded' | 'canceled';
  payment_method: string | null;
  next_action: { type: 'use_stripe_sdk' } | null;
  last_setup_error: { type: string; code: string; message: string } | null;
  created: number;
  livemode: false;
}

/** How a test card behaves when set up, as fake-stripe.ts knows its cards. */
export interface SetupCard {
  type: string;
  card: { brand: string; last4: string } | null;
  /** 4000 0027 6000 3184: authentication on every setup. */
  setupNeedsAuthentication: boolean;
  /** 4000 0000 0000 0002: the setup is declined (card_declined), as Stripe declines it. */
  setupDeclines: boolean;
}

export function createFakeStripeCustomers(cardOf: (key: string) => SetupCard | undefined) {
  const customers = new Map<string, FakeCustomer>();
  const paymentMethods = new Map<string, FakePaymentMethod>();
  const setupIntents = new Map<string, FakeSetupIntent>();

  const shown = (pm: FakePaymentMethod) => {
    const { key: _key, ...rest } = pm;
    return rest;
  };

  /** A payment method object for a test card (or payment method) used in a confirmation. */
  function remember(id: string, key: string): FakePaymentMethod {
    const existing = paymentMethods.get(id);
    if (existing) return existing;
    const c = cardOf(key);
    const pm: FakePaymentMethod = {
      id,
      object: 'payment_method',
      type: c?.type ?? 'card',
      card: c?.card ? { ...c.card, exp_month: 12, exp_year: 2034, country: 'US' } : null,
      customer: null,
      created: now(),
      livemode: false,
      key,
    };
    paymentMethods.set(id, pm);
    return pm;
  }

  const showSetup = (si: FakeSetupIntent, params: Record<string, unknown>) => {
    const expand = params.expand && typeof params.expand === 'object' ? Object.values(params.expand).map(String) : [];
    const pm = si.payment_method ? paymentMethods.get(si.payment_method) : undefined;
    return expand.includes('payment_method') && pm ? { ...si, payment_method: shown(pm) } : si;
  };

  function confirmSetup(si: FakeSetupIntent, params: Record<string, unknown>, tokenMethod: string | undefined): Answer {
    if (si.status === 'succeeded' || si.status === 'canceled') {
      return error(400, 'invalid_request_error', `This SetupIntent's status is ${si.status}.`, {
        code: 'setup_intent_unexpected_state',
        setup_intent: si,
      });
    }
    const data = params.payment_method_data as { card?: { number?: string } } | undefined;
    const given = String(tokenMethod ?? params.payment_method ?? data?.card?.number ?? '').replace(/\s/g, '');
    const saved = paymentMethods.get(given);
    const key = saved?.key ?? given;
    const card = cardOf(key);
    if (!card) return error(402, 'card_error', 'Your card number is incorrect.', { code: 'incorrect_number' });
    if (card.setupDeclines) {
      si.last_setup_error = { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' };
      Object.assign(si, { status: 'requires_payment_method' });
      return error(402, 'card_error', 'Your card was declined.', {
        code: 'card_declined',
        decline_code: 'generic_decline',
        setup_intent: si,
      });
    }
    const pm = saved ?? remember(`pm_${rand(24)}`, key);
    si.payment_method = pm.id;
    si.last_setup_error = null;
    if (card.setupNeedsAuthentication) {
      Object.assign(si, { status: 'requires_action', next_action: { type: 'use_stripe_sdk' } });
      return { status: 200, body: si };
    }
    return { status: 200, body: succeed(si) };
  }

  function succeed(si: FakeSetupIntent): FakeSetupIntent {
    Object.assign(si, { status: 'succeeded', next_action: null });
    const pm = si.payment_method ? paymentMethods.get(si.payment_method) : undefined;
    if (pm && si.customer) pm.customer = si.customer;
    return si;
  }

  const fake = {
    customers,
    paymentMethods,
    setupIntents,
    remember,
    /** The test card a payment method id stands for; undefined for one the fake did not make. */
    keyOf: (id: string) => paymentMethods.get(id)?.key,
    /** After a PaymentIntent with `setup_future_usage` succeeded: its payment method is the customer's. */
    attach(paymentMethodId: string, key: string, customerId: string): void {
      remember(paymentMethodId, key).customer = customerId;
    },
    /** The shopper authenticated a SetupIntent with their bank (what Stripe.js's handleNextAction leads to). */
    authenticateSetup(id: string): FakeSetupIntent {
      const si = setupIntents.get(id);
      if (si?.status !== 'requires_action') throw new Error(`setup intent ${id} is not waiting for authentication`);
      return succeed(si);
    },
    /** Answers a customers, payment methods or setup intents request; undefined for any other path. */
    handle(
      method: string,
      path: string,
      params: Record<string, unknown>,
      auth: { secret: boolean; tokenMethod(id: unknown): string | undefined | false },
    ): Answer | undefined {
      if (!/^\/v1\/(customers|payment_methods|setup_intents)(\/|$)/.test(path)) return undefined;
      if (method === 'POST' && path === '/v1/customers') {
        if (!auth.secret) return error(403, 'invalid_request_error', 'This request needs a secret key');
        const c: FakeCustomer = {
          id: `cus_${rand(14)}`,
          object: 'customer',
          email: typeof params.email === 'string' ? params.email : null,
          name: typeof params.name === 'string' ? params.name : null,
          metadata: (params.metadata as Record<string, string>) ?? {},
          created: now(),
          livemode: false,
        };
        customers.set(c.id, c);
        return { status: 200, body: c };
      }
      const cm = /^\/v1\/customers\/([A-Za-z0-9_]+)$/.exec(path);
      if (method === 'POST' && cm?.[1]) {
        if (!auth.secret) return error(403, 'invalid_request_error', 'This request needs a secret key');
        const c = customers.get(cm[1]);
        if (!c) return error(404, 'invalid_request_error', `No such customer: '${cm[1]}'`, { code: 'resource_missing' });
        if (typeof params.email === 'string') c.email = params.email;
        if (typeof params.name === 'string') c.name = params.name;
        return { status: 200, body: c };
      }
      if (method === 'GET' && cm?.[1]) {
        if (!auth.secret) return error(403, 'invalid_request_error', 'This request needs a secret key');
        const c = customers.get(cm[1]);
        return c
          ? { status: 200, body: c }
          : error(404, 'invalid_request_error', `No such customer: '${cm[1]}'`, { code: 'resource_missing' });
      }
      const pmm = /^\/v1\/payment_methods\/([A-Za-z0-9_]+)$/.exec(path);
      if (method === 'GET' && pmm?.[1]) {
        if (!auth.secret) return error(403, 'invalid_request_error', 'This request needs a secret key');
        const pm = paymentMethods.get(pmm[1]);
        return pm
          ? { status: 200, body: shown(pm) }
          : error(404, 'invalid_request_error', `No such PaymentMethod: '${pmm[1]}'`, { code: 'resource_missing' });
      }
      if (method === 'POST' && path === '/v1/setup_intents') {
        if (!auth.secret) return error(403, 'invalid_request_error', 'This request needs a secret key');
        const customer = params.customer === undefined ? null : String(params.customer);
        if (customer && !customers.has(customer)) {
          return error(400, 'invalid_request_error', `No such customer: '${customer}'`, {
            code: 'resource_missing',
            param: 'customer',
          });
        }
        const usage = params.usage ?? 'off_session';
        if (usage !== 'off_session' && usage !== 'on_session') {
          return error(400, 'invalid_request_error', 'Invalid usage: must be one of off_session or on_session', {
            param: 'usage',
          });
        }
        const id = `seti_${rand(24)}`;
        const si: FakeSetupIntent = {
          id,
          object: 'setup_intent',
          client_secret: `${id}_secret_${rand(25)}`,
          customer,
          usage,
          status: 'requires_payment_method',
          payment_method: null,
          next_action: null,
          last_setup_error: null,
          created: now(),
          livemode: false,
        };
        setupIntents.set(id, si);
        return { status: 200, body: si };
      }
      const sm = /^\/v1\/setup_intents\/(seti_[A-Za-z0-9]+)(\/confirm)?$/.exec(path);
      const si = sm?.[1] ? setupIntents.get(sm[1]) : undefined;
      if (sm && !si) return error(404, 'invalid_request_error', `No such setupintent: '${sm[1]}'`, { code: 'resource_missing' });
      if (!sm || !si) return error(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path})`);
      // With a publishable key, Stripe.js must prove it holds the client secret.
      if (!auth.secret && params.client_secret !== si.client_secret) {
        return error(404, 'invalid_request_error', `No such setupintent: '${si.id}'`, { code: 'resource_missing' });
      }
      if (method === 'GET' && !sm[2]) return { status: 200, body: showSetup(si, params) };
      if (method === 'POST' && sm[2] === '/confirm') {
        const tokenMethod = params.confirmation_token === undefined ? undefined : auth.tokenMethod(params.confirmation_token);
        if (tokenMethod === false) {
          return error(404, 'invalid_request_error', `No such confirmationtoken: '${String(params.confirmation_token)}'`, {
            code: 'resource_missing',
          });
        }
        return confirmSetup(si, params, tokenMethod);
      }
      return error(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path})`);
    },
  };
  return fake;
}

export type FakeStripeCustomers = ReturnType<typeof createFakeStripeCustomers>;
