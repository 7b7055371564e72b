/** The visitor's cart owner: 'session-' + timestamp + random text (docs/product.md §3), kept in localStorage. */
const KEY = 'cart_session_id';
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const VALID = /^session-\d{10,16}-[A-Za-z0-9]{16,64}$/;

export function makeSessionId(now = Date.now()): string {
  // 62 × 4 = 248: rejecting bytes ≥ 248 keeps every character equally likely.
  let out = '';
  while (out.length < 32) {
    for (const b of crypto.getRandomValues(new Uint8Array(48))) {
      if (b < 248 && out.length < 32) out += ALPHABET[b % 62];
    }
  }
  return `session-${now}-${out}`;
}

/** The stored id, made on first use. Browser only. */
export function getSessionId(): string {
  const stored = localStorage.getItem(KEY);
  if (stored && VALID.test(stored)) return stored;
  const id = makeSessionId();
  localStorage.setItem(KEY, id);
  return id;
}

/** The stored id without making one (null before the first cart action). */
export function peekSessionId(): string | null {
  if (typeof localStorage === 'undefined') return null;
  const stored = localStorage.getItem(KEY);
  return stored && VALID.test(stored) ? stored : null;
}

/** The X-Session-Id header with the stored id, or none: a checkout's calls show whose cart it is. */
export function sessionHeaders(): Record<string, string> {
  const id = peekSessionId();
  return id ? { 'x-session-id': id } : {};
}
