import {
  type ComplianceFlexibility,
  type ComplianceRequest,
  type ComplianceResponse,
  complianceResponseSchema,
} from '@ecohelm/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download';

/** The fleet's compliance plan with the user's price, pool choices, what-ifs and allocation rule. */
export const useCompliancePlan = (request: ComplianceRequest) =>
  useQuery<ComplianceResponse>({
    queryKey: ['fleet', 'compliance', request],
    queryFn: ({ signal }) =>
      apiFetch('/api/v1/fleet/compliance', {
        method: 'POST',
        body: request,
        schema: complianceResponseSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** The pool allocation of the same plan as an XLSX file, saved under the server's name. */
export function useExportAllocation() {
  return useMutation<string, Error, ComplianceRequest>({
    mutationFn: (request) =>
      downloadFile(
        '/api/v1/fleet/compliance/export',
        `fueleu-allocation-${request.year}.xlsx`,
        undefined,
        request,
      ),
  });
}

/** Records what the company banked, borrowed and paid for a ship's year (the FuelEU database's entries). */
export function useRecordFlexibility() {
  const client = useQueryClient();
  return useMutation<{ ok: true }, Error, ComplianceFlexibility>({
    mutationFn: (body) => apiFetch('/api/v1/fleet/compliance/flexibility', { method: 'PUT', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['fleet', 'compliance'] }),
  });
}
