import { useIsMutating } from '@tanstack/react-query';
import { ArrowDown, ArrowUp } from 'lucide';
import { type FormEvent, useState } from 'react';
import { type AdminProduct, stockBand } from '#shared/admin.ts';
import { formatUsd, parseCents } from '#shared/money.ts';
import { Button } from '../../ui/button.tsx';
import { Icon } from '../../ui/icon.tsx';
import { useChangeInventoryMutation } from './api/change-inventory.ts';
import { useDeleteProductMutation } from './api/delete-product.ts';
import { PRODUCTS_KEY } from './api/get-admin-products.ts';
import { useSetDisplayOrderMutation } from './api/set-display-order.ts';
import { useSetInventoryMutation } from './api/set-inventory.ts';
import { StockHistoryDialog } from './stock-history-dialog.tsx';
import { useCan } from '../session/api/get-me.ts';

const BAND_STYLE = {
  low: 'bg-red-100 text-red-800',
  medium: 'bg-amber-100 text-amber-900',
  good: 'bg-green-100 text-green-800',
} as const;

/** One product with its stock and order controls, and its stock history (docs/product.md §2, §4, §5). */
export function ProductCard({ product: p, onEdit }: { product: AdminProduct; onEdit(): void }) {
  const [setTo, setSetTo] = useState('');
  const adjust = useChangeInventoryMutation(p);
  const set = useSetInventoryMutation(p);
  const move = useSetDisplayOrderMutation(p);
  const remove = useDeleteProductMutation(p);
  const can = useCan();
  const pending = adjust.isPending || set.isPending || move.isPending || remove.isPending;
  // One product write at a time, on any card: the controls work from the figures shown (display order − 1).
  const disabled = useIsMutating({ mutationKey: PRODUCTS_KEY }) > 0;

  const submitSet = (e: FormEvent) => {
    e.preventDefault();
    const value = setTo.trim();
    setSetTo('');
    // Only a whole number of 0 or more is taken; anything else is ignored (docs/product.md §5).
    if (!/^\d+$/.test(value)) return;
    set.mutate(Number(value));
  };
  const onDelete = () => {
    if (window.confirm(`Are you sure you want to delete "${p.name}"? This action cannot be undone.`)) {
      remove.mutate();
    }
  };
  const band = stockBand(p.inventory);
  const id = `product-${p.id}`;

  return (
    <article
      aria-labelledby={`${id}-name`}
      className="flex h-full flex-col rounded-xl border border-zinc-200 bg-white p-4 sm:p-5"
    >
      <div className="flex gap-4">
        <img src={p.imageUrl} alt="" width={64} height={64} className="size-16 shrink-0 rounded-lg bg-zinc-100 object-cover" />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 id={`${id}-name`} className="font-bold">
              {p.name}
            </h3>
            <span
              className={`rounded-full px-2 py-0.5 text-xs font-bold ${p.isActive ? 'bg-green-100 text-green-800' : 'bg-zinc-200 text-zinc-700'}`}
            >
              {p.isActive ? 'ACTIVE' : 'INACTIVE'}
            </span>
          </div>
          <p className="text-sm text-zinc-600">
            ID {p.id} · {formatUsd(parseCents(p.price))}
            {p.compareAtPrice ? <span className="line-through"> {formatUsd(parseCents(p.compareAtPrice))}</span> : null} ·{' '}
            {p.weightGrams} g shipped
          </p>
          <p className="mt-1 line-clamp-2 text-sm">{p.description}</p>
        </div>
      </div>

      <div className="mt-4 flex flex-wrap items-center gap-3">
        <p className="text-sm">
          Current stock{' '}
          <span className={`ml-1 rounded-md px-2 py-1 text-base font-bold tabular-nums ${BAND_STYLE[band]}`} data-testid="stock">
            {p.inventory}
          </span>
          <span className="sr-only"> ({band})</span>
        </p>
        {can('stock.adjust') ? (
          <form onSubmit={submitSet} className="flex items-center gap-2">
            <label className="text-sm" htmlFor={`${id}-set`}>
              Set to
            </label>
            <input
              id={`${id}-set`}
              type="number"
              min={0}
              step={1}
              inputMode="numeric"
              value={setTo}
              onChange={(e) => setSetTo(e.target.value)}
              disabled={disabled}
              className="w-20 rounded-md border border-zinc-300 px-2 py-1.5"
            />
            <Button type="submit" variant="outline" size="sm" disabled={disabled}>
              Set
            </Button>
          </form>
        ) : null}
      </div>
      {can('stock.adjust') ? (
        <fieldset className="mt-3 flex flex-wrap gap-2">
          <legend className="sr-only">Adjust stock of {p.name}</legend>
          {[-10, -1, 1, 10].map((n) => (
            <Button
              key={n}
              variant="outline"
              size="sm"
              className="min-w-12"
              disabled={disabled || (n === -10 && p.inventory < 10) || (n === -1 && p.inventory <= 0)}
              onClick={() => adjust.mutate(n)}
              aria-label={`${n > 0 ? 'Add' : 'Remove'} ${Math.abs(n)}`}
            >
              {n > 0 ? `+${n}` : n}
            </Button>
          ))}
        </fieldset>
      ) : null}

      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-zinc-500">Created</dt>
        <dd>{new Date(p.createdAt).toLocaleDateString('en-US')}</dd>
        <dt className="text-zinc-500">Image URL</dt>
        <dd className="truncate font-mono text-xs leading-5">{p.imageUrl}</dd>
        <dt className="text-zinc-500">Display order</dt>
        <dd className="flex items-center gap-1">
          <span className="tabular-nums">{p.displayOrder}</span>
          <Button
            variant="ghost"
            size="icon"
            className="size-9"
            aria-label="Move up"
            disabled={disabled || p.displayOrder <= 0 || !can('products.manage')}
            onClick={() => move.mutate(Math.max(0, p.displayOrder - 1))}
          >
            <Icon node={ArrowUp} className="size-4" />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            className="size-9"
            aria-label="Move down"
            disabled={disabled || !can('products.manage')}
            onClick={() => move.mutate(p.displayOrder + 1)}
          >
            <Icon node={ArrowDown} className="size-4" />
          </Button>
        </dd>
      </dl>

      <div className="mt-auto flex flex-wrap gap-2 pt-4">
        <StockHistoryDialog product={p} />
        {can('products.manage') ? (
          <>
            <Button variant="outline" size="sm" onClick={onEdit} disabled={pending}>
              Edit Product
            </Button>
            <Button size="sm" variant="danger" onClick={onDelete} disabled={pending}>
              Delete
            </Button>
          </>
        ) : null}
      </div>
    </article>
  );
}
