import { queryOptions, useQuery } from '../../../lib/query.tsx';
import type { PublicProduct } from '#shared/catalog.ts';
import { api } from '../../../lib/api-client.ts';

export const getProducts = () => api<PublicProduct[]>('/api/products');

export const productsQuery = () => queryOptions({ queryKey: ['products'], queryFn: getProducts });

export const useProducts = () => useQuery(productsQuery());
