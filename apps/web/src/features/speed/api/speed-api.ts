import {
  type RtzImport,
  rpmSimulationSchema,
  type ShipConditionInput,
  type SpeedAdjustmentInput,
  shipConditionSchema,
  slipResponseSchema,
  speedHistorySchema,
  speedResponseSchema,
  type VoyagePlanInput,
  voyagePlanSchema,
  weatherForecastListSchema,
  weatherImportResponseSchema,
} from '@ecohelm/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

const keys = {
  speed: ['speed'] as const,
  history: (hours: number) => ['speed', 'history', hours] as const,
  slip: (days: number) => ['speed', 'slip', days] as const,
  simulate: (rpm: number) => ['speed', 'simulate', rpm] as const,
};

const getSpeed = (signal?: AbortSignal) =>
  apiFetch('/api/v1/speed', { schema: speedResponseSchema, ...(signal ? { signal } : {}) });

/** A first answer asked for while the page's code still loads (the route starts it). */
let early: { at: number; answer: ReturnType<typeof getSpeed> } | undefined;
export function startSpeedFetch(): void {
  early = { at: Date.now(), answer: getSpeed() };
  early.answer.catch(() => undefined);
}

/** The speed page: navigation now, the plan, the advice and its basis; refreshed every 10 s. */
export const useSpeed = () =>
  useQuery({
    queryKey: keys.speed,
    queryFn: ({ signal }) => {
      const first = early;
      early = undefined;
      // Only an answer asked for just now, by this visit of the page.
      return first && Date.now() - first.at < 5_000 ? first.answer : getSpeed(signal);
    },
    refetchInterval: 10_000,
    placeholderData: keepPreviousData,
  });

/** Advised against actual rpm and the crew's decisions over the last `hours`. */
export const useSpeedHistory = (hours: number) =>
  useQuery({
    queryKey: keys.history(hours),
    queryFn: ({ signal }) =>
      apiFetch(`/api/v1/speed/history?hours=${hours}`, { schema: speedHistorySchema, signal }),
    refetchInterval: 60_000,
    placeholderData: keepPreviousData,
  });

export const useSlip = (days: number, enabled: boolean) =>
  useQuery({
    queryKey: keys.slip(days),
    queryFn: ({ signal }) =>
      apiFetch(`/api/v1/speed/slip?days=${days}`, { schema: slipResponseSchema, signal }),
    enabled,
  });

/** What an rpm gives to the destination; asked again when the rpm settles. */
export const useRpmSimulation = (rpm: number | null) =>
  useQuery({
    queryKey: keys.simulate(rpm ?? 0),
    queryFn: ({ signal }) =>
      apiFetch(`/api/v1/speed/simulate?rpm=${rpm}`, { schema: rpmSimulationSchema, signal }),
    enabled: rpm !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });

function useSpeedMutation<T, R>(fn: (body: T) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    // The page refreshes behind the closed dialog; the save does not wait for it.
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: keys.speed });
    },
  });
}

export const useSaveCondition = () =>
  useSpeedMutation((body: ShipConditionInput) =>
    apiFetch('/api/v1/speed/condition', { method: 'PUT', body, schema: shipConditionSchema }),
  );

export const useSavePlan = () =>
  useSpeedMutation((body: VoyagePlanInput) =>
    apiFetch('/api/v1/speed/plan', { method: 'PUT', body, schema: voyagePlanSchema }),
  );

export const useImportRtz = () =>
  useSpeedMutation((body: RtzImport) =>
    apiFetch('/api/v1/speed/plan/rtz', { method: 'POST', body, schema: voyagePlanSchema }),
  );

export const useAdjust = () =>
  useSpeedMutation((body: SpeedAdjustmentInput) =>
    apiFetch('/api/v1/speed/adjustments', {
      method: 'POST',
      body,
      schema: speedHistorySchema.shape.adjustments.element,
    }),
  );

/** The imported GRIB forecasts (newest first). */
export const useForecastFiles = () =>
  useQuery({
    queryKey: ['speed', 'forecasts'] as const,
    queryFn: ({ signal }) =>
      apiFetch('/api/v1/weather/forecasts', { schema: weatherForecastListSchema, signal }),
    refetchInterval: 60_000,
  });

/** Uploads a GRIB2 forecast file; the advice uses it at once. */
export function useImportGrib() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) =>
      apiFetch(`/api/v1/weather/forecasts?name=${encodeURIComponent(file.name)}`, {
        method: 'POST',
        body: file,
        schema: weatherImportResponseSchema,
      }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['speed'] });
    },
  });
}
