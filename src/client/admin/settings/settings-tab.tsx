import { type FormEvent, useId, useState } from 'react';
import {
  REMINDER_DELAY_MAX_HOURS,
  REMINDER_DELAY_MIN_HOURS,
  REORDER_REMINDER_MAX_DAYS,
  REORDER_REMINDER_MIN_DAYS,
  type StoreSettings,
  type StoreSettingsBody,
  StoreSettingsBodySchema,
} from '#shared/settings.ts';
import { Button } from '../../ui/button.tsx';
import { AdminField } from '../lib/admin-field.tsx';
import { type FieldErrors, focusFirst, issueErrors, serverErrors } from '../lib/form-errors.ts';
import { Note } from '../lib/note.tsx';
import { useSettings } from './api/get-settings.ts';
import { useSaveSettingsMutation } from './api/save-settings.ts';
import { WebhooksSection } from '../webhooks/webhooks-section.tsx';

/** The form's fields, named as the shared schema's, each as typed. */
const FIELDS = [
  'shippingRate',
  'freeShippingOver',
  'supportEmail',
  'supportPhone',
  'ownerEmail',
  'postalAddress',
  'reminderDelayHours',
  'minimumAge',
  'reorderReminderDays',
] as const;
type Form = Record<(typeof FIELDS)[number], string>;

const toForm = (s: StoreSettings): Form => ({
  shippingRate: s.shippingRate,
  freeShippingOver: s.freeShippingOver ?? '',
  supportEmail: s.supportEmail,
  supportPhone: s.supportPhone,
  ownerEmail: s.ownerEmail ?? '',
  postalAddress: s.postalAddress ?? '',
  reminderDelayHours: s.reminderDelayHours === null ? '' : String(s.reminderDelayHours),
  minimumAge: s.minimumAge === null ? '' : String(s.minimumAge),
  reorderReminderDays: s.reorderReminderDays === null ? '' : String(s.reorderReminderDays),
});

/** The form as the server takes it: an empty optional field is "none". */
const toBody = (f: Form, hazmatToRemoteStates: boolean, requireSecondFactor: boolean): StoreSettingsBody => ({
  shippingRate: f.shippingRate,
  freeShippingOver: f.freeShippingOver.trim() === '' ? null : f.freeShippingOver,
  supportEmail: f.supportEmail,
  supportPhone: f.supportPhone,
  ownerEmail: f.ownerEmail.trim() === '' ? null : f.ownerEmail,
  postalAddress: f.postalAddress.trim() === '' ? null : f.postalAddress,
  reminderDelayHours: f.reminderDelayHours === '' ? null : Number(f.reminderDelayHours),
  hazmatToRemoteStates,
  minimumAge: f.minimumAge === '21' ? 21 : f.minimumAge === '18' ? 18 : null,
  // Not a number ("abc", "7.5") is sent as typed, so the schema names it.
  reorderReminderDays: f.reorderReminderDays.trim() === '' ? null : Number(f.reorderReminderDays.trim()),
  requireSecondFactor,
});

const HOURS = Array.from(
  { length: REMINDER_DELAY_MAX_HOURS - REMINDER_DELAY_MIN_HOURS + 1 },
  (_, i) => i + REMINDER_DELAY_MIN_HOURS,
);

