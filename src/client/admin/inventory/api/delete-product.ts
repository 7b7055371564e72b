import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminProduct } from '#shared/admin.ts';
import { api, errorMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../ui/toast.tsx';
import { PRODUCTS_KEY } from './get-admin-products.ts';

/** DELETE /api/admin/products/:id */
export const deleteProduct = (id: number) => api<{ success: true }>(`/api/admin/products/${id}`, { method: 'DELETE' });

export function useDeleteProductMutation(product: AdminProduct) {
  const qc = useQueryClient();
  return useMutation({
    mutationKey: [...PRODUCTS_KEY, 'delete'],
    mutationFn: () => deleteProduct(product.id),
    meta: { failure: (err) => ({ title: 'Deletion Failed', description: errorMessage(err, 'Please try again.') }) },
    onSuccess: () => {
      toast({ title: 'Product Deleted', description: `${product.name} was deleted` });
      void qc.invalidateQueries({ queryKey: PRODUCTS_KEY });
    },
  });
}
