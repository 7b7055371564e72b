import { ORDER_LINK_INVALID } from '#shared/order-status.ts';
import { AppError } from '../../errors.ts';
import { createTokenSigner, orderIdClaim, purposeToken } from '../../lib/signed-tokens.ts';

/** How long an e-mail's link opens its order: long after any return window; past it, the lookup gives a new one. */
const LINK_TTL_MS = 2 * 365 * 86_400_000;

export type OrderLinks = ReturnType<typeof createOrderLinks>;

/**
 * The shopper's key to an order's page (docs/decisions/0038): a token signed with the store's
 * secret, naming the order and its purpose, so it cannot be made for another order nor taken from
 * a review link. No account: whoever holds the link sees the order.
 */
export function createOrderLinks(secret: Buffer, publicUrl: string) {
  const tokens = purposeToken(createTokenSigner(secret), 'order', LINK_TTL_MS);
  const token = (orderId: number) => tokens.sign({ orderId });
  return {
    token,
    /** The page's address, for e-mails. */
    link: (orderId: number) => `${publicUrl}/orders/${token(orderId)}`,
    /** The order a token opens; 404 with one message for anything else (altered, expired, another purpose). */
    orderIdOf(value: string): number {
      const orderId = orderIdClaim(tokens.claimsOf(value));
      if (orderId === null) throw new AppError('not_found', ORDER_LINK_INVALID);
      return orderId;
    },
  };
}
