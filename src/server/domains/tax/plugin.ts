import fp from 'fastify-plugin';
import type { TaxProvider } from './provider.ts';
import { createTaxService } from './service.ts';

/**
 * The sales tax provider: Stripe Tax with `TAX_PROVIDER=stripe`, else none; `provider` replaces it
 * (tests). Stripe's SDK loads only in a store that uses Stripe Tax.
 */
export const taxPlugin = fp<{ provider?: TaxProvider | undefined }>(
  async (app, opts) => {
    const tax = app.config.tax;
    const provider =
      opts.provider ??
      (tax.provider === 'stripe'
        ? (await import('./stripe-tax.ts')).createStripeTax({
            secretKey: tax.secretKey,
            apiUrl: tax.apiUrl,
            productTaxCode: tax.productTaxCode,
          })
        : undefined);
    app.services.tax = createTaxService(provider);
  },
  { name: 'tax', dependencies: ['core'] },
);
