import { readReviewToken } from '#shared/review-token.ts';

/**
 * The review link the page was opened with (the shipped e-mail's), when it is for this product and
 * has not expired. The page's first script took it out of the address bar (server ssr.ts).
 */
export function reviewLinkFor(productId: number): { email: string; token: string } | null {
  const token = typeof window === 'undefined' ? undefined : window.__IW_REVIEW_TOKEN__;
  const claims = token ? readReviewToken(token) : null;
  return token && claims?.productId === productId ? { email: claims.email, token } : null;
}

/** Once the review is in (or the link refused), the link is not offered again. */
export function forgetReviewLink(): void {
  delete window.__IW_REVIEW_TOKEN__;
}
