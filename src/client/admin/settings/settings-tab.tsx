import { type FormEvent, useId, useState } from 'react';
import {
  REMINDER_DELAY_MAX_HOURS,
  REMINDER_DELAY_MIN_HOURS,
  type StoreSettings,
  type StoreSettingsBody,
  StoreSettingsBodySchema,
} from '#shared/settings.ts';
import { Button } from '../../ui/button.tsx';
import { useSettings } from './api/get-settings.ts';
import { useSaveSettingsMutation } from './api/save-settings.ts';

type Form = Record<
  'shippingRate' | 'freeShippingOver' | 'supportEmail' | 'supportPhone' | 'ownerEmail' | 'reminderDelay',
  string
>;

const toForm = (s: StoreSettings): Form => ({
  shippingRate: s.shippingRate,
  freeShippingOver: s.freeShippingOver ?? '',
  supportEmail: s.supportEmail,
  supportPhone: s.supportPhone,
  ownerEmail: s.ownerEmail ?? '',
  reminderDelay: s.reminderDelayHours === null ? '' : String(s.reminderDelayHours),
});

/** The form as the server takes it: an empty optional field is "none". */
const toBody = (f: Form): StoreSettingsBody => ({
  shippingRate: f.shippingRate,
  freeShippingOver: f.freeShippingOver.trim() === '' ? null : f.freeShippingOver,
  supportEmail: f.supportEmail,
  supportPhone: f.supportPhone,
  ownerEmail: f.ownerEmail.trim() === '' ? null : f.ownerEmail,
  reminderDelayHours: f.reminderDelay === '' ? null : Number(f.reminderDelay),
});

const HOURS = Array.from(
  { length: REMINDER_DELAY_MAX_HOURS - REMINDER_DELAY_MIN_HOURS + 1 },
  (_, i) => i + REMINDER_DELAY_MIN_HOURS,
);
const inputClass = 'mt-1 w-full rounded-md border border-zinc-300 bg-white px-3 py-2 aria-[invalid=true]:border-red-700';

function Field(p: {
  id: string;
  name: keyof Form;
  label: string;
  hint?: string;
  error?: string;
  children: (props: { id: string; 'aria-describedby'?: string; 'aria-invalid'?: boolean }) => React.ReactNode;
}) {
  const described = [p.hint ? `${p.id}-hint` : '', p.error ? `${p.id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div>
      <label htmlFor={p.id} className="text-sm font-bold">
        {p.label}
      </label>
      {p.children({ id: p.id, 'aria-describedby': described || undefined, 'aria-invalid': p.error ? true : undefined })}
      {p.hint ? (
        <p id={`${p.id}-hint`} className="mt-1 text-xs text-zinc-500">
          {p.hint}
        </p>
      ) : null}
      {p.error ? (
        <p id={`${p.id}-error`} className="mt-1 text-sm font-semibold text-red-700">
          {p.error}
        </p>
      ) : null}
    </div>
  );
}

function SettingsForm({ settings }: { settings: StoreSettings }) {
  const id = useId();
  const [form, setForm] = useState<Form>(() => toForm(settings));
  const [errors, setErrors] = useState<Partial<Record<keyof Form, string>>>({});
  const save = useSaveSettingsMutation();
  const set = (name: keyof Form) => (e: { target: { value: string } }) => setForm({ ...form, [name]: e.target.value });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = StoreSettingsBodySchema.safeParse(toBody(form));
    if (!parsed.success) {
      const found: Partial<Record<keyof Form, string>> = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] === 'reminderDelayHours' ? 'reminderDelay' : (issue.path[0] as keyof Form);
        found[key] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    save.mutate(toBody(form));
  };

  const text = (name: keyof Form, label: string, type = 'text', hint?: string, placeholder?: string) => (
    <Field id={`${id}-${name}`} name={name} label={label} hint={hint} error={errors[name]}>
      {(props) => (
        <input
          {...props}
          name={name}
          type={type}
          inputMode={type === 'text' && /Rate|Over/.test(name) ? 'decimal' : undefined}
          placeholder={placeholder}
          value={form[name]}
          onChange={set(name)}
          className={inputClass}
        />
      )}
    </Field>
  );

  return (
    <form onSubmit={submit} noValidate aria-label="Store settings" className="grid gap-6">
      <section className="grid gap-4 rounded-xl border border-zinc-200 bg-white p-5 sm:grid-cols-2">
        <h2 className="text-lg font-bold sm:col-span-2">Shipping</h2>
        {text('shippingRate', 'Shipping rate ($)', 'text', 'What every order pays for shipping', '3.91')}
        {text(
          'freeShippingOver',
          'Free shipping over ($)',
          'text',
          'Orders whose subtotal after discounts reaches this ship free. Leave empty for no free shipping.',
          '50.00',
        )}
      </section>
      <section className="grid gap-4 rounded-xl border border-zinc-200 bg-white p-5 sm:grid-cols-2">
        <h2 className="text-lg font-bold sm:col-span-2">Contacts</h2>
        {text('supportEmail', 'Support e-mail', 'email', 'Shown in the shop, the footer and every e-mail')}
        {text('supportPhone', 'Support phone', 'tel', 'Shown in the footer and the e-mails')}
        {text('ownerEmail', 'Alerts go to', 'email', 'Low stock and return requests. Leave empty for no alerts.')}
      </section>
      <section className="grid gap-4 rounded-xl border border-zinc-200 bg-white p-5 sm:grid-cols-2">
        <h2 className="text-lg font-bold sm:col-span-2">Abandoned checkouts</h2>
        <Field
          id={`${id}-reminderDelay`}
          name="reminderDelay"
          label="Remind shoppers who left at the payment step"
          hint="One e-mail, with a link that brings their cart back and a way to unsubscribe; never once they paid."
          error={errors.reminderDelay}
        >
          {(props) => (
            <select
              {...props}
              name="reminderDelay"
              value={form.reminderDelay}
              onChange={set('reminderDelay')}
              className={inputClass}
            >
              <option value="">Off</option>
              {HOURS.map((h) => (
                <option key={h} value={String(h)}>
                  {h === 1 ? 'After 1 hour' : `After ${h} hours`}
                </option>
              ))}
            </select>
          )}
        </Field>
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

/** The Settings tab (docs/product.md §2): the shipping offer, the store's contacts and the checkout reminders. */
export function SettingsTab() {
  const settings = useSettings();
  if (settings.isPending)
    return <p className="rounded-xl border border-zinc-200 bg-white p-10 text-center">Loading settings...</p>;
  if (settings.isError)
    return <p className="rounded-xl border border-zinc-200 bg-white p-10 text-center text-red-700">Failed to load settings</p>;
  return <SettingsForm key={settings.data.updatedAt} settings={settings.data} />;
}
