import type { MonitoringResponse } from '@ecohelm/contracts';
import { Alert } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { usePageConfig } from '../../lib/page-config';
import { formatShipTime, utcOffsetLabel } from '../../lib/ship-time';
import { Chart, type ChartOption, type ChartProps } from '../../ui/chart';
import { NoData } from '../../ui/panel';
import styles from './monitoring.module.css';

const GRID_LINE = { lineStyle: { color: '#1e2a44' } };
const round = (v: number, digits: number) => Number(v.toFixed(digits));

function sfocOption(
  sfoc: NonNullable<MonitoringResponse['sfoc']>,
  t: TFunction,
  time: (iso: string) => string,
) {
  const measured = sfoc.measured.map((p) => ({
    value: [round(p.loadPct, 1), round(p.sfocGPerKwh, 1)],
    point: p,
  }));
  const option: ChartOption = {
    animation: false,
    grid: { left: 56, right: 24, top: 36, bottom: 44 },
    legend: { top: 0, textStyle: { fontSize: 12 } },
    tooltip: {
      trigger: 'item',
      formatter: (params) => {
        const p = params as unknown as {
          seriesIndex: number;
          data: { point?: (typeof sfoc.measured)[number] } | number[];
        };
        if (p.seriesIndex === 2 && !Array.isArray(p.data) && p.data.point) {
          const m = p.data.point;
          return t('monitoring.curve.tooltipPoint', {
            time: time(m.t),
            load: m.loadPct.toFixed(1),
            sfoc: m.sfocGPerKwh.toFixed(1),
            deviation: `${m.deviationPct >= 0 ? '+' : ''}${m.deviationPct.toFixed(1)}`,
            power: m.powerKw.toFixed(0),
            fuel: m.fuelKgPerH.toFixed(1),
            interpolation: { escapeValue: false },
          });
        }
        const [load, value] = Array.isArray(p.data) ? p.data : [];
        return `${t('monitoring.curve.reference')}<br/>${load} % · ${value} g/kWh`;
      },
    },
    xAxis: {
      type: 'value',
      name: t('monitoring.curve.load'),
      nameLocation: 'middle',
      nameGap: 26,
      min: 0,
      max: 110,
      splitLine: GRID_LINE,
    },
    yAxis: { type: 'value', name: t('monitoring.curve.sfoc'), scale: true, splitLine: GRID_LINE },
    series: [
      {
        name: t('monitoring.curve.reference'),
        type: 'line',
        symbol: 'none',
        lineStyle: { type: 'dashed', color: '#9fb3d9' },
        itemStyle: { color: '#9fb3d9' },
        tooltip: { show: false },
        data: sfoc.referenceCurve.map((r) => [r.loadPct, round(r.sfocGPerKwh, 1)]),
      },
      {
        name: t('monitoring.curve.reference'),
        type: 'scatter',
        symbol: 'diamond',
        symbolSize: 8,
        itemStyle: { color: '#9fb3d9' },
        data: sfoc.reference.map((r) => [r.loadPct, r.sfocGPerKwh]),
      },
      {
        name: t('monitoring.curve.measured'),
        type: 'scatter',
        symbolSize: 9,
        itemStyle: { color: '#4378F3' },
        data: measured,
      },
    ],
  };
  return option;
}

function boilerOption(
  hours: NonNullable<MonitoringResponse['boiler']>,
  t: TFunction,
  time: (iso: string) => string,
  zone: string,
) {
  const option: ChartOption = {
    animation: false,
    grid: { left: 56, right: 60, top: 36, bottom: 30 },
    legend: { top: 0, textStyle: { fontSize: 12 } },
    tooltip: { trigger: 'axis' },
    // Ship time, the offset named at the axis' end.
    xAxis: { type: 'category', name: zone, data: hours.map((h) => time(h.t).slice(11, 16)) },
    yAxis: [
      { type: 'value', name: t('monitoring.curve.pressureUnit'), splitLine: GRID_LINE },
      { type: 'value', name: t('monitoring.curve.fuelUnit'), splitLine: { show: false } },
    ],
    series: [
      {
        name: t('monitoring.curve.steamPressure'),
        type: 'line',
        symbol: 'none',
        itemStyle: { color: '#4378F3' },
        tooltip: { valueFormatter: (v) => `${v} bar` },
        data: hours.map((h) => (h.steamPressureBar === null ? null : round(h.steamPressureBar, 2))),
      },
      {
        name: t('monitoring.curve.fuelFlow'),
        type: 'bar',
        yAxisIndex: 1,
        itemStyle: { color: '#f0a93b' },
        tooltip: { valueFormatter: (v) => `${v} kg/h` },
        data: hours.map((h) => (h.fuelKgPerH === null ? null : round(h.fuelKgPerH, 1))),
      },
    ],
  };
  return option;
}

/** SFOC against load with the shop-test curve (engines), or steam pressure and fuel over the day (boilers). */
export function EfficiencyChart({
  data,
  loading,
  error,
  onReady,
}: {
  data: MonitoringResponse | undefined;
  loading: boolean;
  /** Why the data could not be read, if it could not. */
  error?: unknown;
  onReady: NonNullable<ChartProps['onReady']>;
}) {
  const { t } = useTranslation();
  const { config } = usePageConfig();
  const time = (iso: string) => formatShipTime(iso, config.shipTimeOffsetMinutes);
  if (!data)
    return loading ? (
      <Chart label={t('monitoring.panels.fuelEfficiencyCurve')} option={{}} loading />
    ) : error ? (
      <Alert
        type="error"
        showIcon
        title={t(error instanceof ApiError ? error.messageKey : 'errors.unknown')}
      />
    ) : (
      <NoData />
    );
  if (data.boiler) {
    if (data.boiler.length === 0) return <NoData />;
    return (
      <Chart
        label={t('monitoring.panels.fuelEfficiencyCurve')}
        option={boilerOption(data.boiler, t, time, utcOffsetLabel(config.shipTimeOffsetMinutes))}
        onReady={onReady}
      />
    );
  }
  if (!data.sfoc) return <NoData />;
  return (
    <div className={styles.curve}>
      <Chart
        label={t('monitoring.panels.fuelEfficiencyCurve')}
        height="calc(100% - 18px)"
        option={sfocOption(data.sfoc, t, time)}
        onReady={onReady}
      />
      <div className={styles.note} data-testid="curve-note">
        {data.sfoc.measured.length === 0
          ? t('monitoring.curve.noMeasured')
          : t('monitoring.curve.isoNote', { source: t('monitoring.curve.referenceShort') })}
      </div>
    </div>
  );
}
