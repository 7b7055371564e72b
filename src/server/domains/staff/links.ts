import { createHash, randomBytes } from 'node:crypto';
import { SET_PASSWORD_LINK_HOURS } from '#shared/staff.ts';
import { AppError } from '../../errors.ts';
import { createTokenSigner } from '../../lib/signed-tokens.ts';

const PURPOSE = 'set-password';
const TTL_MS = SET_PASSWORD_LINK_HOURS * 3_600_000;
export const hashNonce = (nonce: string) => createHash('sha256').update(nonce).digest('hex');

export const LINK_INVALID = 'This link is not valid. Ask the store’s owner for a new one.';
export const LINK_EXPIRED = `This link has expired (a link lasts ${SET_PASSWORD_LINK_HOURS} hours). Ask the store’s owner for a new one.`;
export const LINK_USED =
  'This link has already been used (or a newer one replaced it). Sign in with your password, or ask the store’s owner for a new link.';

/**
 * The set-password link (docs/decisions/0057): signed with the store's token secret, naming the
 * member and a random nonce whose hash the staff_invites row keeps, for 24 hours. The signature
 * stops a forged link; the row makes it work once.
 */
export function createSetPasswordLinks(secret: Buffer, publicUrl: string) {
  const signer = createTokenSigner(secret);
  return {
    /** A new link for the member, and the nonce's hash and expiry to store. */
    issue(userId: number, now = Date.now()) {
      const nonce = randomBytes(24).toString('base64url');
      const token = signer.sign({ purpose: PURPOSE, userId, nonce }, TTL_MS, now);
      return {
        url: `${publicUrl}/admin/set-password?${new URLSearchParams({ token })}`,
        nonceHash: hashNonce(nonce),
        expiresAt: new Date(now + TTL_MS),
      };
    },

    /** The member and nonce a link names; 400 with a message for a forged, other or expired link. */
    open(token: string, now = Date.now()): { userId: number; nonce: string } {
      const live = signer.verify(token, now);
      // Signed by this store but past its time: the signature holds at the epoch.
      const claims = live ?? signer.verify(token, 0);
      const userId = claims?.userId;
      const nonce = claims?.nonce;
      if (
        claims?.purpose !== PURPOSE ||
        typeof userId !== 'number' ||
        !Number.isSafeInteger(userId) ||
        typeof nonce !== 'string'
      ) {
        throw new AppError('bad_request', LINK_INVALID);
      }
      if (!live) throw new AppError('bad_request', LINK_EXPIRED);
      return { userId, nonce };
    },
  };
}
