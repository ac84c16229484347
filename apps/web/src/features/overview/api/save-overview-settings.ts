import { type OverviewSettings, overviewSettingsSchema } from '@ecohelm/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { overviewKeys } from './keys';

export const saveOverviewSettings = (settings: OverviewSettings) =>
  apiFetch('/api/v1/overview/settings', { method: 'PUT', body: settings, schema: overviewSettingsSchema });

export function useSaveOverviewSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveOverviewSettings,
    onSuccess: (data) => {
      client.setQueryData(overviewKeys.settings, data);
      void client.invalidateQueries({ queryKey: overviewKeys.factors });
    },
  });
}
