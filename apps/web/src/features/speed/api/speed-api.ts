import type {
  RpmSimulation,
  RtzImport,
  ShipCondition,
  ShipConditionInput,
  SlipResponse,
  SpeedAdjustmentInput,
  SpeedHistory,
  SpeedResponse,
  VoyagePlan,
  VoyagePlanInput,
  WeatherForecastList,
  WeatherImportResponse,
} from '@ecohelm/contracts';
import { openingSimulationRpm } from '@ecohelm/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answerOf, apiFetch, takeEarly } from '../../../lib/api-client';

const keys = {
  speed: ['speed'] as const,
  history: (hours: number) => ['speed', 'history', hours] as const,
  slip: (days: number) => ['speed', 'slip', days] as const,
  simulate: (rpm: number) => ['speed', 'simulate', rpm] as const,
};

const SPEED_PATH = '/api/v1/speed';
const historyPath = (hours: number) => `/api/v1/speed/history?hours=${hours}`;
const simulatePath = (rpm: number) => `/api/v1/speed/simulate?rpm=${rpm}`;
const FORECASTS_PATH = '/api/v1/weather/forecasts';
/** The hours of advice history the page opens on. */
export const FIRST_HISTORY_HOURS = 48;

// The page's answers are taken as the contract's types without a second check: the server's serializer checks every
// answer against the same schemas (see `ApiRequest.schema`), so the page draws without zod (its dialogs' forms check
// what they send with the contracts, and load with the first dialog opened).
const getSpeed = (signal?: AbortSignal) => apiFetch<SpeedResponse>(SPEED_PATH, signal ? { signal } : {});
const getHistory = (hours: number, signal?: AbortSignal) =>
  apiFetch<SpeedHistory>(historyPath(hours), signal ? { signal } : {});
const getForecasts = (signal?: AbortSignal) =>
  apiFetch<WeatherForecastList>(FORECASTS_PATH, signal ? { signal } : {});
const getSimulation = (rpm: number, signal?: AbortSignal) =>
  apiFetch<RpmSimulation>(simulatePath(rpm), signal ? { signal } : {});

/** The rpm the page's simulation opens on, the one the page's answer carries the simulation of (domain's rule). */
export const openingSimulationRpmOf = (data: SpeedResponse): number =>
  openingSimulationRpm({
    advisedRpm: data.advice?.rpm,
    engineRpm: data.navigation.rpm,
    minRpm: data.model.minRpm,
    maxRpm: data.model.maxRpm,
  });

/** Answers asked for while the page's code still loads, by path; each is taken once, by this visit of the page. */
const early = new Map<
  string,
  { at: number; answer: Promise<unknown>; arrived?: { value: unknown; at: number } }
>();
function fromEarly<T>(path: string, fetchOwn: () => Promise<T>): Promise<T> {
  const first = early.get(path);
  early.delete(path);
  // Only an answer asked for just now.
  return first && Date.now() - first.at < 5_000 ? (first.answer as Promise<T>) : fetchOwn();
}
function startEarly<T>(path: string, answer: Promise<T>): Promise<T> {
  const started: { at: number; answer: Promise<unknown>; arrived?: { value: unknown; at: number } } = {
    at: Date.now(),
    answer,
  };
  answer.then(
    (value) => {
      started.arrived = { value, at: Date.now() };
    },
    () => undefined,
  );
  early.set(path, started);
  return answer;
}

/**
 * The early answer to `path` when it is already in and not yet taken, with the time it came: a query's first data,
 * so the page draws filled on its first render instead of with spinners and again a moment later. The query's first
 * read then takes the same answer (`fromEarly`), asking the server nothing.
 */
function arrived<T>(path: string): { data: T; at: number } | undefined {
  const first = early.get(path);
  if (!first?.arrived || Date.now() - first.at >= 5_000) return undefined;
  return { data: first.arrived.value as T, at: first.arrived.at };
}

/**
 * The page's reads, asked for while its code still loads (the route starts them): its answer (with the simulation
 * it opens on), its advice history and the forecast files — sent already by index.html when the console opens on this
 * page, else now — not one after the other as the page draws.
 */
