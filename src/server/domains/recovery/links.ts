import { AppError } from '../../errors.ts';
import { createTokenSigner, orderIdClaim, purposeToken } from '../../lib/signed-tokens.ts';
import { RESTORE_LINK_INVALID, UNSUBSCRIBE_LINK_INVALID } from '#shared/recovery.ts';

const DAY_MS = 86_400_000;

export type RecoveryLinks = ReturnType<typeof createRecoveryLinks>;

/**
 * The reminder's two links, signed with the store's token secret like the order page's (ADR 0038):
 * `restore` names a checkout and can only bring its lines and shipping details back (14 days);
 * `unsubscribe` names a lower-cased address and can only stop the reminders to it (a year: long
 * after anyone reads the e-mail). A token of one purpose opens nothing of the other, nor an order page.
 */
export function createRecoveryLinks(secret: Buffer, publicUrl: string) {
  const signer = createTokenSigner(secret);
  const restore = purposeToken(signer, 'restore', 14 * DAY_MS);
  const unsubscribe = purposeToken(signer, 'unsubscribe', 365 * DAY_MS);
  const restoreToken = (orderId: number) => restore.sign({ orderId });
  const unsubscribeToken = (email: string) => unsubscribe.sign({ email: email.toLowerCase() });
  return {
    restoreToken,
    unsubscribeToken,
    /** The page that brings the checkout back. */
    restoreLink: (orderId: number) => `${publicUrl}/recover/${restoreToken(orderId)}`,
    /**
     * The page with the Unsubscribe button: a GET never unsubscribes (mail scanners follow links);
     * it is also the List-Unsubscribe header's address, whose RFC 8058 one-click POST it takes.
     */
    unsubscribeLink: (email: string) => `${publicUrl}/unsubscribe/${unsubscribeToken(email)}`,

    /** The checkout a restore token names; 404 with one message for anything else. */
    orderIdOf(token: string): number {
      const orderId = orderIdClaim(restore.claimsOf(token));
      if (orderId === null) throw new AppError('not_found', RESTORE_LINK_INVALID);
      return orderId;
    },

    /** The address an unsubscribe token names; 404 with one message for anything else. */
    emailOf(token: string): string {
      const email = unsubscribe.claimsOf(token)?.email;
      if (typeof email !== 'string' || !email.includes('@') || email.length > 254) {
        throw new AppError('not_found', UNSUBSCRIBE_LINK_INVALID);
      }
      return email.toLowerCase();
    },
  };
}
