import type { FastifyRequest } from 'fastify';

/**
 * The activity log's words for the money and people writes (docs/decisions/0057), set in each
 * route's `config.audit`. Each reads only the route's id, the fields named here and its answer:
 * never a password, code, token, card detail or a shopper's e-mail address.
 */

type Fields = Record<string, unknown>;
const idOf = (req: FastifyRequest) => String((req.params as { id?: unknown }).id ?? '?');
const bodyOf = (req: FastifyRequest): Fields => (req.body && typeof req.body === 'object' ? (req.body as Fields) : {});
const answerOf = (answer: unknown): Fields => (answer && typeof answer === 'object' ? (answer as Fields) : {});
const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '?');

/** A URL's host alone: an endpoint's path or query may carry a key of the receiver's. */
const hostOf = (url: unknown) => {
  try {
    return new URL(String(url)).host;
  } catch {
    return '?';
  }
};

export const auditWords = {
  webhook: (verb: string) => (req: FastifyRequest, answer: unknown) => {
    const endpoint = answerOf(answer);
    const id = endpoint.id ?? (req.params as { id?: unknown }).id;
    return verb === 'deleted'
      ? `webhook endpoint ${text(id)} deleted`
      : `webhook endpoint ${text(id)} (${hostOf(endpoint.url)}) ${verb}`;
  },
  disputeOverride: (req: FastifyRequest) => `labels allowed for disputed order ${idOf(req)}`,
  refund: (req: FastifyRequest, answer: unknown) => {
    const refund = answerOf(answer);
    const pending = refund.status === 'pending' ? ' (pending at the provider)' : '';
    return `order ${idOf(req)} refunded ${text(refund.amount)}${pending}`;
  },
  cancel: (req: FastifyRequest, answer: unknown) => {
    const order = answerOf(answer);
    const refunded =
      typeof order.refundedTotal === 'string' && order.refundedTotal !== '0.00' ? `, ${order.refundedTotal} refunded` : '';
    return `order ${idOf(req)} cancelled${refunded}`;
  },
  orderStatus: (req: FastifyRequest) => `order ${idOf(req)} marked ${text(bodyOf(req).status)}`,
  labelBought: (req: FastifyRequest, answer: unknown) => {
    const order = answerOf(answerOf(answer).order);
    const cost = typeof order.shippingCost === 'string' ? ` for ${order.shippingCost}` : '';
    return `label bought for order ${idOf(req)}${cost}, tracking ${text(order.trackingNumber)}`;
  },
  labelVoided: (req: FastifyRequest) => `label of order ${idOf(req)} voided`,
  discount: (verb: string) => (req: FastifyRequest, answer: unknown) => {
    const d = answerOf(answer);
    const value = d.kind === 'percent' ? `${text(d.value)}%` : text(d.value);
    return verb === 'deleted' ? `discount ${idOf(req)} deleted` : `discount ${text(d.code)} ${verb}: ${value} off`;
  },
  product: (verb: string) => (req: FastifyRequest, answer: unknown) => {
    const p = answerOf(answer);
    if (verb === 'deleted') return `product ${idOf(req)} deleted`;
    return `product ${text(p.id)} (${text(p.name)}) ${verb}: price ${text(p.price)}, stock ${text(p.inventory)}`;
  },
  stockChanged: (req: FastifyRequest, answer: unknown) => {
    const p = answerOf(answer);
    const change = Number(bodyOf(req).change);
    return `product ${idOf(req)} stock ${change > 0 ? '+' : ''}${text(change)} → ${text(p.inventory)}`;
  },
  stockSet: (req: FastifyRequest) => `product ${idOf(req)} stock set to ${text(bodyOf(req).inventory)}`,
  customerErased: (_req: FastifyRequest, answer: unknown) => {
    const erased = answerOf(answerOf(answer).erased);
    return `a customer erased (${text(erased.orders)} orders, ${text(erased.reviews)} reviews)`;
  },
  settings: (req: FastifyRequest) => {
    const s = bodyOf(req);
    const free = s.freeShippingOver === null ? 'none' : text(s.freeShippingOver);
    return `store settings saved: shipping ${text(s.shippingRate)}, free shipping over ${free}`;
  },
  returnReceived: (req: FastifyRequest, answer: unknown) => {
    const r = answerOf(answer);
    return `return ${idOf(req)} received${typeof r.refunded === 'string' ? `, ${r.refunded} refunded` : ''}`;
  },
  returnDecided: (verb: string) => (req: FastifyRequest) => `return ${idOf(req)} ${verb}`,
  renewed: (req: FastifyRequest) => `subscription ${idOf(req)} renewed now`,
};
