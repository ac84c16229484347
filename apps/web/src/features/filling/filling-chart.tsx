import type { FillingRecord } from '@ecohelm/contracts';
import { useTranslation } from 'react-i18next';
import { Chart } from '../../ui/chart';

/** ROB per fuel type over time (lines) and consumption per record (bars), from the list's records. */
export function FillingChart({ records }: { records: FillingRecord[] }) {
  const { t } = useTranslation();
  const timed = records
    .filter((r) => r.eventTime)
    .sort((a, b) => (a.eventTime ?? '').localeCompare(b.eventTime ?? ''));
  const fuels = new Set<string>();
  for (const r of timed) {
    for (const row of (r.data.fuel as { fuelType: string }[] | undefined) ?? []) fuels.add(row.fuelType);
    for (const f of Object.keys(r.consumedT)) fuels.add(f);
  }
  const series = [...fuels].flatMap((fuel) => [
    {
      type: 'line' as const,
      name: `${t(`ship.fuels.${fuel}`)} ${t('filling.chart.rob')}`,
      data: timed.flatMap((r) => {
        const row = ((r.data.fuel as { fuelType: string; robT?: number }[] | undefined) ?? []).find(
          (x) => x.fuelType === fuel,
        );
        return row?.robT !== undefined ? [[r.eventTime, row.robT]] : [];
      }),
    },
    {
      type: 'bar' as const,
      name: `${t(`ship.fuels.${fuel}`)} ${t('filling.chart.consumed')}`,
      yAxisIndex: 1,
      data: timed.flatMap((r) => (r.consumedT[fuel] !== undefined ? [[r.eventTime, r.consumedT[fuel]]] : [])),
    },
  ]);
  return (
    <Chart
      label={t('filling.chart.label')}
      height={300}
      option={
        {
          tooltip: { trigger: 'axis' },
          legend: { top: 0 },
          grid: { left: 50, right: 50, top: 40, bottom: 30 },
          xAxis: { type: 'time' },
          yAxis: [
            { type: 'value', name: t('filling.chart.rob') },
            { type: 'value', name: t('filling.chart.consumed') },
          ],
          series,
        } as never
      }
    />
  );
}