type TextName = Exclude<keyof Form, 'reminderDelayHours' | 'minimumAge' | 'reorderReminderDays'>;
/** The text fields: label, input type, hint, placeholder; the two amounts are typed as decimals. */
const TEXT: Record<TextName, { label: string; type: string; hint: string; placeholder?: string; optional?: true }> = {
  shippingRate: { label: 'Shipping rate ($)', type: 'text', hint: 'What every order pays for shipping', placeholder: '3.91' },
  freeShippingOver: {
    label: 'Free shipping over ($)',
    type: 'text',
    hint: 'Orders whose subtotal after discounts reaches this ship free. Leave empty for no free shipping.',
    placeholder: '50.00',
    optional: true,
  },
  supportEmail: { label: 'Support e-mail', type: 'email', hint: 'Shown in the shop, the footer and every e-mail' },
  supportPhone: { label: 'Support phone', type: 'tel', hint: 'Shown in the footer and the e-mails' },
  ownerEmail: {
    label: 'Alerts go to',
    type: 'email',
    hint: 'Low stock and return requests. Leave empty for no alerts.',
    optional: true,
  },
  postalAddress: {
    label: 'Postal address for e-mails',
    type: 'text',
    hint: 'Printed under the reminder e-mails: US law (CAN-SPAM) asks marketing e-mail to carry a street address or PO box.',
    placeholder: '12 Iron Way, Columbus, OH 43004',
    optional: true,
  },
};

