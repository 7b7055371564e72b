import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { Database } from '#db/client.ts';
import { AppError } from '../../errors.ts';
import type { Outbox } from '../../lib/mail-outbox.ts';
import { throttle } from '../../lib/rate-buckets.ts';
import { reviewCodeMail } from './emails/review-code.tsx';
import type { ReviewLinks } from './links.ts';
import * as repo from './verification-repo.ts';

/**
 * Proof that a shopper controls an e-mail address, before the store says anything about what it
 * bought (docs/decisions/0021): a 6-digit code e-mailed to the address (15 minutes, 5 tries, kept
 * as an HMAC), then a signed token bound to the address and the product that POST /api/reviews
 * requires. The shipped e-mail carries the same kind of token, valid 60 days, in its review links.
 */
export const CODE_MINUTES = 15;
export const CODE_ATTEMPTS = 5;
const HOUR = 3_600_000;

export const CODE_WRONG = 'That code is not right. Check the e-mail we sent you and try again.';
export const CODE_USED_UP = 'That code is not right, and it can no longer be used. Please request a new code.';
export const CODE_GONE = 'This code has expired or was replaced by a newer one. Please request a new code.';
export const TOKEN_REFUSED = 'Your purchase verification has expired. Please verify your purchase again.';

export interface VerificationDeps {
  db: Database;
  outbox: Outbox;
  /** The store's signing secret (lib/server-secrets.ts). */
  secret: Buffer;
  /** The review tokens and links (links.ts). */
  links: ReviewLinks;
  store: { publicUrl: string; supportEmail: string };
  limits: { codesPerEmailPerHour: number; codesPerIpPerHour: number };
}

export function createReviewVerification(d: VerificationDeps) {
  const { db } = d;
  const normal = (email: string) => email.trim().toLowerCase();
  const hashCode = (email: string, productId: number, code: string) =>
    createHmac('sha256', d.secret).update(`review-code\n${email}\n${productId}\n${code}`).digest();

  return {
    /**
     * E-mails a new code to the address, whoever owns it and whatever it bought: the caller learns
     * nothing but that a code was sent. Limited per address and per client address.
     */
    async sendCode(email: string, product: { id: number; name: string }, network: string): Promise<void> {
      const message = 'Too many verification codes requested.';
      await throttle(db, [`review-codes:ip:${network}`], d.limits.codesPerIpPerHour, HOUR, message);
      await throttle(db, [`review-codes:email:${normal(email)}`], d.limits.codesPerEmailPerHour, HOUR, message);
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const mail = await reviewCodeMail(email.trim(), code, product.name, CODE_MINUTES, d.store);
      await db.transaction(async (tx) => {
        const row = await repo.insertReplacing(tx, {
          email: normal(email),
          productId: product.id,
          codeHash: hashCode(normal(email), product.id, code).toString('hex'),
          minutes: CODE_MINUTES,
        });
        await d.outbox.enqueue(tx, {
          key: `review-code:${row.id}`,
          kind: 'review_code',
          expiresAt: row.expiresAt,
          ...mail,
        });
      });
      d.outbox.deliverSoon();
    },

    /** Checks a code (each try counted); throws 400 unless it is the address's current, right code. */
    async checkCode(email: string, productId: number, code: string): Promise<void> {
      const tried = await repo.countAttempt(db, normal(email), productId, CODE_ATTEMPTS);
      if (!tried) throw new AppError('bad_request', CODE_GONE);
      const right = timingSafeEqual(Buffer.from(tried.codeHash, 'hex'), hashCode(normal(email), productId, code));
      if (!right) throw new AppError('bad_request', tried.attempts >= CODE_ATTEMPTS ? CODE_USED_UP : CODE_WRONG);
      if (!(await repo.consume(db, tried.id))) throw new AppError('bad_request', CODE_GONE);
    },

    verifiedToken: d.links.verifiedToken,
    reviewLink: d.links.reviewLink,
    tokenAllows: d.links.tokenAllows,

    sweep: () => repo.deleteExpired(db),
  };
}
