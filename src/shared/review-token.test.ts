import { describe, expect, it } from 'vitest';
import { readReviewToken } from './review-token.ts';

const token = (claims: unknown) => `${Buffer.from(JSON.stringify(claims)).toString('base64url')}.signature`;

describe('readReviewToken', () => {
  it('reads the e-mail and product of a review token until it expires', () => {
    const claims = { purpose: 'review', email: 'jó@example.com', productId: 5, exp: 2_000 };
    expect(readReviewToken(token(claims), 1_000_000)).toEqual(claims);
    expect(readReviewToken(token(claims), 2_000_000)).toBeNull();
  });

  it('is null for anything else', () => {
    for (const bad of ['', 'x', '!!!.y', token({ purpose: 'other', email: 'a@b.co', productId: 5, exp: 9e9 }), token([1, 2])]) {
      expect(readReviewToken(bad)).toBeNull();
    }
  });
});
