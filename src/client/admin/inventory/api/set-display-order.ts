import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminProduct } from '#shared/admin.ts';
import { api, errorMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../ui/toast.tsx';
import { PRODUCTS_KEY } from './get-admin-products.ts';

/** PUT /api/admin/products/:id/order: the product's place in the storefront's list (lower first). */
export const setDisplayOrder = (id: number, displayOrder: number) =>
  api<AdminProduct>(`/api/admin/products/${id}/order`, { method: 'PUT', body: { displayOrder } });

export function useSetDisplayOrderMutation(product: AdminProduct) {
  const qc = useQueryClient();
  return useMutation({
    mutationKey: [...PRODUCTS_KEY, 'order'],
    mutationFn: (displayOrder: number) => setDisplayOrder(product.id, displayOrder),
    meta: { failure: (err) => ({ title: 'Update Failed', description: errorMessage(err, 'Please try again.') }) },
    onSuccess: () => {
      toast({ title: 'Product Order Updated', description: `${product.name} moved in the product list` });
      void qc.invalidateQueries({ queryKey: PRODUCTS_KEY });
    },
  });
}
