import { type EnergyReportPeriod, energyReportResponseSchema } from '@ecohelm/contracts';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download';

export const getEnergyReport = (period: EnergyReportPeriod, signal?: AbortSignal) =>
  apiFetch(`/api/v1/energy-report?period=${period}`, {
    schema: energyReportResponseSchema,
    ...(signal ? { signal } : {}),
  });

/** The fuel oil report by ship day (last 30), ship month (last 12) or voyage (last 12). */
export const useEnergyReport = (period: EnergyReportPeriod) =>
  useQuery({
    queryKey: ['energy-report', period] as const,
    queryFn: ({ signal }) => getEnergyReport(period, signal),
    placeholderData: keepPreviousData,
  });

/** Downloads the report as XLSX or PDF in a language. */
export const useExportEnergyReport = () =>
  useMutation({
    mutationFn: (q: { period: EnergyReportPeriod; format: 'xlsx' | 'pdf'; lang: 'zh_CN' | 'en_US' }) =>
      downloadFile(
        `/api/v1/energy-report/export?${new URLSearchParams(q)}`,
        `fuel-oil-report-${q.period}.${q.format}`,
      ),
  });
