import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminProduct, ProductFormValues } from '#shared/admin.ts';
import { api, errorMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../ui/toast.tsx';
import { PRODUCTS_KEY } from './get-admin-products.ts';

/** PUT /api/admin/products/:id */
export const updateProduct = ({ id, values }: { id: number; values: ProductFormValues }) =>
  api<AdminProduct>(`/api/admin/products/${id}`, { method: 'PUT', body: values });

export function useUpdateProductMutation() {
  const qc = useQueryClient();
  return useMutation({
    mutationKey: [...PRODUCTS_KEY, 'update'],
    mutationFn: updateProduct,
    meta: { failure: (err) => ({ title: 'Update Failed', description: errorMessage(err, 'Please try again.') }) },
    onSuccess: (saved) => {
      toast({ title: 'Product Updated', description: saved.name });
      void qc.invalidateQueries({ queryKey: PRODUCTS_KEY });
    },
  });
}
