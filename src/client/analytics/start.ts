import type { PublicConfig } from '#shared/ssr-contract.ts';
import { startBeacon } from './beacon.ts';

/** First-party analytics, then the owner's marketing tags when configured (ADR 0014). */
export function startAnalytics(config: PublicConfig): void {
  startBeacon();
  const t = config.tags;
  // Global Privacy Control (docs/decisions/0049): the server leaves the tags out when the browser
  // sends the header; a browser that only exposes the property is honoured here.
  if ((navigator as Navigator & { globalPrivacyControl?: boolean }).globalPrivacyControl === true) return;
  if (t.gaMeasurementId || t.googleAdsId || t.metaPixelId) {
    void import('./tags.ts').then((m) => m.startTags(t)).catch(() => {});
  }
}
