import type { FoulingResponse } from '@ecohelm/contracts';
import { FOULING_RATING_LIMITS, type FoulingRating } from '@ecohelm/domain';
import type { TFunction } from 'i18next';
import type { ChartOption } from '../../ui/chart';

type Data = FoulingResponse;
type Maintenance = Data['maintenance'][number];
type T = TFunction;
type Num = (value: number | null | undefined, digits: number) => string;

const DAY_MS = 86_400_000;
const day = (iso: string) => iso.slice(0, 10);

/** Band colours of the ratings (the tips card's tag colours, faint). */
export const RATING_BAND_COLOURS: Record<FoulingRating, string> = {
  excellent: 'rgba(47, 191, 113, 0.10)',
  good: 'rgba(64, 150, 255, 0.10)',
  fair: 'rgba(250, 173, 20, 0.12)',
  poor: 'rgba(255, 77, 79, 0.12)',
};

/**
 * The rating scale as PV bands (PV = −speed loss): excellent above −2 %, good to −4 %, fair to −7 %, poor below
 * (`FOULING_RATING_LIMITS`, SPEC §2 "ratings excellent, good, fair, poor"), between the axis' ends.
 */
export function ratingBands(
  yMin: number,
  yMax: number,
): { rating: FoulingRating; from: number; to: number }[] {
  const { excellent, good, fair } = FOULING_RATING_LIMITS;
  return [
    { rating: 'excellent' as const, from: -excellent, to: yMax },
    { rating: 'good' as const, from: -good, to: -excellent },
    { rating: 'fair' as const, from: -fair, to: -good },
    { rating: 'poor' as const, from: yMin, to: -fair },
  ].filter((b) => b.to > b.from);
}

/** The y-axis ends of a PV chart: the data with room, and the whole rating scale (down below −7 %) in view. */
export function pvAxisRange(values: readonly number[]): { min: number; max: number } {
  const lo = Math.min(-(FOULING_RATING_LIMITS.fair + 1), ...values);
  const hi = Math.max(1, ...values);
  return { min: Math.floor(lo), max: Math.ceil(hi) };
}

/** The latest maintenance event (by its end). */
export const latestMaintenance = (list: readonly Maintenance[]): Maintenance | undefined =>
  list.reduce<Maintenance | undefined>((a, m) => (!a || m.endTime > a.endTime ? m : a), undefined);

/**
 * The fouling trend: daily PV over the range with the rating scale as bands, every maintenance event marked at its
 * end (the axis runs over the whole range asked, so a cleaning after the last valid day is still marked), and the
 * fitted trend since the last maintenance.
 */
export function trendChartOption(data: Data, t: T, num: Num): ChartOption {
  const trend = data.trend;
  const last = data.daily.at(-1)?.date ?? day(data.to);
  const trendLine =
    trend && data.current
      ? (() => {
          // The fitted line through the points since the last maintenance, ending at the current mean.
          const since = Date.parse(trend.since);
          const end = Date.parse(`${last}T12:00:00Z`);
          const months = (end - since) / (30 * DAY_MS);
          const atEnd = data.current.pv;
          return [
            [day(trend.since), atEnd - trend.slopePer30d * months],
            [last, atEnd],
          ];
        })()
      : [];
  const range = pvAxisRange(data.daily.map((p) => p.pv));
  const bands = ratingBands(range.min, range.max);
  return {
    grid: { left: 48, right: 72, top: 32, bottom: 28 },
    tooltip: { trigger: 'axis', valueFormatter: (v) => `${num(Number(v), 2)} %` },
    legend: { top: 0, textStyle: { color: '#c9d6ea' } },
    // Dates as numbers, the same in both languages (ECharts' own month names follow its locale, not ours).
    xAxis: {
      type: 'time',
      min: Date.parse(data.from),
      max: Date.parse(data.to),
      axisLabel: { formatter: (v: number) => new Date(v).toISOString().slice(0, 7) },
    },
    yAxis: {
      type: 'value',
      name: t('fouling.pvAxis'),
      min: range.min,
      max: range.max,
      nameTextStyle: { color: '#8da2c0' },
      splitLine: { lineStyle: { opacity: 0.15 } },
    },
    series: [
      {
        name: t('fouling.dailyPv'),
        type: 'line',
        showSymbol: false,
        data: data.daily.map((p) => [p.date, p.pv]),
        markArea: {
          silent: true,
          label: { position: 'right', color: '#8da2c0', fontSize: 10 },
          data: bands.map((b) => [
            {
              name: t(`fouling.ratings.${b.rating}`),
              yAxis: b.from,
              itemStyle: { color: RATING_BAND_COLOURS[b.rating] },
            },
            { yAxis: b.to },
          ]),
        },
        markLine: {
          symbol: 'none',
          label: { formatter: (p) => String(p.name ?? ''), color: '#c9d6ea', fontSize: 10 },
          lineStyle: { type: 'dashed', color: '#2fbf71' },
          data: data.maintenance.map((m) => ({
            name: `${t(`fouling.kinds.${m.kind}`)} ${day(m.endTime)}`,
            xAxis: Date.parse(m.endTime),
          })),
        },
      },
      ...(trendLine.length
        ? [
            {
              name: t('fouling.trendLine'),
              type: 'line' as const,
              showSymbol: false,
              lineStyle: { type: 'dashed' as const, width: 2 },
              data: trendLine,
            },
          ]
        : []),
    ],
  } as ChartOption;
}

