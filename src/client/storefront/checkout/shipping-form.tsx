import { type FormEvent, lazy, Suspense, useEffect, useId, useState } from 'react';
import type { CheckoutSubscription, ShippingFields } from '#shared/checkout.ts';
import type { ShippingChoices } from '#shared/consent.ts';
import { REQUIRED } from '#shared/messages.ts';
import type { RESTORED_SHIPPING_KEY } from '#shared/recovery.ts';
import { ApiError, errorMessage } from '../../lib/api-client.ts';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { toast } from '../../ui/toast.tsx';

const ShippingBoxes = lazy(() => import('./shipping-boxes.tsx'));

type Values = Record<keyof ShippingFields, string>;
const REQUIRED_FIELDS = ['email', 'firstName', 'lastName', 'address', 'city', 'state', 'zip'] as const;
export const EMPTY_SHIPPING: Values = {
  email: '',
  firstName: '',
  lastName: '',
  phone: '',
  address: '',
  city: '',
  state: '',
  zip: '',
  country: 'US',
};

/**
 * Step 1. The browser only checks that required fields are filled (docs/product.md §5); every other rule is the
 * shared schema's, applied by the server, whose field errors show here.
 */
export function ShippingForm({
  initial = EMPTY_SHIPPING,
  onSave,
  subscription = null,
}: {
  initial?: Values;
  /** The checkout's subscription (docs/decisions/0052): its terms and consent box show with the others. */
  subscription?: CheckoutSubscription | null;
  onSave(values: ShippingFields, choices: ShippingChoices): Promise<void>;
}) {
  const [values, setValues] = useState<Values>(initial);
  // A reminder's link brought this checkout back (docs/decisions/0041): its kept details fill the
  // empty fields, once, after the first render (so the server's HTML and hydration agree); their
  // module loads only when they are there. The key is typed as the shared constant: importing its
  // value would add a chunk to this page's first load.
  useEffect(() => {
    try {
      const key: typeof RESTORED_SHIPPING_KEY = 'iw_restored_shipping';
      if (sessionStorage.getItem(key)) void import('./restored-shipping.ts').then((r) => r.restoreShipping(key, setValues));
    } catch {
      // storage off: nothing was kept
    }
  }, []);
  const [errors, setErrors] = useState<Partial<Record<keyof Values | 'ageConfirmed' | 'subscriptionConsent', string>>>({});
  const [saving, setSaving] = useState(false);
  const id = useId();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const missing = Object.fromEntries(REQUIRED_FIELDS.filter((f) => !values[f].trim()).map((f) => [f, REQUIRED]));
    setErrors(missing);
    if (Object.keys(missing).length > 0) {
      toast({
        title: 'Missing Information',
        description: 'Please fill in all required shipping fields.',
        variant: 'destructive',
      });
      document.getElementById(`${id}-${Object.keys(missing)[0]}`)?.focus();
      return;
    }
    setSaving(true);
    try {
      // The boxes, unticked each time the step shows: each save carries its own (docs/decisions/0048, 0049, 0051).
      const boxes = new FormData(e.target as HTMLFormElement);
      await onSave(
        { ...values, country: 'US' },
        {
          ageConfirmed: boxes.has('ageConfirmed'),
          marketingConsent: boxes.has('marketingConsent'),
          reorderReminder: boxes.has('reorderReminder'),
          ...(subscription ? { subscriptionConsent: boxes.has('subscriptionConsent') } : {}),
        },
      );
    } catch (err) {
      console.error('Saving shipping failed', err);
      if (err instanceof ApiError && err.fieldErrors) {
        setErrors(Object.fromEntries(Object.entries(err.fieldErrors).map(([k, v]) => [k, v[0] ?? REQUIRED])));
      }
      toast({
        title: 'Check your details',
        description: errorMessage(err, 'Could not save your address. Please try again.', '4xx'),
        variant: 'destructive',
      });
    } finally {
      setSaving(false);
    }
  };

  const field = (name: keyof Values, label: string, more: Partial<Parameters<typeof Field>[0]> = {}) => (
    <Field
      id={`${id}-${name}`}
      name={name}
      label={label}
      value={values[name]}
      error={errors[name]}
      onChange={(e) => setValues({ ...values, [name]: e.target.value })}
      {...more}
    />
  );

  return (
    <form noValidate onSubmit={submit} className="grid gap-5" aria-label="Shipping Information">
      {field('email', 'Email', { type: 'email', autoComplete: 'email' })}
      <div className="grid gap-5 sm:grid-cols-2">
        {field('firstName', 'First Name', { autoComplete: 'given-name' })}
        {field('lastName', 'Last Name', { autoComplete: 'family-name' })}
      </div>
      {field('phone', 'Phone', { type: 'tel', autoComplete: 'tel', optional: true })}
      {field('address', 'Address', { autoComplete: 'street-address' })}
      <div className="grid gap-5 sm:grid-cols-3">
        {field('city', 'City', { autoComplete: 'address-level2' })}
        {field('state', 'State', { autoComplete: 'address-level1' })}
        {field('zip', 'ZIP Code', { autoComplete: 'postal-code', inputMode: 'numeric' })}
      </div>
      {field('country', 'Country', { readOnly: true, autoComplete: 'country' })}
      {/* The two boxes load after the page (they are not in its first script), holding their place meanwhile. */}
      <Suspense fallback={null}>
        <ShippingBoxes
          id={id}
          ageError={errors.ageConfirmed}
          subscription={subscription}
          subscriptionError={errors.subscriptionConsent}
        />
      </Suspense>
      <Button type="submit" size="lg" variant="accent" disabled={saving}>
        {saving ? 'Saving...' : 'Continue to Payment'}
      </Button>
    </form>
  );
}