export function startSpeedFetch(): void {
  for (const [path, own] of [
    [SPEED_PATH, () => getSpeed()],
    [historyPath(FIRST_HISTORY_HOURS), () => getHistory(FIRST_HISTORY_HOURS)],
    [FORECASTS_PATH, () => getForecasts()],
  ] as const) {
    const sent = takeEarly(path);
    startEarly<unknown>(path, sent ? answerOf(sent) : own());
  }
}

/** The speed page: navigation now, the plan, the advice and its basis; refreshed every 10 s. */
export const useSpeed = () =>
  useQuery({
    queryKey: keys.speed,
    queryFn: ({ signal }) => fromEarly(SPEED_PATH, () => getSpeed(signal)),
    initialData: () => arrived<SpeedResponse>(SPEED_PATH)?.data,
    initialDataUpdatedAt: () => arrived(SPEED_PATH)?.at,
    refetchInterval: 10_000,
    placeholderData: keepPreviousData,
  });

/** Advised against actual rpm and the crew's decisions over the last `hours`. */
export const useSpeedHistory = (hours: number) =>
  useQuery({
    queryKey: keys.history(hours),
    queryFn: ({ signal }) => fromEarly(historyPath(hours), () => getHistory(hours, signal)),
    initialData: () => arrived<SpeedHistory>(historyPath(hours))?.data,
    initialDataUpdatedAt: () => arrived(historyPath(hours))?.at,
    refetchInterval: 60_000,
    placeholderData: keepPreviousData,
  });

export const useSlip = (days: number, enabled: boolean) =>
  useQuery({
    queryKey: keys.slip(days),
    queryFn: ({ signal }) => apiFetch<SlipResponse>(`/api/v1/speed/slip?days=${days}`, { signal }),
    enabled,
  });

/**
 * What an rpm gives to the destination; asked again when the rpm settles. `opening` is the simulation the page's
 * answer carries (of the rpm the page opens on): that rpm's first data, so the page draws it with the rest.
 */
export const useRpmSimulation = (rpm: number | null, opening?: RpmSimulation | null) =>
  useQuery({
    queryKey: keys.simulate(rpm ?? 0),
    queryFn: ({ signal }) => getSimulation(rpm ?? 0, signal),
    initialData: () => (opening && opening.rpm === rpm ? opening : undefined),
    // As fresh as the page's answer it came with (asked every 10 s).
    staleTime: 10_000,
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
    apiFetch<ShipCondition>('/api/v1/speed/condition', { method: 'PUT', body }),
  );

/** Gives the ship condition back to the sensors (the crew's setting forgotten). */
export const useResetCondition = () =>
  useSpeedMutation((_: undefined) =>
    apiFetch<ShipCondition>('/api/v1/speed/condition', { method: 'DELETE' }),
  );

export const useSavePlan = () =>
  useSpeedMutation((body: VoyagePlanInput) =>
    apiFetch<VoyagePlan>('/api/v1/speed/plan', { method: 'PUT', body }),
  );

export const useImportRtz = () =>
  useSpeedMutation((body: RtzImport) =>
    apiFetch<VoyagePlan>('/api/v1/speed/plan/rtz', { method: 'POST', body }),
  );

export const useAdjust = () =>
  useSpeedMutation((body: SpeedAdjustmentInput) =>
    apiFetch<SpeedHistory['adjustments'][number]>('/api/v1/speed/adjustments', { method: 'POST', body }),
  );

/** The imported GRIB forecasts (newest first). */
export const useForecastFiles = () =>
  useQuery({
    queryKey: ['speed', 'forecasts'] as const,
    queryFn: ({ signal }) => fromEarly(FORECASTS_PATH, () => getForecasts(signal)),
    initialData: () => arrived<WeatherForecastList>(FORECASTS_PATH)?.data,
    initialDataUpdatedAt: () => arrived(FORECASTS_PATH)?.at,
    refetchInterval: 60_000,
  });

/** Uploads a GRIB2 forecast file; the advice uses it at once. */
export function useImportGrib() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) =>
      apiFetch<WeatherImportResponse>(`/api/v1/weather/forecasts?name=${encodeURIComponent(file.name)}`, {
        method: 'POST',
        body: file,
      }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['speed'] });
    },
  });
}