/** Days either side of a maintenance event on its curve chart. */
export const CLEANING_WINDOW_DAYS = 60;

/**
 * A maintenance event's curve chart (SPEC §2 "cleaning records … and curve charts"): the daily PV from 60 days
 * before to 60 days after it, the event's days shaded, and the means of its reference and evaluation periods (its
 * effect, ISO 19030-2) drawn as levels when it has one.
 */
export function cleaningCurveOption(data: Data, m: Maintenance, t: T, num: Num): ChartOption {
  const start = Date.parse(m.startTime);
  const end = Date.parse(m.endTime);
  const from = start - CLEANING_WINDOW_DAYS * DAY_MS;
  const to = end + CLEANING_WINDOW_DAYS * DAY_MS;
  const points = data.daily.filter((p) => {
    const at = Date.parse(`${p.date}T12:00:00Z`);
    return at >= from && at <= to;
  });
  const range = pvAxisRange(points.map((p) => p.pv));
  const level = (name: string, period: { from: string; to: string; mean: number }) => [
    { name, coord: [Date.parse(period.from), period.mean] },
    { coord: [Date.parse(period.to), period.mean] },
  ];
  const e = m.effect;
  return {
    grid: { left: 44, right: 16, top: 28, bottom: 24 },
    tooltip: { trigger: 'axis', valueFormatter: (v) => `${num(Number(v), 2)} %` },
    legend: { top: 0, textStyle: { color: '#c9d6ea' } },
    xAxis: {
      type: 'time',
      min: from,
      max: to,
      axisLabel: { formatter: (v: number) => new Date(v).toISOString().slice(5, 10) },
    },
    yAxis: {
      type: 'value',
      name: t('fouling.pvAxis'),
      min: range.min,
      max: range.max,
      splitLine: { lineStyle: { opacity: 0.15 } },
    },
    series: [
      {
        name: t('fouling.dailyPv'),
        type: 'line',
        showSymbol: true,
        symbolSize: 4,
        data: points.map((p) => [p.date, p.pv]),
        markArea: {
          silent: true,
          itemStyle: { color: 'rgba(47, 191, 113, 0.18)' },
          label: { color: '#c9d6ea', fontSize: 10 },
          data: [
            [
              { name: t(`fouling.kinds.${m.kind}`), xAxis: start },
              { xAxis: Math.max(end, start + DAY_MS / 4) },
            ],
          ],
        },
        ...(e
          ? {
              markLine: {
                symbol: 'none',
                lineStyle: { type: 'solid', width: 2, color: '#f2c94c' },
                label: {
                  formatter: (p: { name?: string }) => String(p.name ?? ''),
                  color: '#c9d6ea',
                  fontSize: 10,
                },
                data: [
                  level(t('fouling.curveBefore', { value: num(e.reference.mean, 2) }), e.reference),
                  level(t('fouling.curveAfter', { value: num(e.evaluation.mean, 2) }), e.evaluation),
                ],
              },
            }
          : {}),
      },
    ],
  } as ChartOption;
}
