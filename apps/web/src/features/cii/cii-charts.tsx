import type { CiiBoundariesDto, CiiFigure, CiiSeriesPoint } from '@ecohelm/contracts';
import { useFormat } from '../../lib/use-format';
import { Chart } from '../../ui/chart';
import { RATING_COLORS } from '../../ui/rating-colors';
import { CII_BOUNDARIES } from './boundaries';

const ratingBands = (b: CiiBoundariesDto) =>
  [
    ['A', b.superior],
    ['B', b.lower],
    ['C', b.upper],
    ['D', b.inferior],
  ] as const;

/** Gauge of the attained CII against the rating boundaries of its year (A green … E red). */
export function CiiGauge({ figure }: { figure: CiiFigure }) {
  const { t, num } = useFormat();
  const b = figure.boundaries;
  const max = Math.max(b.inferior * 1.25, (figure.attainedCii ?? 0) * 1.05);
  const stops = [
    ...ratingBands(b).map(([r, v]) => [v / max, RATING_COLORS[r]] as [number, string]),
    [1, RATING_COLORS.E] as [number, string],
  ];
  return (
    <Chart
      label={t('cii.statistics.gauge')}
      option={{
        animation: false,
        series: [
          {
            type: 'gauge',
            min: 0,
            max: Number(max.toFixed(2)),
            radius: '92%',
            center: ['50%', '58%'],
            axisLine: { lineStyle: { width: 14, color: stops } },
            // No pointer without distance sailed: an empty period has no attained CII, not a CII of 0.
            pointer: { width: 5, show: figure.attainedCii !== null },
            splitNumber: 5,
            axisLabel: { color: '#8fa3c7', fontSize: 10, formatter: (v: number) => v.toFixed(1) },
            detail: {
              valueAnimation: false,
              fontSize: 18,
              offsetCenter: [0, '62%'],
              color: figure.rating ? RATING_COLORS[figure.rating] : '#c9d6f2',
              formatter: () =>
                figure.attainedCii === null ? '—' : `${num(figure.attainedCii)}  ${figure.rating ?? ''}`,
            },
            title: { show: false },
            data: [{ value: figure.attainedCii ?? 0, name: t('cii.statistics.attained') }],
            ...(figure.attainedCii === null
              ? {
                  detail: {
                    formatter: () => t('cii.statistics.noDistance'),
                    fontSize: 12,
                    offsetCenter: [0, '62%'],
                    color: '#8fa3c7',
                  },
                }
              : {}),
          },
        ],
      }}
    />
  );
}

/** Attained CII of each period with the required CII and the boundaries of each period's year. */
export function CiiTrendChart({ series }: { series: CiiSeriesPoint[] }) {
  const { t } = useFormat();
  const line = (name: string, values: (number | null)[], color: string, dashed = true) => ({
    type: 'line' as const,
    name,
    data: values.map((v) => (v === null ? null : Number(v.toFixed(3)))),
    symbol: dashed ? 'none' : 'circle',
    connectNulls: false,
    lineStyle: { color, type: dashed ? ('dashed' as const) : ('solid' as const), width: dashed ? 1 : 2 },
    itemStyle: { color },
  });
  return (
    <Chart
      label={t('cii.statistics.trend')}
      option={{
        animation: false,
        tooltip: { trigger: 'axis' },
        legend: { top: 0, textStyle: { color: '#c9d6f2' } },
        grid: { left: 48, right: 16, top: 36, bottom: 28 },
        xAxis: { type: 'category', data: series.map((p) => p.label) },
        yAxis: { type: 'value', name: 'gCO₂/(t·nm)', splitLine: { lineStyle: { color: '#24324f' } } },
        series: [
          line(
            t('cii.statistics.attained'),
            series.map((p) => p.attainedCii),
            '#4378F3',
            false,
          ),
          line(
            t('cii.statistics.required'),
            series.map((p) => p.requiredCii),
            '#c9d6f2',
          ),
          ...CII_BOUNDARIES.map((b) =>
            line(
              b.name,
              series.map((p) => p.boundaries[b.key]),
              b.color,
            ),
          ),
        ],
      }}
    />
  );
}
