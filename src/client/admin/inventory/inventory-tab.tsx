import { useIsMutating, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { AdminProduct } from '#shared/admin.ts';
import { Button } from '../../ui/button.tsx';
import { productsQuery } from '../api/admin-api.ts';
import { useSessionGuard } from '../api/use-session-guard.ts';
import { ProductCard } from './product-card.tsx';
import { ProductDialog } from './product-dialog.tsx';

export const INVENTORY_MUTATION = ['admin', 'inventory'] as const;

/** SPEC §2 "Inventory tab": every product, active or not, with its stock controls. */
export function InventoryTab({ search }: { search: string }) {
  const guard = useSessionGuard();
  const products = useQuery(productsQuery());
  const busy = useIsMutating({ mutationKey: INVENTORY_MUTATION }) > 0;
  const [editing, setEditing] = useState<AdminProduct | 'new' | null>(null);
  useEffect(() => {
    if (products.error) guard(products.error);
  }, [products.error, guard]);

  const q = search.trim().toLowerCase();
  const shown = products.data?.filter((p) => !q || p.name.toLowerCase().includes(q) || String(p.id) === q) ?? [];

  return (
    <section aria-label="Inventory">
      <div className="mb-4 flex items-center justify-between gap-3">
        <h2 className="text-lg font-bold">Products and stock</h2>
        <Button onClick={() => setEditing('new')}>Create Product</Button>
      </div>
      {products.isPending ? (
        <p className="rounded-xl border border-zinc-200 bg-white p-10 text-center text-zinc-600">Loading inventory...</p>
      ) : products.isError ? (
        <p className="rounded-xl border border-zinc-200 bg-white p-10 text-center text-zinc-600">Failed to load products</p>
      ) : products.data.length === 0 ? (
        <p className="rounded-xl border border-zinc-200 bg-white p-10 text-center text-zinc-600">
          No products found. Click "Create Product" to add your first product.
        </p>
      ) : shown.length === 0 ? (
        <p className="rounded-xl border border-zinc-200 bg-white p-10 text-center text-zinc-600">No products match your search</p>
      ) : (
        <ul className="grid gap-3 lg:grid-cols-2" aria-label="Products">
          {shown.map((p) => (
            <li key={p.id}>
              <ProductCard product={p} busy={busy} onEdit={() => setEditing(p)} />
            </li>
          ))}
        </ul>
      )}
      {editing ? <ProductDialog product={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
    </section>
  );
}
