import type { ReportExportQuery } from '@ecohelm/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { type DownloadProgress, downloadFile } from '../../../lib/download';
import { reportSearch } from './get-report';

export type ExportProgress = DownloadProgress;

/** Downloads an exported report (XLSX or PDF) as a file, reporting progress while the body streams in. */
export function exportReport(
  query: ReportExportQuery,
  onProgress: (p: ExportProgress) => void,
): Promise<string> {
  return downloadFile(
    `/api/v1/reports/export?${reportSearch(query)}`,
    `report-${query.year}.${query.format}`,
    onProgress,
  );
}

/** Export as a mutation with its progress (null when idle). */
export function useExportReport() {
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const mutation = useMutation({
    mutationFn: (query: ReportExportQuery) => exportReport(query, setProgress),
    onSettled: () => setProgress(null),
  });
  return { ...mutation, progress };
}
