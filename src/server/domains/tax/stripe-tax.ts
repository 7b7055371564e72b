import Stripe from 'stripe';
import type { TaxProvider } from './provider.ts';
import { TaxAddressError, TaxUnavailableError } from './provider.ts';

export interface StripeTaxSettings {
  secretKey: string;
  /** Another API origin (a local fake); Stripe's own when undefined. */
  apiUrl?: string | undefined;
  /** The product tax code sent with each line (Stripe's tax code ids, txcd_…); the account's default when undefined. */
  productTaxCode?: string | undefined;
}

function apiOrigin(apiUrl: string | undefined): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!apiUrl) return {};
  const u = new URL(apiUrl);
  const protocol = u.protocol === 'http:' ? 'http' : 'https';
  return { host: u.hostname, port: u.port || (protocol === 'http' ? 80 : 443), protocol };
}

/** Stripe's answers that say the request itself was refused (as opposed to a network failure, which is retried). */
const refused = (err: unknown) => err instanceof Stripe.errors.StripeError;

/**
 * Stripe Tax through Stripe's own SDK, as its guide "Calculate tax in your custom payment flow"
 * describes: a calculation per checkout at its shipping address, a transaction from it once the
 * order is paid, and a reversal per refund.
 */
export function createStripeTax(settings: StripeTaxSettings): TaxProvider {
  const stripe = new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'ironwake-store' },
    ...apiOrigin(settings.apiUrl),
  });
  const taxCode = settings.productTaxCode ? { tax_code: settings.productTaxCode } : {};

  async function call<T>(what: string, fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      // Stripe cannot place the customer's address ("customer_tax_location_invalid"): the shopper's to correct.
      if (err instanceof Stripe.errors.StripeInvalidRequestError && err.code === 'customer_tax_location_invalid') {
        throw new TaxAddressError(err.message);
      }
      throw new TaxUnavailableError(`Stripe Tax ${what}: ${refused(err) && err instanceof Error ? err.message : String(err)}`);
    }
  }

  return {
    name: 'stripe',

    async calculate(q) {
      const calc = await call('calculation', () =>
        stripe.tax.calculations.create({
          currency: 'usd',
          line_items: q.lines.map((l) => ({
            amount: l.amountCents,
            quantity: l.quantity,
            reference: l.reference,
            tax_behavior: 'exclusive',
            ...taxCode,
          })),
          shipping_cost: { amount: q.shippingCents, tax_behavior: 'exclusive' },
          customer_details: {
            address: {
              line1: q.address.line1,
              city: q.address.city,
              state: q.address.state,
              postal_code: q.address.postalCode,
              country: q.address.country,
            },
            address_source: 'shipping',
          },
          expand: ['line_items'],
        }),
      );
      if (!calc.id) throw new TaxUnavailableError('Stripe Tax calculation: answered without an id');
      const lineTaxCents = new Map((calc.line_items?.data ?? []).map((l) => [l.reference, l.amount_tax] as const));
      if (q.lines.some((l) => !lineTaxCents.has(l.reference))) {
        throw new TaxUnavailableError('Stripe Tax calculation: a line is missing from its answer');
      }
      return {
        calculationId: calc.id,
        taxCents: calc.tax_amount_exclusive,
        lineTaxCents,
        shippingTaxCents: calc.shipping_cost?.amount_tax ?? 0,
      };
    },

    async record(calculationId, reference) {
      const t = await call('transaction', () =>
        stripe.tax.transactions.createFromCalculation(
          { calculation: calculationId, reference },
          { idempotencyKey: `tax-transaction-${reference}` },
        ),
      );
      return { transactionId: t.id };
    },

    async reverse(transactionId, r) {
      // Stripe's reversal amounts are negative: the flat amount is the refund, tax included.
      const params: Stripe.Tax.TransactionCreateReversalParams =
        r.mode === 'full'
          ? { mode: 'full', original_transaction: transactionId, reference: r.reference }
          : { mode: 'partial', original_transaction: transactionId, reference: r.reference, flat_amount: -r.amountCents };
      const t = await call('reversal', () =>
        stripe.tax.transactions.createReversal(params, { idempotencyKey: `tax-${r.reference}` }),
      );
      return { reversalId: t.id };
    },
  };
}
