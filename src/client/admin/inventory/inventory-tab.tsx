import { useState } from 'react';
import type { AdminProduct } from '#shared/admin.ts';
import { Button } from '../../ui/button.tsx';
import { useAdminProducts } from './api/get-admin-products.ts';
import { ProductCard } from './product-card.tsx';
import { ProductDialog } from './product-dialog.tsx';
import { Note } from '../lib/note.tsx';
import { useCan } from '../session/api/get-me.ts';

/** docs/product.md §2 "Inventory tab": every product, active or not, with its stock controls. */
export function InventoryTab({ search }: { search: string }) {
  const products = useAdminProducts();
  const [editing, setEditing] = useState<AdminProduct | 'new' | null>(null);
  const can = useCan();

  const q = search.trim().toLowerCase();
  const shown = products.data?.filter((p) => !q || p.name.toLowerCase().includes(q) || String(p.id) === q) ?? [];

  return (
    <section aria-label="Inventory">
      <div className="mb-4 flex items-center justify-between gap-3">
        <h2 className="text-lg font-bold">Products and stock</h2>
        {can('products.manage') ? <Button onClick={() => setEditing('new')}>Create Product</Button> : null}
      </div>
      {products.isPending ? (
        <Note>Loading inventory...</Note>
      ) : products.isError ? (
        <Note>Failed to load products</Note>
      ) : products.data.length === 0 ? (
        <Note>No products found. Click "Create Product" to add your first product.</Note>
      ) : shown.length === 0 ? (
        <Note>No products match your search</Note>
      ) : (
        <ul className="grid gap-3 lg:grid-cols-2" aria-label="Products">
          {shown.map((p) => (
            <li key={p.id}>
              <ProductCard product={p} onEdit={() => setEditing(p)} />
            </li>
          ))}
        </ul>
      )}
      {editing ? <ProductDialog product={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
    </section>
  );
}
