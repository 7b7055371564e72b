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

/** SPEC §8 texts the review form and the server share. */
export const PURCHASE_REQUIRED = 'Only customers who have purchased this product can leave reviews.';

/** POST /api/reviews/verify-purchase: the same for every address (docs/decisions/0021). */
export interface CodeSent {
  sent: true;
}

/** POST /api/reviews/verify-code with the right code. */
export type CodeVerdict = { canReview: true; verificationToken: string } | { canReview: false };
