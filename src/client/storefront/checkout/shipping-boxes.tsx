import { ageConfirmationText, MARKETING_CONSENT_TEXT, REORDER_REMINDER_TEXT } from '#shared/consent.ts';
import { usePublicConfig } from '../../lib/public-config.tsx';

/**
 * The shipping step's boxes, unticked until the shopper ticks them: the store's age, when it asks
 * one (docs/decisions/0048), "E-mail me news and offers" (docs/decisions/0049) and "Remind me when
 * I may be running low" (docs/decisions/0051). The form reads
 * them by name when it is sent.
 */
export default function ShippingBoxes({ id, ageError }: { id: string; ageError: string | undefined }) {
  const { minimumAge } = usePublicConfig();
  return (
    <>
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
