import { queryOptions } from '@tanstack/react-query';
import type { AdminMe, AdminOrder, AdminProduct, OrderStatus, ProductFormValues } from '#shared/admin.ts';
import { ApiError, api } from '../../lib/api-client.ts';

/** SPEC §7: admin data is retried up to 3 times, except on 401 (the session ended: sign in again). */
export const adminRetry = (failures: number, err: unknown) =>
  !(err instanceof ApiError && (err.status === 401 || err.status === 403)) && failures < 3;

export const isUnauthorized = (err: unknown) => err instanceof ApiError && err.status === 401;

export const meQuery = () =>
  queryOptions({ queryKey: ['admin', 'me'] as const, queryFn: () => api<AdminMe>('/api/admin/me'), retry: adminRetry });

/** Every paid order (and payment problems); or, with 'pending', the problems and the open checkouts. */
export const ordersQuery = (status?: OrderStatus) =>
  queryOptions({
    queryKey: ['admin', 'orders', status ?? 'all'] as const,
    queryFn: () => api<AdminOrder[]>(status ? `/api/orders?status=${status}` : '/api/orders'),
    retry: adminRetry,
    refetchInterval: 30_000,
  });

export const productsQuery = () =>
  queryOptions({
    queryKey: ['admin', 'products'] as const,
    queryFn: () => api<AdminProduct[]>('/api/admin/products'),
    retry: adminRetry,
  });

export const login = (username: string, password: string) =>
  api<AdminMe>('/api/admin/login', { method: 'POST', body: { username, password } });
export const logout = () => api<{ success: true }>('/api/admin/logout', { method: 'POST' });
export const testPrint = () => api<{ success: true; message?: string }>('/api/test-print', { method: 'POST' });

export const setOrderStatus = (id: number, status: OrderStatus) =>
  api<AdminOrder>(`/api/orders/${id}/status`, { method: 'PUT', body: { status } });

export const createProduct = (v: ProductFormValues) => api<AdminProduct>('/api/admin/products', { method: 'POST', body: v });
export const updateProduct = (id: number, v: ProductFormValues) =>
  api<AdminProduct>(`/api/admin/products/${id}`, { method: 'PUT', body: v });
export const deleteProduct = (id: number) => api<{ success: true }>(`/api/admin/products/${id}`, { method: 'DELETE' });
export const changeInventory = (id: number, change: number) =>
  api<AdminProduct>(`/api/admin/products/${id}/inventory`, { method: 'PUT', body: { change } });
export const setInventory = (id: number, inventory: number) =>
  api<AdminProduct>(`/api/admin/products/${id}/set-inventory`, { method: 'PUT', body: { inventory } });
export const setDisplayOrder = (id: number, displayOrder: number) =>
  api<AdminProduct>(`/api/admin/products/${id}/order`, { method: 'PUT', body: { displayOrder } });

/** POST /api/admin/upload-image (multipart, field "image"); answers the stored image's URL. */
export async function uploadImage(file: File): Promise<{ imageUrl: string }> {
  const form = new FormData();
  form.append('image', file);
  const { imageUrl } = await api<{ imageUrl?: string }>('/api/admin/upload-image', { method: 'POST', body: form });
  if (!imageUrl) throw new Error('The upload answered without an image URL');
  return { imageUrl };
}

export const createLabel = (id: number) =>
  api<{ order: AdminOrder; printed: boolean; message: string }>(`/api/orders/${id}/create-label`, { method: 'POST' });
export const voidLabel = (id: number) => api<AdminOrder>(`/api/orders/${id}/label`, { method: 'DELETE' });
