import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StoreSettings, StoreSettingsBody } from '#shared/settings.ts';
import { api, errorMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../ui/toast.tsx';
import { SETTINGS_KEY } from './get-settings.ts';

/** PUT /api/admin/settings: every setting at once. */
export const saveSettings = (body: StoreSettingsBody) => api<StoreSettings>('/api/admin/settings', { method: 'PUT', body });

export function useSaveSettingsMutation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveSettings,
    meta: {
      failure: (err) => ({ title: 'Save Failed', description: errorMessage(err, 'The settings could not be saved') }),
    },
    onSuccess: (saved) => {
      qc.setQueryData(SETTINGS_KEY, saved);
      // Requiring a second factor may leave this admin with enrolment only (docs/decisions/0056).
      void qc.invalidateQueries({ queryKey: ['admin', 'me'] });
      toast({ title: 'Settings Saved', description: 'The store uses them from now on.' });
    },
  });
}
