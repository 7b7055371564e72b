import { AppError } from '../../errors.ts';
import { createTokenSigner, orderIdClaim, purposeToken } from '../../lib/signed-tokens.ts';
import { REORDER_LINK_INVALID } from '#shared/reorders.ts';

const DAY_MS = 86_400_000;
/** How long a Reorder link opens: a bottle's worth of a late read, and then some. */
export const REORDER_LINK_DAYS = 60;

export type ReorderLinks = ReturnType<typeof createReorderLinks>;

/**
 * The reminder's Reorder link, signed with the store's token secret like the order page's (ADR
 * 0038): it names a paid order and can only put that order's products in a cart at today's prices,
 * with its shipping details for the form (60 days). Its purpose is its own: a restore, unsubscribe
 * or order page token opens nothing here, nor this one there.
 */
export function createReorderLinks(secret: Buffer, publicUrl: string) {
  const reorder = purposeToken(createTokenSigner(secret), 'reorder', REORDER_LINK_DAYS * DAY_MS);
  const reorderToken = (orderId: number) => reorder.sign({ orderId });
  return {
    reorderToken,
    /** The page that fills the cart. */
    reorderLink: (orderId: number) => `${publicUrl}/reorder/${reorderToken(orderId)}`,
    /** The order a reorder token names; 404 with one message for anything else. */
    orderIdOf(token: string): number {
      const orderId = orderIdClaim(reorder.claimsOf(token));
      if (orderId === null) throw new AppError('not_found', REORDER_LINK_INVALID);
      return orderId;
    },
  };
}
