/** The sales tax provider seen by the store (docs/decisions/0047): none, or Stripe Tax. */

/** What a checkout's tax is worked out on: its lines after discount, its shipping, and where it ships. */
export interface TaxQuestion {
  /** One per line: its reference (unique in the order), what it costs after its discount share, how many units. */
  lines: readonly { reference: string; amountCents: number; quantity: number }[];
  shippingCents: number;
  address: { line1: string; city: string; state: string; postalCode: string; country: string };
}

/** A calculation's answer: the tax of each line (by reference) and of shipping. */
export interface TaxAnswer {
  calculationId: string;
  taxCents: number;
  lineTaxCents: ReadonlyMap<string, number>;
  shippingTaxCents: number;
}

/**
 * A refund's tax given back: the whole transaction (a refund of all that was paid), or a flat
 * amount, tax included, that the provider spreads over the transaction's lines and shipping.
 */
export type TaxReversal = { mode: 'full'; reference: string } | { mode: 'flat'; reference: string; amountCents: number };

/** The provider could not answer (down, refused the request): nothing was recorded. */
export class TaxUnavailableError extends Error {}

/** The provider cannot place the address for its tax (a ZIP code that does not exist, or not in its state). */
export class TaxAddressError extends Error {}

export interface TaxProvider {
  readonly name: 'stripe';
  /** The tax of a checkout at its shipping address (tax-exclusive US prices). */
  calculate(question: TaxQuestion): Promise<TaxAnswer>;
  /** The tax recorded as collected for a paid order, from its calculation; the same reference never records twice. */
  record(calculationId: string, reference: string): Promise<{ transactionId: string }>;
  /** A refund's tax recorded as given back; the same reference never reverses twice. */
  reverse(transactionId: string, reversal: TaxReversal): Promise<{ reversalId: string }>;
}
