/** Units held in shoppers' open checkouts, as the store words them. Isomorphic. */

/** Whole minutes from `now` until `at`, at least 1. */
export function minutesUntil(at: Date, now = Date.now()): number {
  return Math.max(1, Math.ceil((at.getTime() - now) / 60_000));
}

/**
 * "3 more are in other shoppers' checkouts: back within 12 minutes if not bought." Relative
 * minutes, so a server message needs no time zone.
 */
export function heldInOthers(held: { units: number; backBy: Date }, now = Date.now()): string {
  const minutes = minutesUntil(held.backBy, now);
  const verb = held.units === 1 ? 'is' : 'are';
  return `${held.units} more ${verb} in other shoppers' checkouts: back within ${minutes} minute${minutes === 1 ? '' : 's'} if not bought.`;
}
