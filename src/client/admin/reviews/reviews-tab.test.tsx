// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AdminReview } from '#shared/review-types.ts';
import { makeAdminQueryClient } from '../session/admin-query-client.ts';
import { ReviewCard } from './reviews-tab.tsx';

afterEach(cleanup);

const review = (over: Partial<AdminReview>): AdminReview => ({
  id: 1,
  productId: 5,
  customerName: 'Dana',
  customerEmail: 'dana@example.com',
  isVerified: true,
  isApproved: false,
  rating: 5,
  title: 'Great bottle',
  content: 'Strong smell, lasts for weeks.',
  createdAt: '2026-11-20T10:00:00.000Z',
  ...over,
});

const show = (r: AdminReview) =>
  render(
    <QueryClientProvider client={makeAdminQueryClient(() => {})}>
      <ReviewCard review={r} />
    </QueryClientProvider>,
  );

describe('a review awaiting approval', () => {
  it('is flagged when it makes a claim the FDA cited, in its title or its text', () => {
    show(review({ title: 'Boosts energy!', content: 'Also improves athletic performance.' }));
    expect(screen.getByText('CLAIM TO CHECK')).toBeTruthy();
    const note = screen.getByText(/^Before you approve:/);
    expect(note.textContent).toContain('“Boosts energy”');
    expect(note.textContent).toContain('“improves athletic performance”');
    expect(screen.getByRole('button', { name: 'Approve Review' })).toBeTruthy();
  });

  it('is not flagged when it only reports how it felt', () => {
    show(review({ content: 'I feel sharp for a few seconds; no evidence it improves my lifts, but I like the ritual.' }));
    expect(screen.queryByText('CLAIM TO CHECK')).toBeNull();
  });

  it('is not flagged once approved: the owner has decided', () => {
    show(review({ isApproved: true, title: 'Boosts energy!' }));
    expect(screen.queryByText('CLAIM TO CHECK')).toBeNull();
  });
});
