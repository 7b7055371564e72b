import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed, expiring tokens: `base64url(JSON claims).base64url(HMAC-SHA256(secret, first part))`.
 * The claims are readable by whoever holds the token (the browser shows the e-mail a review link is
 * for) but cannot be changed without the secret. `exp` is in seconds since the epoch.
 */
export type Claims = Record<string, unknown> & { exp: number };

const MAX_LENGTH = 1024;
const mac = (secret: Buffer, payload: string) => createHmac('sha256', secret).update(payload).digest();

/**
 * The bytes of a base64url part written exactly as `toString('base64url')` writes them, else null.
 * Node's decoder is lenient: it drops the last character's unused bits, accepts `=`, `+` and `/`,
 * and skips characters outside the alphabet, so many strings decode to one signature. A token has
 * one spelling, or anything keyed by its text (a log search, a list of used links) is sidestepped.
 */
function canonicalBytes(part: string): Buffer | null {
  const bytes = Buffer.from(part, 'base64url');
  return bytes.toString('base64url') === part ? bytes : null;
}

export function createTokenSigner(secret: Buffer) {
  return {
    sign(claims: Record<string, unknown>, ttlMs: number, now = Date.now()): string {
      const payload = Buffer.from(JSON.stringify({ ...claims, exp: Math.floor((now + ttlMs) / 1000) })).toString('base64url');
      return `${payload}.${mac(secret, payload).toString('base64url')}`;
    },

    /** The claims of a token this secret signed that has not expired; null for anything else. */
    verify(token: string, now = Date.now()): Claims | null {
      if (token.length > MAX_LENGTH) return null;
      const [payload, signature, extra] = token.split('.');
      if (!payload || !signature || extra !== undefined) return null;
      const given = canonicalBytes(signature);
      const json = canonicalBytes(payload);
      if (!given || !json) return null;
      const expected = mac(secret, payload);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      let claims: unknown;
      try {
        claims = JSON.parse(json.toString('utf8'));
      } catch {
        return null;
      }
      if (!claims || typeof claims !== 'object' || Array.isArray(claims)) return null;
      const exp = (claims as { exp?: unknown }).exp;
      if (typeof exp !== 'number' || exp * 1000 <= now) return null;
      return claims as Claims;
    },
  };
}

export type TokenSigner = ReturnType<typeof createTokenSigner>;

/**
 * The tokens of one purpose (an order's page, a reminder's restore link, …): `sign` names the
 * purpose in the claims, `claimsOf` opens only a token of that purpose, so a token made for one
 * link opens nothing of another.
 */
export function purposeToken(signer: TokenSigner, purpose: string, ttlMs: number) {
  return {
    sign: (claims: Record<string, unknown>) => signer.sign({ ...claims, purpose }, ttlMs),
    /** The claims of a valid, unexpired token of this purpose; null for anything else. */
    claimsOf(token: string): Claims | null {
      const claims = signer.verify(token);
      return claims?.purpose === purpose ? claims : null;
    },
  };
}

/** The order a token's claims name: a positive whole number, or null. */
export function orderIdClaim(claims: Claims | null): number | null {
  const orderId = claims?.orderId;
  return typeof orderId === 'number' && Number.isSafeInteger(orderId) && orderId > 0 ? orderId : null;
}
