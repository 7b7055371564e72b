import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A local fake of the few Stripe HTTP endpoints the store and Stripe.js call, so the real `stripe`
 * SDK can be tested offline: PaymentIntents (create with idempotency keys, retrieve, confirm,
 * cancel) and signed webhooks sent to the store like Stripe sends them.
 *
 * Confirmation follows Stripe's test cards: `pm_card_visa` or card 4242 4242 4242 4242 succeeds,
 * `pm_card_chargeDeclined` / 4000 0000 0000 0002 is declined, and
 * `pm_card_chargeDeclinedInsufficientFunds` / 4000 0000 0000 9995 has insufficient funds; and,
 * the fake's own, 4000 0000 0000 1000 leaves the payment processing until a test settles it.
 *
 * Refunds (`POST /v1/refunds`, `GET /v1/refunds/:id`) as Stripe's API reference describes them: of a
 * succeeded PaymentIntent, never more than is left of it (`amount_too_large`, or
 * `charge_already_refunded` when nothing is), each followed by `charge.refunded` and `refund.created`
 * webhooks; a test can refund from "the dashboard" and fail a refund later (`refund.updated`).
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
  metadata: Record<string, string>;
  description: string | null;
  allowed_payment_method_types: string[];
  last_payment_error: { type: string; code: string; decline_code?: string; message: string } | null;
  created: number;
  livemode: false;
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

export interface FakeRequest {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  params: Record<string, unknown>;
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const rand = (n: number) => Array.from(randomBytes(n), (b) => ALPHABET[b % ALPHABET.length]).join('');

const OUTCOMES: Record<
  string,
  { ok: true } | { ok: 'processing' } | { ok: false; code: string; decline_code: string; message: string }
> = {
  pm_card_visa: { ok: true },
  // The fake's own: a payment the bank is still processing (settled later with update()).
  '4000000000001000': { ok: 'processing' },
  '4242424242424242': { ok: true },
  pm_card_chargeDeclined: {
    ok: false,
    code: 'card_declined',
    decline_code: 'generic_decline',
    message: 'Your card was declined.',
  },
  '4000000000000002': { ok: false, code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' },
  pm_card_chargeDeclinedInsufficientFunds: {
    ok: false,
    code: 'card_declined',
    decline_code: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
  '4000000000009995': {
    ok: false,
    code: 'card_declined',
    decline_code: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
};

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

const asList = (v: unknown): string[] => (v && typeof v === 'object' ? Object.values(v).map(String) : []);

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
  /** Settles an intent as if the shopper's card went through (or changes it for a test). */
  update(id: string, patch: Partial<FakeIntent>): FakeIntent;
  /** Webhook deliveries so far, with the store's answers. */
  deliveries: { type: string; status: number }[];
  refunds: Map<string, FakeRefund>;
  /** A refund made in Stripe's dashboard, not through the API of the store; its webhooks are sent. */
  refundFromDashboard(paymentIntentId: string, amount: number): FakeRefund;
  /** A refund that fails after it was accepted (Stripe's `refund.updated` with status failed). */
  failRefund(refundId: string, reason?: string): void;
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
  const chargeOf = (pi: FakeIntent) => ({
    id: `ch_${pi.id.slice(3)}`,
    object: 'charge',
    amount: pi.amount_received,
    amount_refunded: refundedOf(pi.id),
    refunded: refundedOf(pi.id) >= pi.amount_received,
    currency: pi.currency,
    payment_intent: pi.id,
    status: 'succeeded',
    refunds: {
      object: 'list',
      data: [...refunds.values()].filter((r) => r.payment_intent === pi.id).reverse(),
      has_more: false,
    },
  });
  const idempotent = new Map<string, { params: string; status: number; body: unknown }>();
  const requests: FakeRequest[] = [];
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

  function confirm(pi: FakeIntent, params: Record<string, unknown>) {
    if (pi.status === 'succeeded' || pi.status === 'canceled') {
      return error(400, 'invalid_request_error', `This PaymentIntent's status is ${pi.status}.`, {
        code: 'payment_intent_unexpected_state',
        payment_intent: pi,
      });
    }
    const data = params.payment_method_data as { card?: { number?: string } } | undefined;
    const card = String(params.payment_method ?? data?.card?.number ?? '').replace(/\s/g, '');
    const outcome = OUTCOMES[card];
    if (!outcome) {
      return error(402, 'card_error', 'Your card number is incorrect.', { code: 'incorrect_number' });
    }
    if (outcome.ok === 'processing') {
      Object.assign(pi, { status: 'processing', last_payment_error: null });
      return { status: 200, body: pi };
    }
    if (outcome.ok) {
      Object.assign(pi, { status: 'succeeded', amount_received: pi.amount, last_payment_error: null });
      deliver(pi, 'payment_intent.succeeded');
      return { status: 200, body: pi };
    }
    const { ok: _ok, ...failure } = outcome;
    Object.assign(pi, { status: 'requires_payment_method', last_payment_error: { type: 'card_error', ...failure } });
    deliver(pi, 'payment_intent.payment_failed');
    return error(402, 'card_error', failure.message, { ...failure, payment_intent: pi });
  }

  function createRefund(pi: FakeIntent, amount: number, metadata: Record<string, string>): FakeRefund {
    const refund: FakeRefund = {
      id: `re_${rand(24)}`,
      object: 'refund',
      amount,
      currency: pi.currency,
      payment_intent: pi.id,
      charge: `ch_${pi.id.slice(3)}`,
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

    if (method === 'POST' && path === '/v1/payment_intents') {
      if (!secretAuth) return error(403, 'invalid_request_error', 'This request needs a secret key');
      const amount = Number(params.amount);
      if (!Number.isInteger(amount) || amount < 50) {
        return error(400, 'invalid_request_error', 'Amount must be at least $0.50 usd', { code: 'amount_too_small' });
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
        metadata: (params.metadata as Record<string, string>) ?? {},
        description: typeof params.description === 'string' ? params.description : null,
        allowed_payment_method_types: asList(params.allowed_payment_method_types),
        last_payment_error: null,
        created: Math.floor(Date.now() / 1000),
        livemode: false,
      };
      intents.set(id, pi);
      return { status: 200, body: pi };
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
    const rm = /^\/v1\/refunds\/(re_[A-Za-z0-9]+)$/.exec(path);
    if (method === 'GET' && rm?.[1]) {
      if (!secretAuth) return error(403, 'invalid_request_error', 'This request needs a secret key');
      const r = refunds.get(rm[1]);
      return r
        ? { status: 200, body: r }
        : error(404, 'invalid_request_error', `No such refund: '${rm[1]}'`, { code: 'resource_missing' });
    }

    const m = /^\/v1\/payment_intents\/(pi_[A-Za-z0-9]+)(\/confirm|\/cancel)?$/.exec(path);
    const pi = m?.[1] ? intents.get(m[1]) : undefined;
    if (m && !pi) {
      return error(404, 'invalid_request_error', `No such payment_intent: '${m[1]}'`, { code: 'resource_missing' });
    }
    if (!m || !pi) return error(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path})`);
    // With a publishable key, Stripe.js must prove it holds the client secret.
    if (publishableAuth && params.client_secret !== pi.client_secret) {
      return error(404, 'invalid_request_error', `No such payment_intent: '${pi.id}'`, { code: 'resource_missing' });
    }
    if (method === 'GET' && !m[2]) return { status: 200, body: pi };
    if (method === 'POST' && m[2] === '/confirm') return confirm(pi, params);
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
