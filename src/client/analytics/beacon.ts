import { onCLS, onINP, onLCP } from 'web-vitals';
import { analyticsPath } from '#shared/order-paths.ts';
import { isAdminPathname } from '#shared/site.ts';
import { SESSION_KEY } from './session.ts';

/**
 * First-party analytics in the browser (docs/engineering.md §7), loaded when the page is idle so it never slows
 * it: a page view per route change, the visible time on each page and the Core Web Vitals of the
 * page load. A random visitor id (localStorage) and session id (sessionStorage, new after 30 idle
 * minutes); no cookies. Purchases are not reported from here: the checkout records its session and
 * the paid order converts it (docs/decisions/0019).
 */
const ENDPOINT = '/api/analytics/collect';
const SESSION_IDLE_MS = 30 * 60_000;

declare global {
  interface Window {
    /** The order the confirmation page shows (for the marketing tags); it also fires 'iw:purchase'. */
    __iwPurchase?: number;
  }
}

function randomId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

function stored(storage: Storage, key: string, make: () => string): string {
  try {
    const v = storage.getItem(key);
    if (v) return v;
    const fresh = make();
    storage.setItem(key, fresh);
    return fresh;
  } catch {
    return make(); // storage disabled: a one-page visitor
  }
}

function sessionId(): string {
  const now = Date.now();
  try {
    const raw = sessionStorage.getItem(SESSION_KEY);
    const s = raw ? (JSON.parse(raw) as { id: string; last: number }) : null;
    const id = s && now - s.last < SESSION_IDLE_MS ? s.id : randomId();
    sessionStorage.setItem(SESSION_KEY, JSON.stringify({ id, last: now }));
    return id;
  } catch {
    return randomId();
  }
}

function send(body: Record<string, unknown>): void {
  const payload = JSON.stringify({ visitorId: stored(localStorage, 'iw_visitor', randomId), sessionId: sessionId(), ...body });
  // sendBeacon survives the page being closed; it posts text/plain, which the endpoint accepts. Where
  // it is missing, a raw fetch with keepalive (which the API client does not ask for) does the same.
  if (navigator.sendBeacon?.(ENDPOINT, payload)) return;
  void fetch(ENDPOINT, { method: 'POST', body: payload, keepalive: true, headers: { 'content-type': 'application/json' } }).catch(
    () => {},
  );
}

let currentPath = '';
let visibleSince = 0;
let engagedMs = 0;

function flushEngagement(): void {
  if (!currentPath) return;
  if (visibleSince) engagedMs += performance.now() - visibleSince;
  visibleSince = document.visibilityState === 'visible' ? performance.now() : 0;
  if (engagedMs >= 1000) send({ type: 'engagement', path: currentPath, engagedMs: Math.round(engagedMs) });
  engagedMs = 0;
}

function pageview(firstLoad: boolean): void {
  // An order page's token never leaves the browser in a beacon (ADR 0038).
  const path = analyticsPath(location.pathname);
  if (path === currentPath || isAdminPathname(path)) return;
  flushEngagement();
  currentPath = path;
  visibleSince = document.visibilityState === 'visible' ? performance.now() : 0;
  const params = new URLSearchParams(location.search);
  const utm = {
    source: params.get('utm_source') ?? undefined,
    medium: params.get('utm_medium') ?? undefined,
    campaign: params.get('utm_campaign') ?? undefined,
  };
  send({
    type: 'pageview',
    path,
    referrer: firstLoad && document.referrer ? document.referrer.slice(0, 500) : undefined,
    utm: utm.source || utm.medium || utm.campaign ? utm : undefined,
  });
}

export function startBeacon(): void {
  if (isAdminPathname(location.pathname)) return;
  pageview(true);
  // Route changes: the router uses the history API.
  for (const method of ['pushState', 'replaceState'] as const) {
    const original = history[method].bind(history);
    history[method] = (...args: Parameters<History['pushState']>) => {
      original(...args);
      queueMicrotask(() => pageview(false));
    };
  }
  addEventListener('popstate', () => pageview(false));

  const vitals: { lcp?: number; inp?: number; cls?: number } = {};
  let vitalsSent = false;
  onLCP((m) => {
    vitals.lcp = Math.round(m.value);
  });
  onINP((m) => {
    vitals.inp = Math.round(m.value);
  });
  onCLS((m) => {
    vitals.cls = Math.round(m.value * 10_000) / 10_000;
  });
  const landing = currentPath;

  addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') {
      flushEngagement();
      if (!vitalsSent && Object.keys(vitals).length > 0) {
        vitalsSent = true;
        send({ type: 'vitals', path: landing, vitals });
      }
    } else {
      visibleSince = performance.now();
    }
  });
}
