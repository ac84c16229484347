import { type IngestCsvRequest, ingestCsvJobSchema } from '@ecohelm/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

export const startCsvImport = (request: IngestCsvRequest) =>
  apiFetch('/api/v1/ingest/csv', { method: 'POST', body: request, schema: ingestCsvJobSchema });

/** Starts a CSV import job on the server; its progress is polled with `useCsvJob`. */
export const useStartCsvImport = () => useMutation({ mutationFn: startCsvImport });
