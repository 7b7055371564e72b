import { randomBytes } from 'node:crypto';

/**
 * Stripe Tax in the local fake of Stripe (fake-stripe.ts), as Stripe's API reference describes it:
 * `POST /v1/tax/calculations` (line items with amount, quantity, reference, tax_behavior and
 * tax_code; shipping_cost; customer_details.address with address_source; `expand[]=line_items`),
 * `POST /v1/tax/transactions/create_from_calculation` (a reference unique across transactions,
 * reversals included), `POST /v1/tax/transactions/create_reversal` (mode full, or partial with a
 * negative flat_amount or negative line_items / shipping_cost amounts), `GET /v1/tax/transactions/:id`
 * and `GET /v1/tax/transactions/:id/line_items`. Malformed requests are refused with a 400 as Stripe
 * refuses them.
 *
 * The rates are the fake's own, by US state (`TAX_RATES`, in hundredths of a percent, a shipping
 * flag where shipping is taxed); a state not in the table is one where the account is not
 * registered: no tax (`taxability_reason: not_collecting`). Each line's tax is its amount × rate,
 * rounded half up.
 */

/** The fake account's registrations: rate in basis points (1/100 of a percent), and whether shipping is taxed. */
export const TAX_RATES: Record<string, { bp: number; shipping: boolean }> = {
  OH: { bp: 575, shipping: true },
  NY: { bp: 888, shipping: true },
  CA: { bp: 725, shipping: false },
  TX: { bp: 625, shipping: true },
  WA: { bp: 650, shipping: true },
};

/** The tax of an amount in a state, as the fake works it out. */
export const fakeTaxOf = (amount: number, state: string, shipping = false) => {
  const r = TAX_RATES[state.toUpperCase()];
  if (!r || (shipping && !r.shipping)) return 0;
  return Math.round((amount * r.bp) / 10_000);
};

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const rand = (n: number) => Array.from(randomBytes(n), (b) => ALPHABET[b % ALPHABET.length]).join('');
const now = () => Math.floor(Date.now() / 1000);

interface LineItem {
  id: string;
  object: string;
  amount: number;
  amount_tax: number;
  livemode: false;
  product: null;
  quantity: number;
  reference: string;
  tax_behavior: 'exclusive' | 'inclusive';
  tax_code: string;
}

export interface FakeTaxCalculation {
  id: string;
  object: 'tax.calculation';
  amount_total: number;
  currency: string;
  customer: null;
  customer_details: Record<string, unknown>;
  expires_at: number;
  livemode: false;
  shipping_cost: { amount: number; amount_tax: number; tax_behavior: string; tax_code: string } | null;
  tax_amount_exclusive: number;
  tax_amount_inclusive: number;
  tax_breakdown: unknown[];
  tax_date: number;
  lines: LineItem[];
}

export interface FakeTaxTransaction {
  id: string;
  object: 'tax.transaction';
  created: number;
  currency: string;
  customer: null;
  customer_details: Record<string, unknown>;
  livemode: false;
  metadata: Record<string, string>;
  posted_at: number;
  reference: string;
  reversal: { original_transaction: string } | null;
  ship_from_details: null;
  shipping_cost: { amount: number; amount_tax: number; tax_behavior: string; tax_code: string } | null;
  tax_date: number;
  type: 'transaction' | 'reversal';
  lines: LineItem[];
  /** The fake's own: the calculation it was recorded from (transactions only). */
  calculation: string | null;
}

type Answer = { status: number; body: unknown };
const error = (status: number, message: string, extra: Record<string, unknown> = {}): Answer => ({
  status,
  body: { error: { type: 'invalid_request_error', message, ...extra } },
});
const isInt = (v: unknown) => typeof v === 'string' && /^-?\d+$/.test(v);
const listOf = (v: unknown): Record<string, unknown>[] =>
  v && typeof v === 'object' ? (Object.values(v) as Record<string, unknown>[]) : [];
const expanded = (params: Record<string, unknown>, field: string) =>
  listOf(params.expand).some((e) => (e as unknown as string) === field) || params.expand === field;

