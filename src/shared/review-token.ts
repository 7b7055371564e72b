// What a review token says, readable by whoever holds it (the server signs it; docs/decisions/0021).

export interface ReviewTokenClaims {
  purpose: 'review';
  /** Lower-cased. */
  email: string;
  productId: number;
  /** Seconds since the epoch. */
  exp: number;
}

/**
 * The claims of a review token, without checking its signature (only the server can): for the
 * browser to fill the form from a review link. null when it is not a review token or has expired.
 */
export function readReviewToken(token: string, now = Date.now()): ReviewTokenClaims | null {
  try {
    const part = token.split('.')[0] ?? '';
    const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
    const bytes = Uint8Array.from(atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4)), (c) => c.charCodeAt(0));
    const c = JSON.parse(new TextDecoder().decode(bytes)) as Partial<ReviewTokenClaims>;
    if (c.purpose !== 'review' || typeof c.email !== 'string' || typeof c.productId !== 'number') return null;
    if (typeof c.exp !== 'number' || c.exp * 1000 <= now) return null;
    return c as ReviewTokenClaims;
  } catch {
    return null;
  }
}
