import { queryOptions, useQuery } from '../../../lib/query.tsx';
import type { PublicProduct } from '#shared/catalog.ts';
import { ApiError, api } from '../../../lib/api-client.ts';

/** null when the product does not exist or is not for sale. */
export async function getProduct(id: number): Promise<PublicProduct | null> {
  try {
    return await api<PublicProduct>(`/api/products/${id}`);
  } catch (err) {
    if (err instanceof ApiError && (err.status === 404 || err.status === 400)) return null;
    throw err;
  }
}

export const productQuery = (id: number) => queryOptions({ queryKey: ['product', id], queryFn: () => getProduct(id) });

export const useProduct = (id: number) => useQuery({ ...productQuery(id), enabled: Number.isSafeInteger(id) && id > 0 });
