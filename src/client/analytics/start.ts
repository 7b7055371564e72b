import type { PublicConfig } from '#shared/ssr-contract.ts';
import { startBeacon } from './beacon.ts';

/** First-party analytics, then the owner's marketing tags when configured (ADR 0014). */
export function startAnalytics(config: PublicConfig): void {
  startBeacon();
  const t = config.tags;
  if (t.gaMeasurementId || t.googleAdsId || t.metaPixelId) {
    void import('./tags.ts').then((m) => m.startTags(t)).catch(() => {});
  }
}
