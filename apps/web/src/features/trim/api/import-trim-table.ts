import { type TrimTableImport, trimTableInfoSchema } from '@ecohelm/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** Uploads a vendor trim table (CSV); the server checks it and uses it for the advice. */
export const importTrimTable = (body: TrimTableImport) =>
  apiFetch('/api/v1/trim/table', { method: 'POST', body, schema: trimTableInfoSchema });

export function useImportTrimTable() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: importTrimTable,
    // The table is stored once the POST answers; the advice refreshes behind the closed dialog.
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['trim'] });
    },
  });
}
