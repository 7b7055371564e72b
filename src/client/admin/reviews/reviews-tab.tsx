import { useEffect, useState } from 'react';
import { claimWarning, findRegulatedClaims } from '#shared/regulated-claims.ts';
import type { AdminReview } from '#shared/review-types.ts';
import { Button } from '../../ui/button.tsx';
import { ListFooter } from '../lib/list-footer.tsx';
import { Note } from '../lib/note.tsx';
import { StatusBadge } from '../lib/status-badge.tsx';
import { useApproveReviewMutation } from './api/approve-review.ts';
import { useDeleteReviewMutation } from './api/delete-review.ts';
import { useAdminReviews } from './api/get-admin-reviews.ts';

export const REVIEW_FILTERS = [
  { value: 'all', label: 'All Reviews' },
  { value: 'pending', label: 'Pending Approval' },
  { value: 'approved', label: 'Approved' },
] as const;

/**
 * docs/product.md §2 "Reviews tab": moderation of verified buyers' reviews, newest first, 50 at a
 * time with "Load more reviews"; the filter and the search (after a pause in typing) are the
 * server's, so every review can be found however many there are.
 */
export function ReviewsTab({ search, filter }: { search: string; filter: string }) {
  const [typed, setTyped] = useState(search.trim());
  useEffect(() => {
    const t = setTimeout(() => setTyped(search.trim()), 300);
    return () => clearTimeout(t);
  }, [search]);
  // Fetched only while the Reviews tab is open (docs/product.md §7): the tab's content mounts only then.
  const list = useAdminReviews(filter, typed);
  const footer = <ListFooter list={list} label="Load more reviews" failure="Failed to load reviews" />;

  if (list.loading) return <Note>Loading reviews...</Note>;
  if (!list.first) return <Note>{footer}</Note>;
  const stats = list.first.stats;
  const shown = list.items;
  const figures = [
    ['Total reviews', String(stats.totalReviews)],
    ['Average rating', stats.totalReviews ? stats.averageRating.toFixed(1) : '—'],
    ['Verified purchases', String(stats.verifiedReviews)],
    ['Pending approval', String(stats.pendingReviews)],
  ];

  return (
    <div className="grid gap-4">
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {figures.map(([label, value]) => (
          <div key={label} className="rounded-xl border border-zinc-200 bg-white p-3">
            <dt className="text-xs font-bold uppercase tracking-wider text-zinc-500">{label}</dt>
            <dd className="text-xl font-bold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      {stats.totalReviews === 0 ? (
        <Note>No reviews yet</Note>
      ) : shown.length === 0 ? (
        <Note>No reviews match your filters</Note>
      ) : (
        <>
          <ul className="grid gap-3" aria-label="Reviews" aria-busy={list.fetching}>
            {shown.map((r) => (
              <li key={r.id}>
                <ReviewCard review={r} />
              </li>
            ))}
          </ul>
          {footer}
        </>
      )}
    </div>
  );
}

export function ReviewCard({ review: r }: { review: AdminReview }) {
  const approve = useApproveReviewMutation(r.id);
  const remove = useDeleteReviewMutation(r.id);
  const pending = approve.isPending || remove.isPending;
  // A review waiting for approval that makes a claim the FDA cited is flagged (docs/decisions/0050).
  const warning = r.isApproved ? null : claimWarning(findRegulatedClaims(`${r.title}\n${r.content}`));

  return (
    <article className="rounded-xl border border-zinc-200 bg-white p-4 sm:p-5" aria-labelledby={`review-${r.id}`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 id={`review-${r.id}`} className="font-bold">
            {r.title}
          </h3>
          <p className="text-sm text-zinc-600">
            {r.customerName || 'Name erased'} · {new Date(r.createdAt).toLocaleDateString('en-US')}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {warning ? <StatusBadge tone="bad">CLAIM TO CHECK</StatusBadge> : null}
          <StatusBadge tone={r.isApproved ? 'good' : 'waiting'}>{r.isApproved ? 'APPROVED' : 'PENDING'}</StatusBadge>
        </div>
      </div>
      <p className="mt-1 text-amber-700" role="img" aria-label={`Rated ${r.rating} out of 5`}>
        {'★'.repeat(r.rating)}
        <span className="text-zinc-300">{'★'.repeat(5 - r.rating)}</span>
      </p>
      <p className="mt-2 whitespace-pre-line text-sm">{r.content}</p>
      {warning ? (
        <p className="mt-2 rounded-md bg-red-50 px-3 py-2 text-sm font-semibold text-red-800">
          Before you approve: {warning} Approving publishes the review on the store as it is.
        </p>
      ) : null}
      <p className="mt-2 text-xs text-zinc-500">
        {r.customerEmail} · product {r.productId}
        {r.isVerified ? ' · verified purchase' : ''}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        {!r.isApproved ? (
          <Button size="sm" disabled={pending} onClick={() => approve.mutate()}>
            Approve Review
          </Button>
        ) : null}
        <Button
          size="sm"
          variant="outline"
          disabled={pending}
          onClick={() => {
            if (window.confirm(`Delete the review "${r.title}"? This cannot be undone.`)) remove.mutate();
          }}
        >
          Delete Review
        </Button>
      </div>
    </article>
  );
}
