import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminProduct } from '#shared/admin.ts';
import { api, errorMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../ui/toast.tsx';
import { PRODUCTS_KEY } from './get-admin-products.ts';

/** PUT /api/admin/products/:id/set-inventory: stock set to a count. */
export const setInventory = (id: number, inventory: number) =>
  api<AdminProduct>(`/api/admin/products/${id}/set-inventory`, { method: 'PUT', body: { inventory } });

export function useSetInventoryMutation(product: AdminProduct) {
  const qc = useQueryClient();
  return useMutation({
    mutationKey: [...PRODUCTS_KEY, 'set-inventory'],
    mutationFn: (inventory: number) => setInventory(product.id, inventory),
    meta: { failure: (err) => ({ title: 'Update Failed', description: errorMessage(err, 'Please try again.') }) },
    onSuccess: (_saved, inventory) => {
      toast({ title: 'Inventory Set', description: `${product.name}: stock set to ${inventory}` });
      void qc.invalidateQueries({ queryKey: PRODUCTS_KEY });
    },
  });
}
