import type { AssessmentItem } from '@ecohelm/contracts';
import { useTranslation } from 'react-i18next';
import { usePageConfig } from '../../lib/page-config';
import { formatShipTime, utcOffsetLabel } from '../../lib/ship-time';
import { useFormat } from '../../lib/use-format';
import { Chart, type ChartOption } from '../../ui/chart';

const GRID_LINE = { lineStyle: { opacity: 0.15 } };

/** Whether a row of the assessment has a detail to open (engines' curves, the hull's days, a boiler's hours). */
export const hasDetail = (i: AssessmentItem): boolean =>
  Boolean(i.detail || (i.unit === 'hull' && i.hullDetail) || i.boilerDetail);

/** The hull row's detail: the daily ISO 19030 performance values of the last 30 days behind its rating. */
export function HullDetail({ item }: { item: AssessmentItem }) {
  const { t } = useTranslation();
  const { num } = useFormat();
  const { config } = usePageConfig();
  const d = item.hullDetail!;
  const option: ChartOption = {
    grid: { left: 50, right: 16, top: 30, bottom: 40 },
    tooltip: { trigger: 'axis', valueFormatter: (v) => `${num(Number(v), 2)} %` },
    xAxis: { type: 'category', data: d.daily.map((p) => p.date) },
    yAxis: { type: 'value', name: t('equipment.assessment.hullAxis'), scale: true, splitLine: GRID_LINE },
    series: [
      {
        name: t('equipment.assessment.hullSeries'),
        type: 'line',
        showSymbol: true,
        symbolSize: 5,
        data: d.daily.map((p) => Number(p.pv.toFixed(2))),
      },
    ],
  };
  return (
    <div data-testid="assessment-detail" data-detail="hull">
      <p>
        {item.deviationPct === null
          ? t('equipment.assessment.hullNoRating', { days: d.daily.length })
          : t('equipment.assessment.hullText', {
              loss: num(item.deviationPct, 1),
              hours: item.points,
              from: formatShipTime(d.ratedFrom ?? d.from, config.shipTimeOffsetMinutes, 'day'),
              rating: item.rating ? t(`equipment.assessment.ratings.${item.rating}`) : '—',
            })}
      </p>
      {d.daily.length > 0 ? (
        <div style={{ height: 300 }}>
          <Chart option={option} label={t('equipment.assessment.hullLabel')} height="100%" />
        </div>
      ) : null}
    </div>
  );
}

/** A boiler row's detail: what it did hour by hour in the period, and why it has no rating. */
export function BoilerDetail({ item }: { item: AssessmentItem }) {
  const { t } = useTranslation();
  const { num } = useFormat();
  const { config } = usePageConfig();
  const d = item.boilerDetail!;
  const offset = config.shipTimeOffsetMinutes;
  const option: ChartOption = {
    grid: { left: 50, right: 50, top: 36, bottom: 40 },
    legend: { top: 0, textStyle: { color: '#c9d6ea' } },
    tooltip: { trigger: 'axis' },
    xAxis: {
      type: 'category',
      name: utcOffsetLabel(offset),
      data: d.hours.map((h) => formatShipTime(h.t, offset)),
    },
    yAxis: [
      { type: 'value', name: 'kg/h', splitLine: GRID_LINE },
      { type: 'value', name: 'bar', splitLine: { show: false } },
    ],
    series: [
      {
        name: t('equipment.assessment.boilerFuel'),
        type: 'bar',
        data: d.hours.map((h) => (h.fuelKgPerH === null ? null : Number(h.fuelKgPerH.toFixed(1)))),
      },
      {
        name: t('equipment.assessment.boilerPressure'),
        type: 'line',
        yAxisIndex: 1,
        showSymbol: false,
        data: d.hours.map((h) =>
          h.steamPressureBar === null ? null : Number(h.steamPressureBar.toFixed(2)),
        ),
      },
    ],
  };
  return (
    <div data-testid="assessment-detail" data-detail="boiler">
      <p>
        {t(d.oilFired ? 'equipment.assessment.boilerOilText' : 'equipment.assessment.boilerEgeText', {
          hours: num(d.runningHours, 0),
          fuel: num(d.fuelT, 2),
        })}
      </p>
      {d.hours.length > 0 ? (
        <div style={{ height: 300 }}>
          <Chart option={option} label={t('equipment.assessment.boilerLabel')} height="100%" />
        </div>
      ) : null}
    </div>
  );
}
