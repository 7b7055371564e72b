import { type ChangeEvent, type FormEvent, useId, useRef, useState } from 'react';
import {
  type AdminProduct,
  PRODUCT_WEIGHT_DEFAULT_GRAMS,
  type ProductForm,
  ProductFormSchema,
  type ProductFormValues,
} from '#shared/admin.ts';
import type { ShippingClass } from '#shared/ground-only.ts';
import { Button } from '../../ui/button.tsx';
import { AdminDialog, DialogActions } from '../lib/admin-dialog.tsx';
import { AdminField } from '../lib/admin-field.tsx';
import { type FieldErrors, focusFirst, issueErrors, serverErrors } from '../lib/form-errors.ts';
import { useCreateProductMutation } from './api/create-product.ts';
import { useUpdateProductMutation } from './api/update-product.ts';
import { useUploadImageMutation } from './api/upload-image.ts';
import { ClaimWarning } from './claim-warning.tsx';
import { SubscriptionFields, type SubscriptionValues, subscriptionForm, subscriptionValues } from './subscription-fields.tsx';

type Values = {
  name: string;
  description: string;
  price: string;
  imageUrl: string;
  inventory: string;
  displayOrder: string;
  weightGrams: string;
  shippingClass: ShippingClass;
  unNumber: string;
  properShippingName: string;
  isActive: boolean;
} & SubscriptionValues;
type Errors = FieldErrors<keyof Values>;
const FIELDS = [
  'name',
  'description',
  'price',
  'imageUrl',
  'inventory',
  'displayOrder',
  'weightGrams',
  'shippingClass',
  'unNumber',
  'properShippingName',
  'isActive',
  'subscriptionIntervalsWeeks',
  'subscriptionDiscountPercent',
] as const;

/** The shared schema's first message per field (docs/product.md §5). */
function validate(v: Values): { ok: true; data: ProductFormValues } | { ok: false; errors: Errors } {
  const parsed = ProductFormSchema.safeParse({
    ...(v satisfies Omit<ProductForm, keyof SubscriptionValues>),
    ...subscriptionForm(v),
  });
  return parsed.success ? { ok: true, data: parsed.data } : { ok: false, errors: issueErrors(FIELDS, parsed.error.issues) };
}

