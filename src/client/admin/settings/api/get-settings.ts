import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StoreSettings } from '#shared/settings.ts';
import { api } from '../../../lib/api-client.ts';

/** GET /api/admin/settings: the store's settings (only while the Settings tab is open). */
export const getSettings = () => api<StoreSettings>('/api/admin/settings');

export const SETTINGS_KEY = ['admin', 'settings'] as const;
export const settingsQuery = () => queryOptions({ queryKey: SETTINGS_KEY, queryFn: getSettings });

export const useSettings = () => useQuery(settingsQuery());
