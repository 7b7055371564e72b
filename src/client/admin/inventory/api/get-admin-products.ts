import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminProduct } from '#shared/admin.ts';
import { api } from '../../../lib/api-client.ts';

/** GET /api/admin/products: every product, active or not; asked for only while the Inventory tab is open (docs/product.md §7). */
export const getAdminProducts = () => api<AdminProduct[]>('/api/admin/products');

/** The list's query key, and the first part of every product write's mutation key (a card waits while one runs). */
export const PRODUCTS_KEY = ['admin', 'products'] as const;

export const adminProductsQuery = () => queryOptions({ queryKey: PRODUCTS_KEY, queryFn: getAdminProducts });

export const useAdminProducts = () => useQuery(adminProductsQuery());