function SettingsForm({ settings }: { settings: StoreSettings }) {
  const id = useId();
  const [form, setForm] = useState<Form>(() => toForm(settings));
  const [remote, setRemote] = useState(settings.hazmatToRemoteStates);
  const [secondFactor, setSecondFactor] = useState(settings.requireSecondFactor);
  const [errors, setErrors] = useState<FieldErrors<keyof Form>>({});
  const save = useSaveSettingsMutation();
  const set = (name: keyof Form) => (e: { target: { value: string } }) => setForm({ ...form, [name]: e.target.value });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = StoreSettingsBodySchema.safeParse(toBody(form, remote, secondFactor));
    if (!parsed.success) {
      const found = issueErrors(FIELDS, parsed.error.issues);
      setErrors(found);
      focusFirst(id, found);
      return;
    }
    setErrors({});
    // The toast says the save failed (the call's own); the server's word on each field goes beside it.
    save.mutate(toBody(form, remote, secondFactor), { onError: (err) => setErrors(serverErrors(FIELDS, err)) });
  };

  const text = (name: TextName) => {
    const f = TEXT[name];
    return (
      <AdminField
        id={`${id}-${name}`}
        name={name}
        label={f.label}
        required={!f.optional}
        optional={f.optional}
        hint={f.hint}
        error={errors[name]}
        type={f.type}
        inputMode={name === 'shippingRate' || name === 'freeShippingOver' ? 'decimal' : undefined}
        placeholder={f.placeholder}
        value={form[name]}
        onChange={set(name)}
      />
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Store settings" className="grid gap-6">
      <section className="grid gap-4 rounded-xl border border-zinc-200 bg-white p-5 sm:grid-cols-2">
        <h2 className="text-lg font-bold sm:col-span-2">Shipping</h2>
        {text('shippingRate')}
        {text('freeShippingOver')}
        <div className="grid gap-1 sm:col-span-2">
          <label className="flex items-center gap-2 text-sm font-bold">
            <input
              type="checkbox"
              name="hazmatToRemoteStates"
              aria-describedby={`${id}-remote-hint`}
              className="size-5 accent-zinc-900"
              checked={remote}
              onChange={(e) => setRemote(e.target.checked)}
            />
            Ship ground-only products to Alaska, Hawaii and the US territories
          </label>
          <p id={`${id}-remote-hint`} className="text-sm text-zinc-500">
            Limited-quantity products (the smelling salts) go by ground only: to these places that means weeks by sea, and not
            every carrier takes them. Military addresses (APO, FPO, DPO) are always refused.
          </p>
        </div>
      </section>
      <section className="grid gap-2 rounded-xl border border-zinc-200 bg-white p-5">
        <h2 className="text-lg font-bold">Admin sign-in</h2>
        <label className="flex items-center gap-2 text-sm font-bold">
          <input
            type="checkbox"
            name="requireSecondFactor"
            aria-describedby={`${id}-second-factor-hint`}
            className="size-5 accent-zinc-900"
            checked={secondFactor}
            onChange={(e) => setSecondFactor(e.target.checked)}
          />
          Require a second factor for every admin
        </label>
        <p id={`${id}-second-factor-hint`} className="text-sm text-zinc-500">
          A passkey or an authenticator app, as well as the password. An admin without one can only set one up under Your account
          before using the dashboard, you included.
        </p>
      </section>
      <section className="grid gap-4 rounded-xl border border-zinc-200 bg-white p-5 sm:grid-cols-2">
        <h2 className="text-lg font-bold sm:col-span-2">Contacts</h2>
        {text('supportEmail')}
        {text('supportPhone')}
        {text('ownerEmail')}
        {text('postalAddress')}
      </section>
      <section className="grid gap-4 rounded-xl border border-zinc-200 bg-white p-5 sm:grid-cols-2">
        <h2 className="text-lg font-bold sm:col-span-2">Abandoned checkouts</h2>
        <AdminField
          id={`${id}-reminderDelayHours`}
          label="Remind shoppers who left at the payment step"
          hint="One e-mail, with a link that brings their cart back and a way to unsubscribe; never once they paid."
          error={errors.reminderDelayHours}
        >
          {(control) => (
            <select {...control} name="reminderDelayHours" value={form.reminderDelayHours} onChange={set('reminderDelayHours')}>
              <option value="">Off</option>
              {HOURS.map((h) => (
                <option key={h} value={String(h)}>
                  {h === 1 ? 'After 1 hour' : `After ${h} hours`}
                </option>
              ))}
            </select>
          )}
        </AdminField>
      </section>
      <section className="grid gap-4 rounded-xl border border-zinc-200 bg-white p-5 sm:grid-cols-2">
        <h2 className="text-lg font-bold sm:col-span-2">Reorder reminders</h2>
        <AdminField
          id={`${id}-reorderReminderDays`}
          name="reorderReminderDays"
          label="Days one bottle lasts"
          optional
          hint={`Shoppers who ticked “Remind me when I may be running low” get one e-mail this many days per bottle after delivery (a 3-pack: three times as long). ${REORDER_REMINDER_MIN_DAYS} to ${REORDER_REMINDER_MAX_DAYS}; leave empty to turn them off.`}
          error={errors.reorderReminderDays}
          type="text"
          inputMode="numeric"
          placeholder="21"
          value={form.reorderReminderDays}
          onChange={set('reorderReminderDays')}
        />
      </section>
      <section className="grid gap-4 rounded-xl border border-zinc-200 bg-white p-5 sm:grid-cols-2">
        <h2 className="text-lg font-bold sm:col-span-2">Age at checkout</h2>
        <AdminField
          id={`${id}-minimumAge`}
          label="Buyers confirm they are"
          hint="A box at the shipping step that buyers must tick; the Terms and the product pages say the same age."
          error={errors.minimumAge}
        >
          {(control) => (
            <select {...control} name="minimumAge" value={form.minimumAge} onChange={set('minimumAge')}>
              <option value="18">18 or older</option>
              <option value="21">21 or older</option>
              <option value="">Off (no age asked)</option>
            </select>
          )}
        </AdminField>
      </section>
      <div className="flex flex-wrap items-center justify-end gap-3">
        {settings.updatedBy ? (
          <p className="text-sm text-zinc-500">
            Last saved by {settings.updatedBy}, {new Date(settings.updatedAt).toLocaleString('en-US')}
          </p>
        ) : null}
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save Settings'}
        </Button>
      </div>
    </form>
  );
}

/** The Settings tab (docs/product.md §2): the shipping offer, the store's contacts, the checkout and reorder reminders, the buyers' age, and the webhooks. */
export function SettingsTab() {
  const settings = useSettings();
  if (settings.isPending) return <Note>Loading settings...</Note>;
  if (settings.isError)
    return (
      <Note>
        <span className="text-red-700">Failed to load settings</span>
      </Note>
    );
  return (
    <>
      <SettingsForm key={settings.data.updatedAt} settings={settings.data} />
      <WebhooksSection />
    </>
  );
}
