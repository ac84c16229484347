import { foulingResponseSchema } from '@ecohelm/contracts';
import { DAY_MS } from '@ecohelm/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { foulingKeys } from './keys';

/** The hull's ISO 19030 analysis of the last `months` months (whole hours, so repeated asks hit the server's cache). */
export const getFouling = (months: number, signal?: AbortSignal) => {
  const to = Math.ceil(Date.now() / 3_600_000) * 3_600_000;
  const from = to - Math.round((months * 365 * DAY_MS) / 12);
  const q = new URLSearchParams({ from: new Date(from).toISOString(), to: new Date(to).toISOString() });
  return apiFetch(`/api/v1/fouling?${q}`, { schema: foulingResponseSchema, ...(signal ? { signal } : {}) });
};

/** Fouling analysis; refreshed every 10 minutes (it reads months of minutes). */
export const useFouling = (months: number) =>
  useQuery({
    queryKey: foulingKeys.report(months),
    queryFn: ({ signal }) => getFouling(months, signal),
    refetchInterval: 600_000,
    placeholderData: keepPreviousData,
  });
