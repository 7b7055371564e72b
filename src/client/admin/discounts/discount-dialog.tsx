import { type FormEvent, type RefObject, useEffect, useId, useRef, useState } from 'react';
import type { AdminDiscount, DiscountKind } from '#shared/discounts.ts';
import { type DiscountBody, DiscountBodySchema } from '#shared/discounts-schemas.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { AdminDialog, DialogActions } from '../lib/admin-dialog.tsx';
import { AdminField } from '../lib/admin-field.tsx';
import { type FieldErrors, focusFirst, issueErrors, serverErrors } from '../lib/form-errors.ts';
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
type Errors = FieldErrors<keyof Form>;

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
/** Digits only: Number() would also read "1e3", "0x10" or "2.0"; anything else is NaN, which the schema refuses. */
const count = (v: string) => (v.trim() === '' ? null : /^\d+$/.test(v.trim()) ? Number(v.trim()) : Number.NaN);
const toBody = (f: Form): DiscountBody => ({
  code: f.code.trim(),
  kind: f.kind,
  value: f.value.trim(),
  minSubtotal: blank(f.minSubtotal),
  startsOn: blank(f.startsOn),
  endsOn: blank(f.endsOn),
  usageLimit: count(f.usageLimit),
  oncePerEmail: f.oncePerEmail,
  productIds: f.productIds,
  active: f.active,
});

const FIELDS = Object.keys(toForm(null)) as (keyof Form)[];

/**
 * "New code" and a code's "Edit" (docs/decisions/0040): the code's terms, checked against the shared
 * schema before sending; what the server refuses (a duplicate code, a limit below the uses) is said
 * in the dialog, which stays open.
 */
export function DiscountDialog({
  discount,
  onClose,
  fallbackFocus,
}: {
  discount: AdminDiscount | null;
  onClose(): void;
  fallbackFocus?: RefObject<HTMLElement | null>;
}) {
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

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = toBody(form);
    const parsed = DiscountBodySchema.safeParse(body);
    if (!parsed.success) {
      const found = issueErrors(FIELDS, parsed.error.issues);
      setErrors(found);
      setFailure(undefined);
      focusFirst(id, found);
      return;
    }
    setErrors({});
    setFailure(undefined);
    save.mutate(
      { id: discount?.id ?? null, body },
      {
        onSuccess: onClose,
        onError: (error) => {
          setErrors(serverErrors(FIELDS, error));
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
      size="lg"
      fallbackFocus={fallbackFocus}
    >
      <form noValidate onSubmit={submit} className="grid gap-4 overflow-y-auto px-5 py-4">
        <AdminField
          id={fieldId('code')}
          label="Code"
          required
          hint="3 to 32 letters, digits, dashes or underscores; shoppers may type it in any case."
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder="SPRING10"
          value={form.code}
          error={err('code')}
          onChange={(e) => set('code', e.target.value.toUpperCase())}
          className="[&_input]:font-mono"
        />

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
          <AdminField
            id={fieldId('value')}
            label={form.kind === 'percent' ? 'Percent off (%)' : 'Amount off ($)'}
            required
            inputMode={form.kind === 'percent' ? 'numeric' : 'decimal'}
            placeholder={form.kind === 'percent' ? '10' : '5.00'}
            value={form.value}
            error={err('value')}
            onChange={(e) => set('value', e.target.value)}
          />
          <AdminField
            id={fieldId('usageLimit')}
            label="Usage limit"
            optional
            hint={`Orders that may use it in all${discount && discount.used > 0 ? ` (${discount.used} so far)` : ''}`}
            inputMode="numeric"
            placeholder="No limit"
            value={form.usageLimit}
            error={err('usageLimit')}
            onChange={(e) => set('usageLimit', e.target.value)}
          />
        </div>

        <AdminField
          id={fieldId('minSubtotal')}
          label="Minimum subtotal ($)"
          optional
          hint="The code works only when the items come to this much."
          inputMode="decimal"
          placeholder="40.00"
          value={form.minSubtotal}
          error={err('minSubtotal')}
          onChange={(e) => set('minSubtotal', e.target.value)}
        />

        <div>
          <div className="grid gap-4 sm:grid-cols-2">
            <AdminField
              id={fieldId('startsOn')}
              label="Starts on"
              optional
              type="date"
              value={form.startsOn}
              error={err('startsOn')}
              aria-describedby={`${id}-dates-hint`}
              onChange={(e) => set('startsOn', e.target.value)}
            />
            <AdminField
              id={fieldId('endsOn')}
              label="Ends on"
              optional
              type="date"
              value={form.endsOn}
              error={err('endsOn')}
              aria-describedby={`${id}-dates-hint`}
              onChange={(e) => set('endsOn', e.target.value)}
            />
          </div>
          {/* One hint for both dates, read with each. */}
          <p id={`${id}-dates-hint`} className="mt-1 text-xs text-zinc-500">
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
        <DialogActions submitLabel={discount ? 'Save Code' : 'Create Code'} busyLabel="Saving..." busy={save.isPending} />
      </form>
    </AdminDialog>
  );
}
