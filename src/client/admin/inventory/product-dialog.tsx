import { X } from 'lucide';
import { Dialog } from 'radix-ui';
import { type ChangeEvent, type FormEvent, useId, useRef, useState } from 'react';
import {
  type AdminProduct,
  PRODUCT_WEIGHT_DEFAULT_GRAMS,
  type ProductForm,
  ProductFormSchema,
  type ProductFormValues,
} from '#shared/admin.ts';
import { ApiError } from '../../lib/api-client.ts';
import { Button } from '../../ui/button.tsx';
import { Field, inputClass } from '../../ui/field.tsx';
import { Icon } from '../../ui/icon.tsx';
import { useCreateProductMutation } from './api/create-product.ts';
import { useUpdateProductMutation } from './api/update-product.ts';
import { useUploadImageMutation } from './api/upload-image.ts';

type Values = {
  name: string;
  description: string;
  price: string;
  imageUrl: string;
  inventory: string;
  displayOrder: string;
  weightGrams: string;
  isActive: boolean;
};
type Errors = Partial<Record<keyof Values, string>>;

const toForm = (v: Values): ProductForm => ({ ...v, inventory: v.inventory, displayOrder: v.displayOrder });

/** The shared schema's first message per field (docs/product.md §5). */
function validate(v: Values): { ok: true; data: ProductFormValues } | { ok: false; errors: Errors } {
  const parsed = ProductFormSchema.safeParse(toForm(v));
  if (parsed.success) return { ok: true, data: parsed.data };
  const errors: Errors = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0] as keyof Values;
    errors[key] ??= issue.message;
  }
  return { ok: false, errors };
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
    isActive: product?.isActive ?? true,
  });
  const [errors, setErrors] = useState<Errors>({});
  const [submitted, setSubmitted] = useState(false);

  const saved = {
    onSuccess: onClose,
    // The server's word on each field, beside it (the toast says why it failed).
    onError: (err: unknown) => {
      if (!(err instanceof ApiError && err.fieldErrors)) return;
      const server: Errors = {};
      for (const [k, msgs] of Object.entries(err.fieldErrors)) server[k as keyof Values] = msgs[0];
      setErrors(server);
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
      const first = Object.keys(r.errors)[0];
      if (first) document.getElementById(`${id}-${first}`)?.focus();
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
    <Dialog.Root open onOpenChange={(open) => !open && !busy && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 flex max-h-[92vh] w-[calc(100%-1.5rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 flex-col rounded-2xl bg-white shadow-2xl outline-none">
          <div className="flex items-center justify-between border-b border-zinc-200 px-5 py-4">
            <Dialog.Title className="text-lg font-bold">{product ? 'Edit Product' : 'Create Product'}</Dialog.Title>
            <Dialog.Close
              className="inline-flex size-10 items-center justify-center rounded-md hover:bg-zinc-100"
              aria-label="Close"
            >
              <Icon node={X} className="size-5" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">
            {product ? `Change ${product.name}` : 'Add a product to the store'}
          </Dialog.Description>
          <form noValidate onSubmit={submit} className="grid gap-4 overflow-y-auto px-5 py-4">
            <Field
              id={`${id}-name`}
              label="Product Name"
              value={values.name}
              error={errors.name}
              onChange={(e) => set('name', e.target.value)}
            />
            <div>
              <label htmlFor={`${id}-description`} className="text-sm font-bold">
                Description<span aria-hidden="true"> *</span>
              </label>
              <textarea
                id={`${id}-description`}
                rows={4}
                value={values.description}
                aria-invalid={errors.description ? true : undefined}
                aria-describedby={errors.description ? `${id}-description-error` : undefined}
                onChange={(e) => set('description', e.target.value)}
                className={inputClass}
              />
              {errors.description ? (
                <p id={`${id}-description-error`} className="mt-1 text-sm font-semibold text-danger">
                  {errors.description}
                </p>
              ) : null}
            </div>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field
                id={`${id}-price`}
                label="Price (USD)"
                inputMode="decimal"
                placeholder="19.99"
                value={values.price}
                error={errors.price}
                onChange={(e) => set('price', e.target.value)}
              />
              <Field
                id={`${id}-inventory`}
                label={product ? 'Inventory' : 'Initial Inventory'}
                inputMode="numeric"
                placeholder="50"
                optional
                value={values.inventory}
                error={errors.inventory}
                onChange={(e) => set('inventory', e.target.value)}
              />
            </div>
            <div>
              <Field
                id={`${id}-imageUrl`}
                label="Product Image"
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
            <div>
              <Field
                id={`${id}-displayOrder`}
                label="Display Order"
                inputMode="numeric"
                placeholder="0"
                optional
                value={values.displayOrder}
                error={errors.displayOrder}
                onChange={(e) => set('displayOrder', e.target.value)}
              />
              <p className="mt-1 text-xs text-zinc-500">Lower numbers appear first in the product list.</p>
            </div>
            <div>
              <Field
                id={`${id}-weightGrams`}
                label="Shipping weight (g)"
                inputMode="numeric"
                placeholder={String(PRODUCT_WEIGHT_DEFAULT_GRAMS)}
                value={values.weightGrams}
                error={errors.weightGrams}
                aria-describedby={`${id}-weightGrams-hint${errors.weightGrams ? ` ${id}-weightGrams-error` : ''}`}
                onChange={(e) => set('weightGrams', e.target.value)}
              />
              <p id={`${id}-weightGrams-hint`} className="mt-1 text-xs text-zinc-500">
                One unit with its packing, for the postage
              </p>
            </div>
            <label className="flex items-center gap-2 text-sm font-bold">
              <input
                type="checkbox"
                className="size-5 accent-zinc-900"
                checked={values.isActive}
                onChange={(e) => set('isActive', e.target.checked)}
              />
              Product is active (visible to customers)
            </label>
            <div className="flex justify-end gap-2 border-t border-zinc-200 pt-4">
              <Button variant="outline" onClick={onClose} disabled={busy}>
                Cancel
              </Button>
              <Button type="submit" disabled={busy || uploading}>
                {product ? 'Update Product' : 'Create Product'}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
