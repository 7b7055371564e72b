import fp from 'fastify-plugin';
import { createBuiltinLabelProvider } from './builtin-labels.ts';
import type { LabelProvider } from './label-provider.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Who makes the labels and tracks the parcels: EasyPost, or the built-in labels (docs/decisions/0036). */
    labelProvider: LabelProvider;
  }
}

/** The label provider, before the orders (their e-mails say whether deliveries are tracked); `provider` replaces it (tests). */
export const labelsPlugin = fp<{ provider?: LabelProvider | undefined }>(
  async (app, opts) => {
    const labels = app.config.labels;
    // EasyPost's SDK loads only in a store that buys postage through EasyPost.
    const provider =
      opts.provider ??
      (labels.provider === 'easypost'
        ? (await import('./easypost-provider.ts')).createEasyPostProvider({
            apiKey: labels.apiKey,
            apiUrl: labels.apiUrl,
            webhookSecret: labels.webhookSecret,
          })
        : createBuiltinLabelProvider({ ...app.config.shipping, costCents: app.config.shipping.labelCostCents }));
    app.decorate('labelProvider', provider);
  },
  { name: 'labels', dependencies: ['core'] },
);
