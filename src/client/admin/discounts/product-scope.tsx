import { useId } from 'react';
import { useAdminProducts } from '../inventory/api/get-admin-products.ts';

/** A radio of the code dialog, drawn as a card that shows which is chosen. */
export const radioCard =
  'flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-zinc-200 px-3 text-sm font-semibold has-[:checked]:border-zinc-900 has-[:checked]:bg-zinc-50';

/**
 * The code dialog's "Applies to": every product (null), or the products ticked, from the list the
 * Inventory tab shows (hidden products too: a code can be ready before its product is).
 */
export function ProductScope({
  id,
  productIds,
  error,
  onChange,
}: {
  /** The "Chosen products" radio's id: focused when the choice is refused. */
  id: string;
  productIds: number[] | null;
  error?: string;
  onChange(ids: number[] | null): void;
}) {
  const name = useId();
  const products = useAdminProducts();
  const chosen = productIds ?? [];
  const toggle = (productId: number, on: boolean) =>
    onChange(on ? [...chosen, productId] : chosen.filter((p) => p !== productId));

  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="text-sm font-bold">Applies to</legend>
      <div className="mt-1 grid gap-2 sm:grid-cols-2">
        <label className={radioCard}>
          <input
            type="radio"
            name={name}
            checked={productIds === null}
            onChange={() => onChange(null)}
            className="size-5 accent-zinc-900"
          />
          All products
        </label>
        <label className={radioCard}>
          <input
            id={id}
            type="radio"
            name={name}
            checked={productIds !== null}
            onChange={() => onChange([])}
            className="size-5 accent-zinc-900"
          />
          Chosen products
        </label>
      </div>
      {productIds !== null ? (
        <div className="mt-2 grid gap-1 rounded-lg border border-zinc-200 p-3">
          {products.isPending ? (
            <p className="text-sm text-zinc-600">Loading products...</p>
          ) : products.isError ? (
            <p className="text-sm font-semibold text-danger">The products could not be loaded. Close and try again.</p>
          ) : (
            products.data.map((p) => (
              <label key={p.id} className="flex min-h-10 items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="size-5 accent-zinc-900"
                  checked={chosen.includes(p.id)}
                  onChange={(e) => toggle(p.id, e.target.checked)}
                />
                {p.name}
                {p.isActive ? null : <span className="text-zinc-500">(hidden from the shop)</span>}
              </label>
            ))
          )}
        </div>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-semibold text-danger">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
