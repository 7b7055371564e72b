/**
 * The shipping step's boxes, their words and what the store answers about them: plain text, no
 * schema, so the checkout page carries them without the shared schemas (docs/decisions/0048, 0049).
 */

/** The wording of the shipping step's consent box, recorded with the consent. */
export const MARKETING_CONSENT_TEXT = 'E-mail me news and offers';

/** The wording of the shipping step's reorder reminder box, recorded with the opt-in (docs/decisions/0051). */
export const REORDER_REMINDER_TEXT = 'Remind me when I may be running low';

/** The shipping step's age box for the store's minimum age. */
export const ageConfirmationText = (minimumAge: number) => `I confirm I am ${minimumAge} or older`;

/** What the shipping step answers when the age box was not ticked. */
export const ageRequiredMessage = (minimumAge: number) =>
  `Please confirm you are ${minimumAge} or older. You must be ${minimumAge} or older to buy from this store.`;

/** What paying answers when the saved shipping step did not confirm the age the store asks now. */
export const ageAgainMessage = (minimumAge: number) =>
  `Please go back to your shipping details and confirm you are ${minimumAge} or older.`;

/** The boxes as the shipping step sends them: both unticked unless the shopper ticks them. */
export interface ShippingChoices {
  ageConfirmed: boolean;
  marketingConsent: boolean;
  /** "Remind me when I may be running low" (docs/decisions/0051). */
  reorderReminder?: boolean;
  /** The subscription terms' box (docs/decisions/0052): required when the checkout holds a subscription line. */
  subscriptionConsent?: boolean;
}
