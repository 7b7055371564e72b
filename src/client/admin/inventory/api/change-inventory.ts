import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminProduct } from '#shared/admin.ts';
import { api, errorMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../ui/toast.tsx';
import { PRODUCTS_KEY } from './get-admin-products.ts';

/** PUT /api/admin/products/:id/inventory: stock up or down by `change`. */
export const changeInventory = (id: number, change: number) =>
  api<AdminProduct>(`/api/admin/products/${id}/inventory`, { method: 'PUT', body: { change } });

export function useChangeInventoryMutation(product: AdminProduct) {
  const qc = useQueryClient();
  return useMutation({
    mutationKey: [...PRODUCTS_KEY, 'inventory'],
    mutationFn: (change: number) => changeInventory(product.id, change),
    meta: { failure: (err) => ({ title: 'Update Failed', description: errorMessage(err, 'Please try again.') }) },
    onSuccess: (_saved, change) => {
      toast({ title: 'Inventory Updated', description: `${product.name}: stock changed by ${change > 0 ? '+' : ''}${change}` });
      void qc.invalidateQueries({ queryKey: PRODUCTS_KEY });
    },
  });
}
