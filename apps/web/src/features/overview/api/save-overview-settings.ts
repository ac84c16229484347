import type { OverviewSettings } from '@ecohelm/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { overviewKeys } from './keys';

export const saveOverviewSettings = (settings: OverviewSettings) =>
  apiFetch<OverviewSettings>('/api/v1/overview/settings', { method: 'PUT', body: settings });

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
