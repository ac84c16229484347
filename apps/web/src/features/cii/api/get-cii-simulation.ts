import { type CiiRatingLetter, ciiSimulatorResponseSchema } from '@ecohelm/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { ciiKeys, searchOf } from './get-cii-statistics';

export interface CiiSimulationInput {
  speeds: number[];
  days: number;
  rating: CiiRatingLetter;
}

export const getCiiSimulation = (input: CiiSimulationInput, signal?: AbortSignal) =>
  apiFetch(
    `/api/v1/cii/simulator?${searchOf({ speeds: input.speeds.join(','), days: input.days, rating: input.rating })}`,
    { schema: ciiSimulatorResponseSchema, ...(signal ? { signal } : {}) },
  );

export const ciiSimulationQuery = (input: CiiSimulationInput) =>
  queryOptions({
    queryKey: ciiKeys.simulation({ ...input }),
    queryFn: ({ signal }) => getCiiSimulation(input, signal),
    placeholderData: keepPreviousData,
  });

/** Year-end CII at each planned speed from the ship's own speed–consumption model; off until submitted. */
export const useCiiSimulation = (input: CiiSimulationInput | null) =>
  useQuery({
    ...ciiSimulationQuery(input ?? { speeds: [], days: 0, rating: 'C' }),
    enabled: input !== null,
  });