/** Create or edit a product (docs/product.md §2 "Product form"): a Radix dialog, validated on submit and then on change. */
export function ProductDialog({ product, onClose }: { product: AdminProduct | null; onClose(): void }) {
  const create = useCreateProductMutation();
  const update = useUpdateProductMutation();
  const upload = useUploadImageMutation();
  const id = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const [values, setValues] = useState<Values>({
    name: product?.name ?? '',
    description: product?.description ?? '',
    price: product?.price ?? '',
    imageUrl: product?.imageUrl ?? '',
    inventory: product ? String(product.inventory) : '',
    displayOrder: product ? String(product.displayOrder) : '',
    weightGrams: String(product?.weightGrams ?? PRODUCT_WEIGHT_DEFAULT_GRAMS),
    // A new product of this store is smelling salts until the owner says otherwise (docs/decisions/0046).
    shippingClass: product?.shippingClass ?? 'limited-quantity',
    unNumber: product?.unNumber ?? '',
    properShippingName: product?.properShippingName ?? '',
    isActive: product?.isActive ?? true,
    ...subscriptionValues(product),
  });
  const [errors, setErrors] = useState<Errors>({});
  const [submitted, setSubmitted] = useState(false);

  const saved = {
    onSuccess: onClose,
    // The server's word on each field, beside it (the toast says why it failed).
    onError: (err: unknown) => {
      const server = serverErrors(FIELDS, err);
      if (Object.keys(server).length > 0) setErrors(server);
    },
  };
  const save = (data: ProductFormValues) =>
    product ? update.mutate({ id: product.id, values: data }, saved) : create.mutate(data, saved);

  const set = (key: keyof Values, value: string | boolean) => {
    const next = { ...values, [key]: value };
    setValues(next);
    if (submitted) {
      const r = validate(next);
      setErrors(r.ok ? {} : r.errors);
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    const r = validate(values);
    if (!r.ok) {
      setErrors(r.errors);
      focusFirst(id, r.errors);
      return;
    }
    setErrors({});
    save(r.data);
  };

  const onFile = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (file) upload.mutate(file, { onSuccess: ({ imageUrl }) => set('imageUrl', imageUrl) });
  };

  const busy = create.isPending || update.isPending;
  const uploading = upload.isPending;
  return (
    <AdminDialog
      title={product ? 'Edit Product' : 'Create Product'}
      description={product ? `Change ${product.name} as shoppers see it.` : 'Add a product to the store.'}
      busy={busy}
      onClose={onClose}
      size="lg"
    >
      <form noValidate onSubmit={submit} className="grid gap-4 overflow-y-auto px-5 py-4">
        <AdminField
          id={`${id}-name`}
          label="Product Name"
          required
          value={values.name}
          error={errors.name}
          onChange={(e) => set('name', e.target.value)}
        />
        <AdminField
          id={`${id}-description`}
          label="Description"
          required
          error={errors.description}
          hint={<ClaimWarning text={values.description} />}
        >
          {(control) => (
            <textarea {...control} rows={4} value={values.description} onChange={(e) => set('description', e.target.value)} />
          )}
        </AdminField>
        <div className="grid gap-4 sm:grid-cols-2">
          <AdminField
            id={`${id}-price`}
            label="Price (USD)"
            required
            inputMode="decimal"
            placeholder="19.99"
            value={values.price}
            error={errors.price}
            onChange={(e) => set('price', e.target.value)}
          />
          <AdminField
            id={`${id}-inventory`}
            label={product ? 'Inventory' : 'Initial Inventory'}
            optional
            inputMode="numeric"
            placeholder="50"
            value={values.inventory}
            error={errors.inventory}
            onChange={(e) => set('inventory', e.target.value)}
          />
        </div>
        <div>
          <AdminField
            id={`${id}-imageUrl`}
            label="Product Image"
            required
            placeholder="https://… or upload"
            value={values.imageUrl}
            error={errors.imageUrl}
            onChange={(e) => set('imageUrl', e.target.value)}
          />
          <div className="mt-2 flex items-center gap-3">
            <input
              ref={fileRef}
              type="file"
              accept="image/png,image/jpeg,image/webp,image/gif"
              className="sr-only"
              tabIndex={-1}
              aria-label="Image file"
              onChange={onFile}
            />
            <Button variant="outline" size="sm" disabled={uploading || busy} onClick={() => fileRef.current?.click()}>
              {uploading ? 'Uploading...' : 'Upload Image'}
            </Button>
            {values.imageUrl && !errors.imageUrl ? (
              <img
                src={values.imageUrl}
                alt={`Preview: ${values.name || 'new product'}`}
                className="size-24 rounded-lg border border-zinc-200 object-cover"
              />
            ) : null}
          </div>
        </div>
        <AdminField
          id={`${id}-displayOrder`}
          label="Display Order"
          optional
          hint="Lower numbers appear first in the product list."
          inputMode="numeric"
          placeholder="0"
          value={values.displayOrder}
          error={errors.displayOrder}
          onChange={(e) => set('displayOrder', e.target.value)}
        />
        <AdminField
          id={`${id}-weightGrams`}
          label="Shipping weight (g)"
          required
          hint="One unit with its packing, for the postage"
          inputMode="numeric"
          placeholder={String(PRODUCT_WEIGHT_DEFAULT_GRAMS)}
          value={values.weightGrams}
          error={errors.weightGrams}
          onChange={(e) => set('weightGrams', e.target.value)}
        />
        <AdminField
          id={`${id}-shippingClass`}
          label="Shipping class"
          required
          hint="Limited quantity: a hazardous material (ammonia, alcohol) that ships by ground only, within the US, never to APO/FPO/DPO."
          error={errors.shippingClass}
        >
          {(control) => (
            <select
              {...control}
              value={values.shippingClass}
              onChange={(e) => set('shippingClass', e.target.value as ShippingClass)}
            >
              <option value="limited-quantity">Limited quantity (ground only)</option>
              <option value="standard">Standard</option>
            </select>
          )}
        </AdminField>
        <div className="grid gap-4 sm:grid-cols-[10rem_1fr]">
          <AdminField
            id={`${id}-unNumber`}
            label="UN number"
            optional
            hint="From section 14 of the safety data sheet"
            placeholder="UN1993"
            value={values.unNumber}
            error={errors.unNumber}
            onChange={(e) => set('unNumber', e.target.value)}
          />
          <AdminField
            id={`${id}-properShippingName`}
            label="Proper shipping name"
            optional
            hint="As the safety data sheet writes it beside the UN number"
            value={values.properShippingName}
            error={errors.properShippingName}
            onChange={(e) => set('properShippingName', e.target.value)}
          />
        </div>
        <SubscriptionFields id={id} values={values} errors={errors} set={set} />
        <label className="flex items-center gap-2 text-sm font-bold">
          <input
            type="checkbox"
            className="size-5 accent-zinc-900"
            checked={values.isActive}
            onChange={(e) => set('isActive', e.target.checked)}
          />
          Product is active (visible to customers)
        </label>
        <DialogActions
          submitLabel={product ? 'Update Product' : 'Create Product'}
          busyLabel="Saving..."
          busy={busy}
          disabled={uploading}
        />
      </form>
    </AdminDialog>
  );
}
