import { createTokenSigner, purposeToken } from '../../lib/signed-tokens.ts';

const DAY_MS = 86_400_000;

export type SubscriptionLinks = ReturnType<typeof createSubscriptionLinks>;

/**
 * The shopper's subscription page link (docs/decisions/0052), signed with the store's token secret
 * like the order page's: it names one subscription and opens only that subscription's page. Every
 * subscription e-mail carries a fresh one, valid two years; a token of another purpose opens nothing here.
 */
export function createSubscriptionLinks(secret: Buffer, publicUrl: string) {
  const page = purposeToken(createTokenSigner(secret), 'subscription', 730 * DAY_MS);
  const token = (subscriptionId: number) => page.sign({ subscriptionId });
  return {
    token,
    /** The shopper's page for a subscription. */
    link: (subscriptionId: number) => `${publicUrl}/subscriptions/${token(subscriptionId)}`,
    /** The subscription a token names; null for anything else. */
    subscriptionIdOf(t: string): number | null {
      const id = page.claimsOf(t)?.subscriptionId;
      return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : null;
    },
  };
}
