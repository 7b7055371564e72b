// Payment id shapes, without zod so the browser can use them cheaply.

/** A payment id as the providers make them: Stripe's `pi_…`, and the test provider's in the same shape. */
export const PAYMENT_ID = /^pi_[A-Za-z0-9]{8,64}$/;

/** `<payment id>_secret_<random>`: what the checkout URL carries. */
export const CLIENT_SECRET = /^(pi_[A-Za-z0-9]{8,64})_secret_[A-Za-z0-9]{8,64}$/;

/** The payment id inside a client secret, or null when it is not one. */
export function paymentIdOfSecret(secret: string): string | null {
  return CLIENT_SECRET.exec(secret)?.[1] ?? null;
}
