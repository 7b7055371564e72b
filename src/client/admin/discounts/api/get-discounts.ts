import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminDiscount } from '#shared/discounts.ts';
import { api } from '../../../lib/api-client.ts';

/** GET /api/admin/discounts: every code with its state and uses (only while the Discounts tab is open). */
export const getDiscounts = () => api<AdminDiscount[]>('/api/admin/discounts');

export const DISCOUNTS_KEY = ['admin', 'discounts'] as const;
export const discountsQuery = () => queryOptions({ queryKey: DISCOUNTS_KEY, queryFn: getDiscounts });

export const useDiscounts = () => useQuery(discountsQuery());
