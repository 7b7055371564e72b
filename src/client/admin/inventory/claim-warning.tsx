import { claimWarning, findRegulatedClaims } from '#shared/regulated-claims.ts';

/**
 * A warning, not a block, while the description makes a claim the FDA cited (docs/decisions/0050):
 * the owner decides; the store's own copy is checked by its tests.
 */
export function ClaimWarning({ text }: { text: string }) {
  const warning = claimWarning(findRegulatedClaims(text));
  return warning ? (
    <span role="status" className="block rounded-md bg-amber-50 px-2 py-1.5 text-sm font-semibold text-amber-900">
      Check this wording: {warning}
    </span>
  ) : null;
}
