import fp from 'fastify-plugin';
import type { PaymentProvider } from './provider.ts';
import { createPaymentsService } from './service.ts';
import { testSetupRoutes } from './test-setup-routes.ts';

/**
 * Payments through Stripe when its keys are set, else the built-in test provider; `provider` replaces
 * both (tests). Their routes (the test card form, Stripe's webhook) complete orders: checkout's.
 */
export const paymentsPlugin = fp<{ provider?: PaymentProvider | undefined }>(
  async (app, opts) => {
    const stripe = app.config.stripe;
    // Stripe's SDK loads only in a store that takes Stripe payments (lib/on-demand.ts says why).
    const provider = opts.provider ?? (stripe ? (await import('./stripe-provider.ts')).createStripeProvider(stripe) : undefined);
    app.services.payments = createPaymentsService(app.database.db, provider);
    await app.register(testSetupRoutes);
  },
  { name: 'payments', dependencies: ['core'] },
);
