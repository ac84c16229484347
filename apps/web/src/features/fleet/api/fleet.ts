import {
  type FleetOverviewResponse,
  type FleetShipDetail,
  fleetOverviewResponseSchema,
  fleetShipDetailSchema,
  type Review,
  type ReviewInput,
  reviewSchema,
} from '@ecohelm/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download';

export const fleetKeys = {
  all: ['fleet'] as const,
  ships: (year: number) => ['fleet', 'ships', year] as const,
  ship: (shipId: string, year: number) => ['fleet', 'ship', shipId, year] as const,
};

/** Every ship of the fleet with its figures of `year`; refreshed every minute (ships report as their links allow). */
export const useFleetShips = (year: number) =>
  useQuery<FleetOverviewResponse>({
    queryKey: fleetKeys.ships(year),
    queryFn: ({ signal }) =>
      apiFetch(`/api/v1/fleet/ships?year=${year}`, { schema: fleetOverviewResponseSchema, signal }),
    refetchInterval: 60_000,
    placeholderData: keepPreviousData,
  });

/** One ship as the shore holds it. */
export const useFleetShip = (shipId: string, year: number) =>
  useQuery<FleetShipDetail>({
    queryKey: fleetKeys.ship(shipId, year),
    queryFn: ({ signal }) =>
      apiFetch(`/api/v1/fleet/ships/${encodeURIComponent(shipId)}?year=${year}`, {
        schema: fleetShipDetailSchema,
        signal,
      }),
  });

/** The shore verifies a filling record or returns it for correction (the decision travels to the ship). */
export function useDecideRecord() {
  const client = useQueryClient();
  return useMutation<Review, Error, ReviewInput>({
    mutationFn: (body) => apiFetch('/api/v1/sync/reviews', { method: 'POST', body, schema: reviewSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: fleetKeys.all }),
  });
}

/** The fleet report of a year (EU MRV, IMO DCS, EU ETS, FuelEU) as an XLSX file. */
export function useExportFleetReport() {
  return useMutation({
    mutationFn: ({ year, lang }: { year: number; lang: 'zh_CN' | 'en_US' }) =>
      downloadFile(`/api/v1/fleet/reports/export?year=${year}&lang=${lang}`, `fleet-report-${year}.xlsx`),
  });
}
