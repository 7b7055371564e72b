import { readReviewToken } from '#shared/review-token.ts';
import { secretParamOf, withoutSecretParam } from '#shared/secret-params.ts';

/** The history entry's state outside the router (the router keeps a location's state under `usr`, src/client/app/router.tsx). */
type EntryState = { usr?: unknown } | null;

/**
 * The review link the page was opened with (the shipped e-mail's), when it is for this product and
 * has not expired. The page's first script moved it from the address into the history entry's
 * state (src/shared/secret-params.ts), so a reload still finds it.
 */
export function reviewLinkFor(productId: number): { email: string; token: string } | null {
  if (typeof window === 'undefined') return null;
  const token = secretParamOf((history.state as EntryState)?.usr, 'review');
  const claims = token ? readReviewToken(token) : null;
  return token && claims?.productId === productId ? { email: claims.email, token } : null;
}

/** Once the review is in (or the link refused), the link is not offered again. */
export function forgetReviewLink(): void {
  const state = history.state as EntryState;
  if (!state?.usr) return;
  history.replaceState({ ...state, usr: withoutSecretParam(state.usr, 'review') }, '');
}
