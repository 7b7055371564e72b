import { AppError } from '../../errors.ts';
import { createTokenSigner } from '../../lib/signed-tokens.ts';
import { RESTORE_LINK_INVALID, UNSUBSCRIBE_LINK_INVALID } from '#shared/recovery.ts';

const DAY_MS = 86_400_000;
/** A reminder's "Complete your order" link works for 14 days (docs/decisions/0041). */
export const RESTORE_TTL_MS = 14 * DAY_MS;
/** Its unsubscribe link, for a year: long after anyone reads the e-mail. */
export const UNSUBSCRIBE_TTL_MS = 365 * DAY_MS;

export type RecoveryLinks = ReturnType<typeof createRecoveryLinks>;

/**
 * The reminder's two links, signed with the store's token secret like the order page's (ADR 0038):
 * `restore` names a checkout and can only bring its lines and shipping details back;
 * `unsubscribe` names a lower-cased address and can only stop the reminders to it. A token of one
 * purpose opens nothing of the other, nor an order page.
 */
export function createRecoveryLinks(secret: Buffer, publicUrl: string) {
  const signer = createTokenSigner(secret);
  const restoreToken = (orderId: number) => signer.sign({ purpose: 'restore', orderId }, RESTORE_TTL_MS);
  const unsubscribeToken = (email: string) =>
    signer.sign({ purpose: 'unsubscribe', email: email.toLowerCase() }, UNSUBSCRIBE_TTL_MS);
  return {
    restoreToken,
    unsubscribeToken,
    /** The page that brings the checkout back. */
    restoreLink: (orderId: number) => `${publicUrl}/recover/${restoreToken(orderId)}`,
    /** The page with the Unsubscribe button (a GET never unsubscribes: mail scanners follow links). */
    unsubscribeLink: (email: string) => `${publicUrl}/unsubscribe/${unsubscribeToken(email)}`,
    /** Where RFC 8058's one-click POST goes (the List-Unsubscribe header's address). */
    oneClickLink: (email: string) => `${publicUrl}/api/unsubscribe/${unsubscribeToken(email)}`,

    /** The checkout a restore token names; 404 with one message for anything else. */
    orderIdOf(token: string): number {
      const claims = signer.verify(token);
      const orderId = claims?.orderId;
      if (claims?.purpose !== 'restore' || typeof orderId !== 'number' || !Number.isSafeInteger(orderId) || orderId <= 0) {
        throw new AppError('not_found', RESTORE_LINK_INVALID);
      }
      return orderId;
    },

    /** The address an unsubscribe token names; 404 with one message for anything else. */
    emailOf(token: string): string {
      const claims = signer.verify(token);
      const email = claims?.email;
      if (claims?.purpose !== 'unsubscribe' || typeof email !== 'string' || !email.includes('@') || email.length > 254) {
        throw new AppError('not_found', UNSUBSCRIBE_LINK_INVALID);
      }
      return email.toLowerCase();
    },
  };
}
