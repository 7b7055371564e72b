import { ApiError } from '../../../lib/api-client.ts';

/**
 * The text of a failed cart change: the server's own reason when it is about stock (409, e.g.
 * "Only 4 left in stock"), which the shopper can act on; otherwise the SPEC §8 text.
 */
export function cartErrorText(err: unknown, fallback: string): string {
  return err instanceof ApiError && err.status === 409 && err.serverMessage ? err.serverMessage : fallback;
}
