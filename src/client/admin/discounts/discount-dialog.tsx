import { Dialog } from 'radix-ui';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import type { AdminDiscount, DiscountKind } from '#shared/discounts.ts';
import { type DiscountBody, DiscountBodySchema } from '#shared/discounts-schemas.ts';
import { ApiError, errorMessage } from '../../lib/api-client.ts';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { AdminDialog } from '../lib/admin-dialog.tsx';
import { useSaveDiscountMutation } from './api/save-discount.ts';
import { ProductScope, radioCard } from './product-scope.tsx';

type Form = {
  code: string;
  kind: DiscountKind;
  value: string;
  minSubtotal: string;
  startsOn: string;
  endsOn: string;
  usageLimit: string;
  oncePerEmail: boolean;
  /** null: every product. */
  productIds: number[] | null;
  active: boolean;
};
type Errors = Partial<Record<keyof Form, string>>;

const toForm = (d: AdminDiscount | null): Form => ({
  code: d?.code ?? '',
  kind: d?.kind ?? 'percent',
  value: d?.value ?? '',
  minSubtotal: d?.minSubtotal ?? '',
  startsOn: d?.startsOn ?? '',
  endsOn: d?.endsOn ?? '',
  usageLimit: d?.usageLimit == null ? '' : String(d.usageLimit),
  oncePerEmail: d?.oncePerEmail ?? false,
  productIds: d?.productIds ?? null,
  active: d?.active ?? true,
});

/** The form as the server takes it: an empty optional field is "none". */
const blank = (v: string) => (v.trim() === '' ? null : v.trim());
const toBody = (f: Form): DiscountBody => ({
  code: f.code.trim(),
  kind: f.kind,
  value: f.value.trim(),
  minSubtotal: blank(f.minSubtotal),
  startsOn: blank(f.startsOn),
  endsOn: blank(f.endsOn),
  usageLimit: f.usageLimit.trim() === '' ? null : Number(f.usageLimit),
  oncePerEmail: f.oncePerEmail,
  productIds: f.productIds,
  active: f.active,
});

const FIELDS = new Set<string>(Object.keys(toForm(null)));
/** Each field's first message, from the shared schema or the server's fieldErrors. */
function byField(found: Iterable<[PropertyKey | undefined, string | undefined]>): Errors {
  const errors: Errors = {};
  for (const [key, message] of found) {
    const k = String(key).split('.')[0] ?? '';
    if (FIELDS.has(k) && message) errors[k as keyof Form] ??= message;
  }
  return errors;
}

const hintClass = 'mt-1 text-xs text-zinc-500';

/**
 * "New code" and a code's "Edit" (docs/decisions/0040): the code's terms, checked against the shared
 * schema before sending; what the server refuses (a duplicate code, a limit below the uses) is said
 * in the dialog, which stays open.
 */
