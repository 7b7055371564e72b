import { z } from 'zod';
import { isoTime } from './response-schemas.ts';
import type { AdminReview, AdminReviewStats, CodeSent, CodeVerdict, PublicReview, ReviewStats } from './review-types.ts';

/** The reviews' answers, to shoppers and to the owner (docs/decisions/0023, 0012, 0021). */

const reviewFields = {
  id: z.number().int(),
  productId: z.number().int(),
  customerName: z.string(),
  isVerified: z.boolean(),
  rating: z.number().int().min(1).max(5),
  title: z.string(),
  content: z.string(),
  createdAt: isoTime,
};

/** A published review: never the reviewer's e-mail address. */
export const PublicReviewSchema = z.object(reviewFields).meta({ id: 'Review' }) satisfies z.ZodType<PublicReview>;
export const PublicReviewListSchema = z.array(PublicReviewSchema).meta({ id: 'ReviewList' });

export const ReviewStatsSchema = z
  .object({ totalReviews: z.number().int(), averageRating: z.number().describe('Rounded to one decimal; 0 when there are none') })
  .meta({ id: 'ReviewStats' }) satisfies z.ZodType<ReviewStats>;

export const CodeSentSchema = z.object({ sent: z.literal(true) }).meta({ id: 'CodeSent' }) satisfies z.ZodType<CodeSent>;

export const CodeVerdictSchema = z
  .union([z.object({ canReview: z.literal(true), verificationToken: z.string() }), z.object({ canReview: z.literal(false) })])
  .meta({ id: 'CodeVerdict' }) satisfies z.ZodType<CodeVerdict>;

export const AdminReviewSchema = z
  .object({ ...reviewFields, customerEmail: z.string(), isApproved: z.boolean() })
  .meta({ id: 'AdminReview' }) satisfies z.ZodType<AdminReview>;

export const AdminReviewsPageSchema = z
  .object({
    reviews: z.array(AdminReviewSchema),
    stats: z
      .object({
        totalReviews: z.number().int(),
        averageRating: z.number(),
        verifiedReviews: z.number().int(),
        pendingReviews: z.number().int(),
      })
      .describe('The figures of every review, whatever the page') satisfies z.ZodType<AdminReviewStats>,
  })
  .meta({ id: 'AdminReviewsPage' });
