import { z } from 'zod';
import { REQUIRED } from './messages.ts';
import { REVIEW_CODE_DIGITS, REVIEW_LIMITS } from './review-types.ts';
import { multiLine, requiredLine } from './validation.ts';

/** Reviews (docs/product.md §2 "Reviews section", §3 "Review", §7). Shared by the server and the admin. */

const productId = z.coerce
  .number({ error: 'productId must be a product id' })
  .int('productId must be a product id')
  .positive('productId must be a product id')
  .max(2_147_483_647, 'productId must be a product id');

const email = requiredLine(254, 'E-mail is too long').pipe(z.email('Enter a valid e-mail address'));

export const ReviewsQuerySchema = z.object({ productId });
export const ReviewProductParamsSchema = z.object({ productId });
export const ReviewIdParamsSchema = z.object({ id: productId });

/** Asks for a one-time code by e-mail (docs/decisions/0021); the answer is the same for anyone. */
export const VerifyPurchaseBodySchema = z.strictObject({ email, productId });

/** The code from the e-mail, with any spaces the shopper typed taken out. */
export const VerifyCodeBodySchema = z.strictObject({
  email,
  productId,
  code: z
    .string({ error: REQUIRED })
    .transform((v) => v.replace(/\s+/g, ''))
    .pipe(
      z
        .string()
        .min(1, REQUIRED)
        .regex(new RegExp(`^\\d{${REVIEW_CODE_DIGITS}}$`), 'Enter the 6-digit code from the e-mail'),
    ),
});
export type VerifyCodeBody = z.infer<typeof VerifyCodeBodySchema>;

export const CreateReviewBodySchema = z.strictObject({
  productId,
  customerName: requiredLine(REVIEW_LIMITS.name, `Name must be at most ${REVIEW_LIMITS.name} characters`),
  customerEmail: email,
  rating: z
    .number({ error: 'Rating must be a whole number from 1 to 5' })
    .int('Rating must be a whole number from 1 to 5')
    .min(1, 'Rating must be a whole number from 1 to 5')
    .max(5, 'Rating must be a whole number from 1 to 5'),
  title: requiredLine(REVIEW_LIMITS.title, `Title must be at most ${REVIEW_LIMITS.title} characters`),
  content: multiLine(REVIEW_LIMITS.content, `Review must be at most ${REVIEW_LIMITS.content} characters`).min(1, REQUIRED),
  /** From POST /api/reviews/verify-code, or the review link in the shipped e-mail. */
  verificationToken: z
    .string({ error: REQUIRED })
    .min(1, REQUIRED)
    .max(1024, 'verificationToken is not valid')
    .regex(/^[A-Za-z0-9_.-]+$/, 'verificationToken is not valid'),
});
export type CreateReviewBody = z.infer<typeof CreateReviewBodySchema>;