/** The sum of a transaction's amounts and tax (a reversal's are negative). */
const amountOf = (t: FakeTaxTransaction) => t.lines.reduce((n, l) => n + l.amount, 0) + (t.shipping_cost?.amount ?? 0);
const taxOf = (t: FakeTaxTransaction) => t.lines.reduce((n, l) => n + l.amount_tax, 0) + (t.shipping_cost?.amount_tax ?? 0);

export function createFakeStripeTax() {
  const calculations = new Map<string, FakeTaxCalculation>();
  const transactions = new Map<string, FakeTaxTransaction>();
  const references = new Set<string>();

  const withLines = <T extends { lines: LineItem[] }>(o: T, params: Record<string, unknown>, url: string) => {
    const { lines, ...rest } = o;
    return {
      ...rest,
      line_items: expanded(params, 'line_items') ? { object: 'list', data: lines, has_more: false, url } : null,
    };
  };
  const showTransaction = (t: FakeTaxTransaction, params: Record<string, unknown>) => {
    const { calculation: _c, ...shown } = t;
    return withLines(shown, params, `/v1/tax/transactions/${t.id}/line_items`);
  };
  /** What of a transaction its reversals left: by line id and for shipping. */
  const reversalsOf = (id: string) => [...transactions.values()].filter((t) => t.reversal?.original_transaction === id);

  function calculate(params: Record<string, unknown>): Answer {
    if (params.currency === undefined) return error(400, 'Missing required param: currency.', { param: 'currency' });
    if (params.currency !== 'usd')
      return error(400, `Invalid currency: ${String(params.currency)}. Stripe Tax calculates in the account's currencies.`, {
        param: 'currency',
      });
    const items = listOf(params.line_items);
    if (items.length === 0) return error(400, 'Missing required param: line_items.', { param: 'line_items' });
    const details = params.customer_details as { address?: Record<string, string>; address_source?: string } | undefined;
    const address = details?.address;
    if (!address?.country) {
      return error(400, 'Missing required param: customer_details[address][country].', {
        param: 'customer_details[address][country]',
      });
    }
    if (details?.address_source !== undefined && !['billing', 'shipping'].includes(details.address_source)) {
      return error(400, 'Invalid customer_details[address_source]: must be one of billing or shipping', {
        param: 'customer_details[address_source]',
      });
    }
    // A ZIP code that exists nowhere (the fake's: 00000, or not five digits): Stripe cannot place the address.
    if (address.country === 'US' && address.postal_code && !/^(?!00000)\d{5}(-\d{4})?$/.test(address.postal_code)) {
      return error(400, 'Unable to determine the customer’s tax location from the provided address.', {
        code: 'customer_tax_location_invalid',
        param: 'customer_details[address][postal_code]',
      });
    }
    if (address.country === 'US' && !address.postal_code) {
      return error(400, 'A US address needs a postal_code to calculate tax.', {
        code: 'customer_tax_location_invalid',
        param: 'customer_details[address][postal_code]',
      });
    }
    const state = String(address.state ?? '');
    const seen = new Set<string>();
    const lines: LineItem[] = [];
    for (const [i, li] of items.entries()) {
      if (!isInt(li.amount) || Number(li.amount) < 0) {
        return error(400, `Invalid line_items[${i}][amount]: must be a non-negative integer`, {
          param: `line_items[${i}][amount]`,
        });
      }
      if (li.tax_behavior !== undefined && li.tax_behavior !== 'exclusive' && li.tax_behavior !== 'inclusive') {
        return error(400, `Invalid line_items[${i}][tax_behavior]: must be one of exclusive or inclusive`, {
          param: `line_items[${i}][tax_behavior]`,
        });
      }
      if (li.quantity !== undefined && (!isInt(li.quantity) || Number(li.quantity) < 1)) {
        return error(400, `Invalid line_items[${i}][quantity]: must be a positive integer`, {
          param: `line_items[${i}][quantity]`,
        });
      }
      if (li.tax_code !== undefined && !/^txcd_\d{8}$/.test(String(li.tax_code))) {
        return error(400, `No such tax code: ${String(li.tax_code)}`, { param: `line_items[${i}][tax_code]` });
      }
      const reference = String(li.reference ?? `L${i}`);
      if (seen.has(reference)) {
        return error(400, `line_items[${i}][reference] must be unique across the line items: ${reference}`, {
          param: `line_items[${i}][reference]`,
        });
      }
      seen.add(reference);
      const amount = Number(li.amount);
      lines.push({
        id: `tax_li_${rand(14)}`,
        object: 'tax.calculation_line_item',
        amount,
        amount_tax: li.tax_behavior === 'inclusive' ? 0 : fakeTaxOf(amount, state),
        livemode: false,
        product: null,
        quantity: Number(li.quantity ?? 1),
        reference,
        tax_behavior: li.tax_behavior === 'inclusive' ? 'inclusive' : 'exclusive',
        tax_code: String(li.tax_code ?? 'txcd_99999999'),
      });
    }
    const sc = params.shipping_cost as Record<string, string> | undefined;
    if (sc && (!isInt(sc.amount) || Number(sc.amount) < 0)) {
      return error(400, 'Invalid shipping_cost[amount]: must be a non-negative integer', { param: 'shipping_cost[amount]' });
    }
    const shipping = sc
      ? {
          amount: Number(sc.amount),
          amount_tax: fakeTaxOf(Number(sc.amount), state, true),
          tax_behavior: sc.tax_behavior ?? 'exclusive',
          tax_code: sc.tax_code ?? 'txcd_92010001',
        }
      : null;
    const tax = lines.reduce((n, l) => n + l.amount_tax, 0) + (shipping?.amount_tax ?? 0);
    const calc: FakeTaxCalculation = {
      id: `taxcalc_${rand(24)}`,
      object: 'tax.calculation',
      amount_total: lines.reduce((n, l) => n + l.amount, 0) + (shipping?.amount ?? 0) + tax,
      currency: 'usd',
      customer: null,
      customer_details: {
        address: { line1: null, line2: null, city: null, state: null, postal_code: null, ...address },
        address_source: details?.address_source ?? null,
        ip_address: null,
        tax_ids: [],
        taxability_override: 'none',
      },
      expires_at: now() + 90 * 86_400,
      livemode: false,
      shipping_cost: shipping,
      tax_amount_exclusive: tax,
      tax_amount_inclusive: 0,
      tax_breakdown: [
        {
          amount: tax,
          inclusive: false,
          tax_rate_details: TAX_RATES[state.toUpperCase()]
            ? {
                country: 'US',
                percentage_decimal: String((TAX_RATES[state.toUpperCase()]?.bp ?? 0) / 100),
                state,
                tax_type: 'sales_tax',
              }
            : null,
          taxability_reason: TAX_RATES[state.toUpperCase()] ? 'standard_rated' : 'not_collecting',
          taxable_amount: TAX_RATES[state.toUpperCase()] ? lines.reduce((n, l) => n + l.amount, 0) : 0,
        },
      ],
      tax_date: now(),
      lines,
    };
    calculations.set(calc.id, calc);
    return { status: 200, body: withLines(calc, params, `/v1/tax/calculations/${calc.id}/line_items`) };
  }

  function fromCalculation(params: Record<string, unknown>): Answer {
    if (!params.calculation) return error(400, 'Missing required param: calculation.', { param: 'calculation' });
    if (!params.reference) return error(400, 'Missing required param: reference.', { param: 'reference' });
    const calc = calculations.get(String(params.calculation));
    if (!calc) {
      return error(404, `No such tax calculation: '${String(params.calculation)}'`, {
        code: 'resource_missing',
        param: 'calculation',
      });
    }
    if (calc.expires_at < now()) return error(400, 'This calculation has expired.', { param: 'calculation' });
    const reference = String(params.reference);
    if (references.has(reference)) {
      return error(400, `A transaction with reference '${reference}' already exists.`, { param: 'reference' });
    }
    references.add(reference);
    const t: FakeTaxTransaction = {
      id: `tax_${rand(24)}`,
      object: 'tax.transaction',
      created: now(),
      currency: calc.currency,
      customer: null,
      customer_details: calc.customer_details,
      livemode: false,
      metadata: (params.metadata as Record<string, string>) ?? {},
      posted_at: now(),
      reference,
      reversal: null,
      ship_from_details: null,
      shipping_cost: calc.shipping_cost ? { ...calc.shipping_cost } : null,
      tax_date: calc.tax_date,
      type: 'transaction',
      lines: calc.lines.map((l) => ({ ...l, id: `tax_li_${rand(14)}`, object: 'tax.transaction_line_item' })),
      calculation: calc.id,
    };
    transactions.set(t.id, t);
    return { status: 200, body: showTransaction(t, params) };
  }

  function reverse(params: Record<string, unknown>): Answer {
    if (params.mode !== 'full' && params.mode !== 'partial') {
      return error(400, 'Invalid mode: must be one of full or partial', { param: 'mode' });
    }
    if (!params.reference) return error(400, 'Missing required param: reference.', { param: 'reference' });
    const original = transactions.get(String(params.original_transaction ?? ''));
    if (original?.type !== 'transaction') {
      return error(404, `No such transaction: '${String(params.original_transaction ?? '')}'`, {
        code: 'resource_missing',
        param: 'original_transaction',
      });
    }
    const reference = String(params.reference);
    if (references.has(reference)) {
      return error(400, `A transaction with reference '${reference}' already exists.`, { param: 'reference' });
    }
    const before = reversalsOf(original.id);
    const amountLeft = amountOf(original) + before.reduce((n, r) => n + amountOf(r), 0);
    const taxLeft = taxOf(original) + before.reduce((n, r) => n + taxOf(r), 0);
    const flat = params.flat_amount;
    const byLine = listOf(params.line_items);
    const sc = params.shipping_cost as Record<string, string> | undefined;
    let lines: LineItem[];
    let shipping: FakeTaxTransaction['shipping_cost'] = null;
    if (params.mode === 'full') {
      if (flat !== undefined || byLine.length > 0 || sc) {
        return error(400, 'A full reversal takes no flat_amount, line_items or shipping_cost.', { param: 'mode' });
      }
      if (before.length > 0)
        return error(400, 'This transaction has been partially reversed: reverse the rest with mode partial.', { param: 'mode' });
      lines = original.lines.map((l) => ({ ...l, id: `tax_li_${rand(14)}`, amount: -l.amount, amount_tax: -l.amount_tax }));
      shipping = original.shipping_cost
        ? { ...original.shipping_cost, amount: -original.shipping_cost.amount, amount_tax: -original.shipping_cost.amount_tax }
        : null;
    } else if (flat !== undefined) {
      if (byLine.length > 0 || sc)
        return error(400, 'flat_amount cannot be combined with line_items or shipping_cost.', { param: 'flat_amount' });
      if (!isInt(flat) || Number(flat) >= 0) {
        return error(400, 'Invalid flat_amount: must be a negative integer (the amount to reverse, tax included)', {
          param: 'flat_amount',
        });
      }
      const amount = -Number(flat);
      if (amount > amountLeft + taxLeft) {
        return error(400, `flat_amount is more than is left to reverse on this transaction (${amountLeft + taxLeft}).`, {
          param: 'flat_amount',
        });
      }
      // Spread over the transaction in proportion to what it was, tax included; all that is left reverses all the tax left.
      const tax =
        amount === amountLeft + taxLeft
          ? taxLeft
          : Math.min(taxLeft, Math.round((amount * taxOf(original)) / (amountOf(original) + taxOf(original))));
      lines = [
        {
          ...(original.lines[0] as LineItem),
          id: `tax_li_${rand(14)}`,
          reference: `${reference}-flat`,
          amount: -(amount - tax),
          amount_tax: -tax,
        },
      ];
    } else {
      if (byLine.length === 0 && !sc) {
        return error(400, 'A partial reversal needs flat_amount, line_items or shipping_cost.', { param: 'mode' });
      }
      lines = [];
      for (const [i, li] of byLine.entries()) {
        const of = original.lines.find((l) => l.id === li.original_line_item);
        if (!of)
          return error(400, `No such line item: '${String(li.original_line_item)}'`, {
            param: `line_items[${i}][original_line_item]`,
          });
        if (!isInt(li.amount) || !isInt(li.amount_tax) || Number(li.amount) > 0 || Number(li.amount_tax) > 0) {
          return error(400, `line_items[${i}] amounts must be negative integers`, { param: `line_items[${i}][amount]` });
        }
        if (!li.reference)
          return error(400, `Missing required param: line_items[${i}][reference].`, { param: `line_items[${i}][reference]` });
        lines.push({
          ...of,
          id: `tax_li_${rand(14)}`,
          reference: String(li.reference),
          amount: Number(li.amount),
          amount_tax: Number(li.amount_tax),
          quantity: Number(li.quantity ?? of.quantity),
        });
      }
      if (sc) {
        if (!isInt(sc.amount) || !isInt(sc.amount_tax) || Number(sc.amount) > 0 || Number(sc.amount_tax) > 0) {
          return error(400, 'shipping_cost amounts must be negative integers', { param: 'shipping_cost[amount]' });
        }
        shipping = {
          ...(original.shipping_cost ?? { tax_behavior: 'exclusive', tax_code: 'txcd_92010001' }),
          amount: Number(sc.amount),
          amount_tax: Number(sc.amount_tax),
        };
      }
      const tax = -(lines.reduce((n, l) => n + l.amount_tax, 0) + (shipping?.amount_tax ?? 0));
      if (tax > taxLeft)
        return error(400, 'The tax to reverse is more than is left on this transaction.', { param: 'line_items' });
    }
    references.add(reference);
    const t: FakeTaxTransaction = {
      ...original,
      id: `tax_${rand(24)}`,
      created: now(),
      posted_at: now(),
      metadata: (params.metadata as Record<string, string>) ?? {},
      reference,
      reversal: { original_transaction: original.id },
      type: 'reversal',
      shipping_cost: shipping,
      lines,
      calculation: null,
    };
    transactions.set(t.id, t);
    return { status: 200, body: showTransaction(t, params) };
  }

  const fake = {
    /** Answer every Stripe Tax call with a 500 (Stripe Tax unavailable; payments still answer). */
    down: false,
    calculations,
    transactions,
    /** A transaction's tax less its reversals' (what the account reports as collected for it). */
    netTax(transactionId: string): number {
      const t = transactions.get(transactionId);
      if (!t) throw new Error(`no tax transaction ${transactionId}`);
      return taxOf(t) + reversalsOf(t.id).reduce((n, r) => n + taxOf(r), 0);
    },
    /** The tax of a transaction, and of its reversals (negative). */
    taxOf,
    reversalsOf,
    /** Answers a Stripe Tax request, or undefined for any other path. */
    handle(method: string, path: string, params: Record<string, unknown>, secretAuth: boolean): Answer | undefined {
      if (!path.startsWith('/v1/tax/')) return undefined;
      if (fake.down) return { status: 500, body: { error: { type: 'api_error', message: 'Stripe Tax is unavailable (fake)' } } };
      if (!secretAuth) return error(403, 'This request needs a secret key');
      if (method === 'POST' && path === '/v1/tax/calculations') return calculate(params);
      if (method === 'POST' && path === '/v1/tax/transactions/create_from_calculation') return fromCalculation(params);
      if (method === 'POST' && path === '/v1/tax/transactions/create_reversal') return reverse(params);
      const m = /^\/v1\/tax\/transactions\/(tax_[A-Za-z0-9]+)(\/line_items)?$/.exec(path);
      const t = m?.[1] ? transactions.get(m[1]) : undefined;
      if (method === 'GET' && m && t) {
        return m[2]
          ? { status: 200, body: { object: 'list', data: t.lines, has_more: false, url: path } }
          : { status: 200, body: showTransaction(t, params) };
      }
      if (m) return error(404, `No such transaction: '${m[1]}'`, { code: 'resource_missing' });
      return error(404, `Unrecognized request URL (${method}: ${path})`);
    },
  };
  return fake;
}

export type FakeStripeTax = ReturnType<typeof createFakeStripeTax>;
