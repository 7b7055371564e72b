import { useState } from 'react';
import { Button } from '../../ui/button.tsx';
import { useReviewStats } from './api/get-review-stats.ts';
import { useReviews } from './api/get-reviews.ts';
import { ReviewForm } from './review-form.tsx';
import { reviewLinkFor } from './review-link.ts';
import { Stars } from './stars.tsx';

const date = (iso: string) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

/** docs/product.md §2 "Reviews section": stats, the approved reviews, and the verified-buyer form. */
export default function ReviewsSection({ productId, productName }: { productId: number; productName: string }) {
  const stats = useReviewStats(productId);
  const list = useReviews(productId);
  // Opened from the shipped e-mail's review link: the form is open and verified.
  const [link, setLink] = useState(() => reviewLinkFor(productId));
  const [writing, setWriting] = useState(link !== null);
  const total = stats.data?.totalReviews ?? 0;

  return (
    <div className="grid gap-8 md:grid-cols-[1fr_2fr]">
      <div className="grid content-start gap-4">
        <div className="rounded-xl border border-line bg-white p-5" data-testid="review-stats">
          {stats.isPending ? (
            <div className="h-16 animate-pulse rounded bg-sand" />
          ) : total === 0 ? (
            <p className="text-muted">No reviews yet. Be the first to review this product!</p>
          ) : (
            <>
              <p className="flex items-baseline gap-2">
                <span className="text-4xl font-bold">{stats.data?.averageRating.toFixed(1)}</span>
                <span className="text-muted">out of 5</span>
              </p>
              <Stars rating={stats.data?.averageRating ?? 0} className="text-2xl" />
              <p className="mt-1 text-sm text-muted">
                Based on {total} review{total === 1 ? '' : 's'}
              </p>
            </>
          )}
        </div>
        <Button variant={writing ? 'outline' : 'primary'} onClick={() => setWriting(!writing)} aria-expanded={writing}>
          {writing ? 'Cancel Review' : 'Write a Review'}
        </Button>
      </div>

      <div className="grid content-start gap-4">
        {writing ? (
          <ReviewForm
            productId={productId}
            productName={productName}
            link={link}
            onLinkSpent={() => setLink(null)}
            onDone={() => setWriting(false)}
          />
        ) : null}
        {list.isPending ? (
          <div className="h-32 animate-pulse rounded-xl bg-sand" />
        ) : (list.data ?? []).length === 0 ? (
          <p className="rounded-xl border border-dashed border-line bg-white p-8 text-center font-bold">No Reviews Yet</p>
        ) : (
          <ul className="grid gap-4" aria-label="Reviews">
            {list.data?.map((r) => (
              <li key={r.id} className="rounded-xl border border-line bg-white p-5">
                <article>
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <p className="font-bold">
                      {/* A reviewer who had their details erased (docs/decisions/0049) shows no name. */}
                      {r.customerName || 'A customer'}
                      {r.isVerified ? (
                        <span className="ml-2 rounded-full bg-[#e4f3e8] px-2 py-0.5 text-xs font-bold text-ok">
                          Verified Purchase
                        </span>
                      ) : null}
                    </p>
                    <time dateTime={r.createdAt} className="text-sm text-muted">
                      {date(r.createdAt)}
                    </time>
                  </div>
                  <Stars rating={r.rating} />
                  <h3 className="mt-1 font-bold">{r.title}</h3>
                  <p className="mt-1 whitespace-pre-line text-ink-soft">{r.content}</p>
                </article>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
