import type { OverviewSettings } from '@ecohelm/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { earlyPartQuery } from './get-overview-page';
import { overviewKeys } from './keys';

export const getOverviewSettings = (signal?: AbortSignal) =>
  apiFetch<OverviewSettings>('/api/v1/overview/settings', signal ? { signal } : {});

/** This console's overview settings (its factor choice). */
export const useOverviewSettings = () =>
  useQuery({
    queryKey: overviewKeys.settings,
    ...earlyPartQuery('settings', getOverviewSettings),
  });
