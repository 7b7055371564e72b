import type { TaxAnswer, TaxProvider, TaxQuestion, TaxReversal } from './provider.ts';

export type TaxService = ReturnType<typeof createTaxService>;
export { TaxAddressError, type TaxAnswer, type TaxQuestion, type TaxReversal, TaxUnavailableError } from './provider.ts';

/**
 * Sales tax (docs/decisions/0047): Stripe Tax when `TAX_PROVIDER=stripe`, else none (a store not yet
 * registered to collect tax anywhere: no tax is added). The checkout domain decides which order's
 * tax is asked and records the answers on the order; this service only talks to the provider.
 */
export function createTaxService(provider: TaxProvider | undefined) {
  const active = (): TaxProvider => {
    if (!provider) throw new Error('No tax provider is configured');
    return provider;
  };
  return {
    /** 'none' or 'stripe'. */
    providerName: provider?.name ?? ('none' as const),
    /** Whether tax is added to checkouts. */
    enabled: Boolean(provider),
    calculate: (q: TaxQuestion): Promise<TaxAnswer> => active().calculate(q),
    record: (calculationId: string, reference: string) => active().record(calculationId, reference),
    reverse: (transactionId: string, reversal: TaxReversal) => active().reverse(transactionId, reversal),
  };
}
