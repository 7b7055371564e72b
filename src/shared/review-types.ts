// Review shapes without zod, so the storefront can use them at no cost.

/** A published review: never the customer's e-mail. */
export interface PublicReview {
  id: number;
  productId: number;
  customerName: string;
  isVerified: boolean;
  rating: number;
  title: string;
  content: string;
  createdAt: string;
}

export interface ReviewStats {
  totalReviews: number;
  /** Rounded to one decimal; 0 when there are none. */
  averageRating: number;
}

export interface AdminReview extends PublicReview {
  customerEmail: string;
  isApproved: boolean;
}

export interface AdminReviewStats extends ReviewStats {
  verifiedReviews: number;
  pendingReviews: number;
}

/** The longest name, title and review text (characters): the form's fields stop there, the schema refuses more. */
export const REVIEW_LIMITS = { name: 80, title: 120, content: 2000 } as const;

/** The one-time code e-mailed to a reviewer has this many digits (docs/decisions/0021). */
export const REVIEW_CODE_DIGITS = 6;

/** docs/product.md §8 texts the review form and the server share. */
export const PURCHASE_REQUIRED = 'Only customers who have purchased this product can leave reviews.';

/** POST /api/reviews/verify-purchase: the same for every address (docs/decisions/0021). */
export interface CodeSent {
  sent: true;
}

/** POST /api/reviews/verify-code with the right code. */
export type CodeVerdict = { canReview: true; verificationToken: string } | { canReview: false };
