/**
 * "Report a reaction"'s fixed words and addresses (docs/decisions/0050), apart from its schema so
 * the safety page carries them without zod.
 */

/** The answer to every accepted report: what happens next. */
export const REACTION_THANKS =
  'Thank you. Your report has gone to the store owner, who reads every one. If you feel unwell, contact a doctor or call Poison Control (1-800-222-1222).';

export const REACTION_LIMITS = { whatHappened: 4000, product: 120, email: 254 } as const;

export interface ReactionReportSent {
  message: string;
}
