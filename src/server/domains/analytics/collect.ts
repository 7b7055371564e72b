/** Crawlers, previews and monitors: their visits are not the store's visitors. */
const BOT =
  /bot|crawl|spider|slurp|bingpreview|facebookexternalhit|embedly|quora link|whatsapp|telegram|discord|lighthouse|pagespeed|headless|phantom|python-requests|curl|wget|httpclient|monitor|uptime/i;

export function isBot(userAgent: string | undefined): boolean {
  return !userAgent || BOT.test(userAgent);
}

/** Where a visit came from: its UTM source, else the referring site, else 'direct'. */
export function sourceOf(utmSource: string | undefined, referrer: string | undefined, ownHost: string): string {
  if (utmSource?.trim()) return utmSource.trim().toLowerCase().slice(0, 100);
  if (!referrer) return 'direct';
  try {
    const host = new URL(referrer).hostname.replace(/^www\./, '').toLowerCase();
    if (!host || host === ownHost.replace(/^www\./, '')) return 'direct';
    return host.slice(0, 100);
  } catch {
    return 'direct';
  }
}