export function DiscountDialog({ discount, onClose }: { discount: AdminDiscount | null; onClose(): void }) {
  const id = useId();
  const save = useSaveDiscountMutation();
  const [form, setForm] = useState<Form>(() => toForm(discount));
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | undefined>();
  const alertRef = useRef<HTMLParagraphElement>(null);
  // The server's word is below the form: brought into view when it comes (a phone's dialog scrolls).
  useEffect(() => {
    if (failure) alertRef.current?.scrollIntoView?.({ block: 'center' });
  }, [failure]);
  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((f) => ({ ...f, [key]: value }));
  const fieldId = (name: keyof Form) => `${id}-${name}`;
  const err = (name: keyof Form) => errors[name];
  /** A field's hint, then its error, for screen readers. */
  const described = (name: keyof Form, hintId: string) =>
    [hintId, err(name) ? `${fieldId(name)}-error` : ''].filter(Boolean).join(' ');
  const hint = (name: string) => `${id}-${name}-hint`;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = toBody(form);
    const parsed = DiscountBodySchema.safeParse(body);
    if (!parsed.success) {
      const found = byField(parsed.error.issues.map((i) => [i.path[0], i.message]));
      setErrors(found);
      setFailure(undefined);
      const first = Object.keys(found)[0];
      if (first) document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    setErrors({});
    setFailure(undefined);
    save.mutate(
      { id: discount?.id ?? null, body },
      {
        onSuccess: onClose,
        onError: (error) => {
          if (error instanceof ApiError && error.fieldErrors) {
            setErrors(byField(Object.entries(error.fieldErrors).map(([k, m]) => [k, m[0]])));
          }
          setFailure(errorMessage(error, 'The code could not be saved. Try again.', '4xx'));
        },
      },
    );
  };

  return (
    <AdminDialog
      title={discount ? `Edit code ${discount.code}` : 'New discount code'}
      description="Shoppers enter the code at checkout; it comes off their subtotal before shipping."
      busy={save.isPending}
      onClose={onClose}
      wide
    >
      <form noValidate onSubmit={submit} className="grid gap-4 overflow-y-auto px-5 py-4">
        <div>
          <Field
            id={fieldId('code')}
            label="Code"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            placeholder="SPRING10"
            value={form.code}
            error={err('code')}
            aria-describedby={described('code', hint('code'))}
            onChange={(e) => set('code', e.target.value.toUpperCase())}
            className="[&_input]:font-mono"
          />
          <p id={hint('code')} className={hintClass}>
            3 to 32 letters, digits, dashes or underscores; shoppers may type it in any case.
          </p>
        </div>

        <fieldset>
          <legend className="text-sm font-bold">Discount type</legend>
          <div className="mt-1 grid gap-2 sm:grid-cols-2">
            {(
              [
                ['percent', 'Percentage'],
                ['fixed', 'Fixed amount'],
              ] as const
            ).map(([kind, label]) => (
              <label key={kind} className={radioCard}>
                <input
                  type="radio"
                  name={`${id}-kind`}
                  value={kind}
                  checked={form.kind === kind}
                  onChange={() => set('kind', kind)}
                  className="size-5 accent-zinc-900"
                />
                {label}
              </label>
            ))}
          </div>
        </fieldset>

        {/* Short labels side by side; the long one on a row of its own, so that the inputs line up. */}
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            id={fieldId('value')}
            label={form.kind === 'percent' ? 'Percent off (%)' : 'Amount off ($)'}
            inputMode={form.kind === 'percent' ? 'numeric' : 'decimal'}
            placeholder={form.kind === 'percent' ? '10' : '5.00'}
            value={form.value}
            error={err('value')}
            onChange={(e) => set('value', e.target.value)}
          />
          <div>
            <Field
              id={fieldId('usageLimit')}
              label="Usage limit"
              optional
              inputMode="numeric"
              placeholder="No limit"
              value={form.usageLimit}
              error={err('usageLimit')}
              aria-describedby={described('usageLimit', hint('usageLimit'))}
              onChange={(e) => set('usageLimit', e.target.value)}
            />
            <p id={hint('usageLimit')} className={hintClass}>
              Orders that may use it in all
              {discount && discount.used > 0 ? ` (${discount.used} so far)` : ''}
            </p>
          </div>
        </div>

        <div>
          <Field
            id={fieldId('minSubtotal')}
            label="Minimum subtotal ($)"
            optional
            inputMode="decimal"
            placeholder="40.00"
            value={form.minSubtotal}
            error={err('minSubtotal')}
            aria-describedby={described('minSubtotal', hint('minSubtotal'))}
            onChange={(e) => set('minSubtotal', e.target.value)}
          />
          <p id={hint('minSubtotal')} className={hintClass}>
            The code works only when the items come to this much.
          </p>
        </div>

        <div>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              id={fieldId('startsOn')}
              label="Starts on"
              optional
              type="date"
              value={form.startsOn}
              error={err('startsOn')}
              aria-describedby={described('startsOn', hint('dates'))}
              onChange={(e) => set('startsOn', e.target.value)}
            />
            <Field
              id={fieldId('endsOn')}
              label="Ends on"
              optional
              type="date"
              value={form.endsOn}
              error={err('endsOn')}
              aria-describedby={described('endsOn', hint('dates'))}
              onChange={(e) => set('endsOn', e.target.value)}
            />
          </div>
          {/* One hint for both dates, read with each. */}
          <p id={hint('dates')} className={hintClass}>
            Days in UTC; the end day is included. Empty: no start or no end.
          </p>
        </div>

        <label className="flex items-center gap-2 text-sm font-bold">
          <input
            type="checkbox"
            className="size-5 accent-zinc-900"
            checked={form.oncePerEmail}
            onChange={(e) => set('oncePerEmail', e.target.checked)}
          />
          Once per e-mail address
        </label>

        <ProductScope
          id={fieldId('productIds')}
          productIds={form.productIds}
          error={err('productIds')}
          onChange={(ids) => set('productIds', ids)}
        />

        <label className="flex items-start gap-2 text-sm">
          <input
            type="checkbox"
            className="size-5 shrink-0 accent-zinc-900"
            checked={form.active}
            onChange={(e) => set('active', e.target.checked)}
          />
          <span>
            <span className="font-bold">Active</span>
            <span className="block text-xs text-zinc-500">Shoppers can use it between its dates. Untick to pause it.</span>
          </span>
        </label>

        {failure ? (
          <p ref={alertRef} role="alert" className="text-sm font-semibold text-danger">
            {failure}
          </p>
        ) : null}
        <div className="flex flex-wrap justify-end gap-2 border-t border-zinc-200 pt-4">
          <Dialog.Close asChild>
            <Button variant="outline" disabled={save.isPending}>
              Cancel
            </Button>
          </Dialog.Close>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : discount ? 'Save Code' : 'Create Code'}
          </Button>
        </div>
      </form>
    </AdminDialog>
  );
}
