import {
  type ComplianceFlexibility,
  type ComplianceRequest,
  type ComplianceResponse,
  complianceResponseSchema,
} from '@ecohelm/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiFetch, isApiErrorBody } from '../../../lib/api-client';
import { apiPath } from '../../../lib/ship-scope';
import { safeStorage, storageKeys } from '../../../lib/storage';

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
    mutationFn: async (request) => {
      const token = safeStorage.getItem(storageKeys.deviceToken);
      let response: Response;
      try {
        response = await fetch(apiPath('/api/v1/fleet/compliance/export'), {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          },
          body: JSON.stringify(request),
        });
      } catch (cause) {
        throw new ApiError(0, 'network', cause instanceof Error ? cause.message : String(cause));
      }
      if (!response.ok) {
        const payload: unknown = await response.json().catch(() => undefined);
        if (isApiErrorBody(payload)) {
          const e = payload.error;
          throw new ApiError(response.status, e.code, e.message, e.requestId, e.details);
        }
        throw new ApiError(response.status, 'unknown', response.statusText);
      }
      const name =
        /filename="([^"]+)"/i.exec(response.headers.get('content-disposition') ?? '')?.[1] ??
        `fueleu-allocation-${request.year}.xlsx`;
      const url = URL.createObjectURL(await response.blob());
      const a = document.createElement('a');
      a.href = url;
      a.download = name;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      return name;
    },
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
