/** Where the beacon keeps the visit's session (beacon.ts): `{ id, last }` in sessionStorage. */
export const SESSION_KEY = 'iw_session';

/** The current analytics session's id, if the beacon started one (never makes one). */
export function currentAnalyticsSession(): string | undefined {
  try {
    const raw = sessionStorage.getItem(SESSION_KEY);
    const id = raw ? (JSON.parse(raw) as { id?: unknown }).id : undefined;
    return typeof id === 'string' && /^[A-Za-z0-9_-]{16,64}$/.test(id) ? id : undefined;
  } catch {
    return undefined;
  }
}
