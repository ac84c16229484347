import { type FillingCheckRequest, fillingCheckResponseSchema } from '@ecohelm/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** Dry run of a save: the errors and warnings the record would have. */
export const checkFillingRecord = (body: FillingCheckRequest) =>
  apiFetch('/api/v1/filling/records/check', { method: 'POST', body, schema: fillingCheckResponseSchema });

export const useCheckFillingRecord = () => useMutation({ mutationFn: checkFillingRecord });
