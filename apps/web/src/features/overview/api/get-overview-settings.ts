import { overviewSettingsSchema } from '@ecohelm/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { overviewKeys } from './keys';

export const getOverviewSettings = (signal?: AbortSignal) =>
  apiFetch('/api/v1/overview/settings', { schema: overviewSettingsSchema, ...(signal ? { signal } : {}) });

/** This console's overview settings (its factor choice). */
export const useOverviewSettings = () =>
  useQuery({ queryKey: overviewKeys.settings, queryFn: ({ signal }) => getOverviewSettings(signal) });
