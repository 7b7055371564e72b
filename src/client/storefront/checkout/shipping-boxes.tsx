import { ageConfirmationText, MARKETING_CONSENT_TEXT, REORDER_REMINDER_TEXT } from '#shared/consent.ts';
import type { CheckoutSubscription } from '#shared/checkout.ts';
import { subscriptionLineNote } from '#shared/subscribe-terms.ts';
import { usePublicConfig } from '../../lib/public-config.tsx';

/**
 * The shipping step's boxes, unticked until the shopper ticks them: the store's age, when it asks
 * one (docs/decisions/0048), "E-mail me news and offers" (docs/decisions/0049) and "Remind me when
 * I may be running low" (docs/decisions/0051). The form reads
 * them by name when it is sent.
 */
export default function ShippingBoxes({
  id,
  ageError,
  subscription = null,
  subscriptionError,
}: {
  id: string;
  ageError: string | undefined;
  /** The checkout's subscription: its terms, and the box agreeing to them (docs/decisions/0052). */
  subscription?: CheckoutSubscription | null;
  subscriptionError?: string | undefined;
}) {
  const { minimumAge } = usePublicConfig();
  return (
    <>
      {subscription ? (
        <section
          aria-labelledby={`${id}-subscription-title`}
          className="grid gap-3 rounded-lg border border-amber bg-sand p-4"
          data-testid="subscription-terms"
        >
          <h3 id={`${id}-subscription-title`} className="font-bold">
            Your subscription: {subscriptionLineNote(subscription.intervalWeeks, subscription.discountPercent ?? 0).toLowerCase()}
          </h3>
          <p id={`${id}-subscription-terms`} className="text-sm text-ink-soft">
            {subscription.terms}
          </p>
          <Box id={`${id}-subscriptionConsent`} name="subscriptionConsent" error={subscriptionError}>
            {subscription.consentLabel}
          </Box>
        </section>
      ) : null}
      {minimumAge !== null ? (
        <Box id={`${id}-ageConfirmed`} name="ageConfirmed" error={ageError}>
          {ageConfirmationText(minimumAge)}
        </Box>
      ) : null}
      <Box id={`${id}-marketingConsent`} name="marketingConsent">
        {MARKETING_CONSENT_TEXT}
      </Box>
      <Box id={`${id}-reorderReminder`} name="reorderReminder">
        {REORDER_REMINDER_TEXT}
      </Box>
    </>
  );
}

/** A box with its label beside it and its error below, linked for screen readers. */
function Box({ id, name, error, children }: { id: string; name: string; error?: string | undefined; children: string }) {
  return (
    <div>
      <label className="flex items-start gap-3 font-semibold">
        <input
          id={id}
          name={name}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="mt-0.5 h-5 w-5 shrink-0 accent-amber-deep"
        />
        {children}
      </label>
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-semibold text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
