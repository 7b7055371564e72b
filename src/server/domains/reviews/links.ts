import { createTokenSigner } from '../../lib/signed-tokens.ts';

const HOUR = 3_600_000;
const VERIFIED_TTL_MS = 2 * HOUR;
const LINK_TTL_MS = 60 * 24 * HOUR;
const PURPOSE = 'review';

export type ReviewLinks = ReturnType<typeof createReviewLinks>;

/**
 * The signed tokens that let a buyer review a product (docs/decisions/0021): the one a verified
 * shopper sends with the review (2 hours), and the one in the shipped and delivered e-mails' links
 * (60 days); each bound to the address and the product. Made from the store's secret alone, so the
 * order e-mails can carry them without the reviews service.
 */
export function createReviewLinks(secret: Buffer, publicUrl: string) {
  const signer = createTokenSigner(secret);
  const normal = (email: string) => email.trim().toLowerCase();
  const token = (email: string, productId: number, ttlMs: number) =>
    signer.sign({ purpose: PURPOSE, email: normal(email), productId }, ttlMs);

  return {
    /** What the verified shopper sends with the review. */
    verifiedToken: (email: string, productId: number) => token(email, productId, VERIFIED_TTL_MS),

    /** An order e-mail's link to review a product: the form opens verified (60 days). */
    reviewLink: (email: string, productId: number) =>
      `${publicUrl}/product/${productId}?review=${token(email, productId, LINK_TTL_MS)}`,

    /** Whether a token was signed here, has not expired, and is for this address and product. */
    tokenAllows(value: string, email: string, productId: number): boolean {
      const claims = signer.verify(value);
      return claims?.purpose === PURPOSE && claims.email === normal(email) && claims.productId === productId;
    },
  };
}
