import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminProduct, ProductFormValues } from '#shared/admin.ts';
import { api, errorMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../ui/toast.tsx';
import { PRODUCTS_KEY } from './get-admin-products.ts';

/** POST /api/admin/products */
export const createProduct = (values: ProductFormValues) =>
  api<AdminProduct>('/api/admin/products', { method: 'POST', body: values });

export function useCreateProductMutation() {
  const qc = useQueryClient();
  return useMutation({
    mutationKey: [...PRODUCTS_KEY, 'create'],
    mutationFn: createProduct,
    meta: { failure: (err) => ({ title: 'Creation Failed', description: errorMessage(err, 'Please try again.') }) },
    onSuccess: (saved) => {
      toast({ title: 'Product Created', description: saved.name });
      void qc.invalidateQueries({ queryKey: PRODUCTS_KEY });
    },
  });
}
