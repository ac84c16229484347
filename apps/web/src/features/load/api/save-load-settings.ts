import { type LoadSettings, loadSettingsInfoSchema } from '@ecohelm/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** Stores the load assistant's limits and priorities; the server checks them and the advice follows at once. */
export const saveLoadSettings = (body: LoadSettings) =>
  apiFetch('/api/v1/load/settings', { method: 'PUT', body, schema: loadSettingsInfoSchema });

export function useSaveLoadSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveLoadSettings,
    onSuccess: () => client.invalidateQueries({ queryKey: ['load'] }),
  });
}
