import type { AdminReviewsQuery } from '#shared/admin.ts';
import type { CreateReviewBody } from '#shared/reviews.ts';
import {
  type AdminReview,
  type AdminReviewStats,
  type CodeSent,
  type CodeVerdict,
  PURCHASE_REQUIRED,
  type PublicReview,
  type ReviewStats,
} from '#shared/review-types.ts';
import type { Database } from '#db/client.ts';
import { AppError } from '../../errors.ts';
import { CachedValue } from '../../lib/cached-value.ts';
import type { Outbox } from '../../lib/mail-outbox.ts';
import type { Notifier } from '../../lib/notifier.ts';
import { throttle } from '../../lib/rate-buckets.ts';
import type { CatalogService } from '../catalog/service.ts';
import type { OrdersService } from '../orders/service.ts';
import * as repo from './repo.ts';
import { createReviewVerification, TOKEN_REFUSED, type VerificationDeps } from './verification.ts';

export type ReviewsService = ReturnType<typeof createReviewsService>;
export { customerReviews, eraseCustomerReviews } from './customer-privacy.ts';

const HOUR = 3_600_000;
/** Told to every instance when a review is approved or removed (what the public sees changes). */
export const REVIEWS_CHANNEL = 'reviews_changed';

const toPublic = (r: repo.ReviewRow): PublicReview => ({
  id: r.id,
  productId: r.productId,
  customerName: r.customerName,
  isVerified: r.isVerified,
  rating: r.rating,
  title: r.title,
  content: r.content,
  createdAt: r.createdAt.toISOString(),
});

interface Deps extends Omit<VerificationDeps, 'db' | 'limits'> {
  db: Database;
  catalog: CatalogService;
  /** Who bought what is the orders' to say. */
  orders: Pick<OrdersService, 'purchaseOf'>;
  notifier: Notifier;
  outbox: Outbox;
  limits: VerificationDeps['limits'] & { perHour: number };
}

/**
 * Verified-purchase reviews (docs/product.md §2, issue "Reviews"): only a buyer of the product may review it,
 * once per e-mail, and a review is public only after the owner approves it. Whether an address
 * bought is said only to whoever proves they read its mail (docs/decisions/0021); code checks and
 * submissions are throttled per IP and per e-mail as well.
 */
export function createReviewsService(d: Deps) {
  const { db, catalog, orders, notifier } = d;
  const verification = createReviewVerification(d);
  // Every product page shows its rating: the figures of all products, cached until a review is
  // approved or removed (on any instance), so a page view costs no query.
  const figures = new CachedValue(() => repo.selectApprovedStatsByProduct(db));
  notifier.subscribe(REVIEWS_CHANNEL, () => figures.invalidate());
  const changed = async () => {
    figures.invalidate();
    await notifier.publish(REVIEWS_CHANNEL);
  };
  const figuresOf = async (productId: number) => (await figures.get()).get(productId) ?? { total: 0, average: 0 };
  const limit = (network: string, email: string) =>
    throttle(
      db,
      [`reviews:ip:${network}`, `reviews:email:${email.toLowerCase()}`],
      d.limits.perHour,
      HOUR,
      'Too many review requests.',
    );
  const activeProduct = async (productId: number) => {
    const product = await catalog.getActiveProduct(productId);
    if (!product) throw new AppError('not_found', 'Product not found');
    return product;
  };

  return {
    async listApproved(productId: number): Promise<PublicReview[]> {
      return (await repo.selectApproved(db, productId)).map(toPublic);
    },

    async stats(productId: number): Promise<ReviewStats> {
      const { total, average } = await figuresOf(productId);
      return { totalReviews: total, averageRating: average };
    },

    /** For the product page's structured data: null when there is no approved review. */
    async ratingSummary(productId: number): Promise<{ average: number; count: number } | null> {
      const { total, average } = await figuresOf(productId);
      return total > 0 ? { average, count: total } : null;
    },

    /** POST /api/reviews/verify-purchase: e-mails a code; the answer is the same for every address. */
    async verifyPurchase(email: string, productId: number, network: string): Promise<CodeSent> {
      await verification.sendCode(email, await activeProduct(productId), network);
      return { sent: true };
    },

    /** POST /api/reviews/verify-code: for the right code, whether this address bought the product. */
    async verifyCode(email: string, productId: number, code: string, network: string): Promise<CodeVerdict> {
      await limit(network, email);
      await verification.checkCode(email, productId, code);
      if ((await orders.purchaseOf(email, productId)) === undefined) return { canReview: false };
      return { canReview: true, verificationToken: verification.verifiedToken(email, productId) };
    },

    /** The link in the shipped e-mail that opens this product's review form, verified. */
    reviewLink: verification.reviewLink,

    /**
     * Stored verified and pending. The token proves the address; the purchase is checked again
     * here, whatever the browser said.
     */
    async submit(body: CreateReviewBody, network: string): Promise<{ success: true; id: number }> {
      await limit(network, body.customerEmail);
      await activeProduct(body.productId);
      if (!verification.tokenAllows(body.verificationToken, body.customerEmail, body.productId)) {
        throw new AppError('forbidden', TOKEN_REFUSED);
      }
      const orderId = await orders.purchaseOf(body.customerEmail, body.productId);
      if (orderId === undefined) throw new AppError('forbidden', PURCHASE_REQUIRED);
      const row = await repo.insertReview(db, {
        productId: body.productId,
        orderId,
        customerName: body.customerName,
        customerEmail: body.customerEmail.toLowerCase(),
        rating: body.rating,
        title: body.title,
        content: body.content,
        isVerified: true,
        isApproved: false,
      });
      if (!row) throw new AppError('conflict', 'You have already reviewed this product');
      return { success: true, id: row.id };
    },

    /** Expired verification codes are deleted (the hourly sweep). */
    sweep: () => verification.sweep(),

    /** GET /api/admin/reviews: a page of the reviews with their e-mails, the figures, and where the next page starts (null at the end). */
    async listForAdmin(
      query: AdminReviewsQuery,
    ): Promise<{ reviews: AdminReview[]; stats: AdminReviewStats; next: number | null }> {
      const [page, stats] = await Promise.all([repo.selectAdminPage(db, query), repo.selectAdminStats(db)]);
      return {
        reviews: page.rows.map((r) => ({ ...toPublic(r), customerEmail: r.customerEmail, isApproved: r.isApproved })),
        stats,
        next: page.more ? (page.rows.at(-1)?.id ?? null) : null,
      };
    },

    adminStats: (): Promise<AdminReviewStats> => repo.selectAdminStats(db),

    async approve(id: number): Promise<AdminReview> {
      const r = await repo.approve(db, id);
      if (!r) throw new AppError('not_found', 'Review not found');
      await changed();
      return { ...toPublic(r), customerEmail: r.customerEmail, isApproved: r.isApproved };
    },

    async remove(id: number): Promise<void> {
      if (!(await repo.remove(db, id))) throw new AppError('not_found', 'Review not found');
      await changed();
    },
  };
}
