import { z } from 'zod';

/** Subscription renewals' requests and answers (docs/decisions/0053). */

/** A subscription page token in the path; whatever does not verify gets the same 404 from the service. */
export const RenewalTokenParamsSchema = z.object({
  token: z.string().min(1, 'The link is incomplete').max(500, 'The link is too long'),
});

/** POST /api/subscriptions/:token/confirm: the renewal date the page shows, so a date changed since is not confirmed blindly. */
export const ConfirmRenewalBodySchema = z
  .strictObject({
    for: z.iso.datetime({ offset: true, message: 'The date is not a valid time' }).optional(),
  })
  .nullish();

/** POST /api/subscriptions/:token/confirm's answer. */
export interface RenewalConfirmed {
  /** The renewal confirmed: charged and shipped on this date. */
  confirmedFor: string;
  nextRenewalAt: string;
}

/** POST /api/admin/subscriptions/:id/renew's answer: the renewal order made and paid. */
export interface RenewalMade {
  orderId: number;
  total: string;
  /** The renewal after this one. */
  nextRenewalAt: string;
}
