import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PublicConfig } from '#shared/ssr-contract.ts';
import { sendsGpc } from '../lib/privacy-signal.ts';

/** What the pages may tell the browser (window.__PUBLIC_CONFIG__), for this request. */
export function publicConfigOf(app: FastifyInstance, req?: FastifyRequest): PublicConfig {
  const c = app.config;
  // A browser's Global Privacy Control leaves every tag out (docs/decisions/0049).
  const tag = (id: string | undefined) => (req && sendsGpc(req) ? null : (id ?? null));
  // The contacts and the shipping offer are the owner's settings as they are now (docs/decisions/0039).
  const settings = app.services.settings.current();
  return {
    publicUrl: c.publicUrl,
    supportEmail: settings.supportEmail,
    supportPhone: settings.supportPhone,
    paymentMode: app.services.payments.providerName,
    shipping: app.services.settings.shipping(),
    stripePublishableKey: app.services.payments.providerName === 'stripe' ? (c.stripe?.publishableKey ?? null) : null,
    minimumAge: app.services.settings.minimumAge(),
    tagsWithheld: Boolean(req && sendsGpc(req) && (c.tags.gaMeasurementId || c.tags.googleAdsId || c.tags.metaPixelId)),
    tags: {
      gaMeasurementId: tag(c.tags.gaMeasurementId),
      googleAdsId: tag(c.tags.googleAdsId),
      googleAdsConversionLabel: tag(c.tags.googleAdsConversionLabel),
      metaPixelId: tag(c.tags.metaPixelId),
    },
  };
}
