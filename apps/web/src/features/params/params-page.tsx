import type { FuelStatisticsResponse, TelemetryTrendResponse, TrackResponse } from '@ecohelm/contracts';
import { CHANNEL } from '@ecohelm/domain';
import { Button, DatePicker, Select, Spin } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { addAreaStrings } from '../../i18n';
import paramsEn from '../../i18n/locales/en_US/params.json';
import paramsZh from '../../i18n/locales/zh_CN/params.json';
import { useChannels } from '../../lib/api/get-channels';
import { channelLabel } from '../../lib/channel-label';
import { usePageConfig } from '../../lib/page-config';
import { formatShipTime, shipTimeAxisLabel, toShipTime, utcOffsetLabel } from '../../lib/ship-time';
import { useFormat } from '../../lib/use-format';
import { useShipRange } from '../../lib/use-ship-range';
import { Chart, type ChartOption } from '../../ui/chart';
import { downloadCsv } from '../../ui/csv-button';
import { ErrorAlert } from '../../ui/error-alert';
import { PageFrame } from '../../ui/page-frame';
import { SeaMap, type SeaMapOption, seaGeo } from '../../ui/sea-map';
import { useEcaBoundaries, useFuelStatistics, useTrack, useTrends, useVoyages } from './api/params';

// The page's strings, added when its code loads: they are not in the first route's language chunk (i18n/shell-areas.ts).
addAreaStrings('params', { en_US: paramsEn, zh_CN: paramsZh });

const COLOUR_CHANNELS = [CHANNEL.sog, CHANNEL.stw, CHANNEL.mePower, CHANNEL.meFuelHfo, CHANNEL.windSpeedTrue];
const DEFAULT_TRENDS = [CHANNEL.stw, CHANNEL.mePower];
const LINE_COLOURS = ['#4f9cf9', '#f2994a', '#2fbf71', '#bb6bd9'];

/**
 * One voyage's days (departure to its end, or today for the voyage under way) as the range: the track of a voyage
 * without counting days. The choice stays in the address beside the range it set.
 */
function VoyagePicker({
  value,
  onPick,
  offset,
  today,
}: {
  value: string | null;
  onPick: (voyage: string, from: Dayjs, to: Dayjs) => void;
  offset: number;
  today: Dayjs;
}) {
  const { t } = useTranslation();
  const voyages = useVoyages();
  const items = [...(voyages.data?.items ?? [])].filter((v) => v.departureTime).reverse();
  const day = (iso: string | null) => (iso ? (toShipTime(iso, offset) ?? today).startOf('day') : today);
  return (
    <Select
      style={{ width: 280 }}
      placeholder={t('params.voyage')}
      aria-label={t('params.voyage')}
      loading={voyages.isLoading}
      value={value ?? undefined}
      options={items.map((v) => ({
        value: String(v.voyageNumber),
        label: `${v.voyageNumber} ${v.departurePort ?? '—'} → ${v.arrivalPort ?? '…'}`,
      }))}
      onChange={(no: string) => {
        const v = items.find((x) => String(x.voyageNumber) === no);
        if (v) onPick(no, day(v.departureTime), v.endTime ? day(v.endTime) : today);
      }}
    />
  );
}

/** Parameter analysis: the track on a sea chart coloured by a channel, key-factor trends, fuel statistics. */
export function ParamsPage() {
  const { t } = useTranslation();
  const { config } = usePageConfig();
  const [params, setParams] = useSearchParams();
  const range = useShipRange(config.shipTimeOffsetMinutes, 7);
  const colour = params.get('colour') ?? COLOUR_CHANNELS[0]!;
  const trendChannels = (params.get('trends') ?? DEFAULT_TRENDS.join(','))
    .split(',')
    .filter(Boolean)
    .slice(0, 4);
  const setParam = (key: string, value: string) =>
    setParams((p) => {
      p.set(key, value);
      return p;
    });
  const title = (id: string) => t(`params.panels.${id}`);
  return (
    <PageFrame
      title={t('params.title')}
      actions={
        <>
          <VoyagePicker
            value={params.get('voyage')}
            onPick={(voyage, from, to) => range.set(from, to, (p) => p.set('voyage', voyage))}
            offset={config.shipTimeOffsetMinutes}
            today={range.today}
          />
          <DatePicker.RangePicker
            allowClear={false}
            value={[range.start, range.end]}
            disabledDate={(d) => d.isAfter(range.today, 'day')}
            presets={[1, 7, 30, 90, 365].map((n) => ({
              label: t('params.consumption.lastDays', { n }),
              value: [range.today.subtract(n - 1, 'day'), range.today] as [Dayjs, Dayjs],
            }))}
            onChange={(v) => {
              if (v?.[0] && v[1]) range.set(v[0], v[1], (p) => p.delete('voyage'));
            }}
          />
        </>
      }
      panels={[
        {
          id: 'navigationTrack',
          title: title('navigationTrack'),
          span: 2,
          rows: 2,
          children: <Track range={range.api} channel={colour} onChannel={(c) => setParam('colour', c)} />,
        },
        {
          id: 'keyFactorTrends',
          title: title('keyFactorTrends'),
          children: (
            <Trends
              range={range.api}
              channels={trendChannels}
              onChannels={(c) => setParam('trends', c.join(','))}
            />
          ),
        },
        {
          id: 'fuelStatistics',
          title: title('fuelStatistics'),
          children: <FuelStatistics range={range.api} />,
        },
      ]}
    />
  );
}

function ChannelSelect({
  value,
  onChange,
  options,
  multiple,
  label,
}: {
  value: string | string[];
  onChange: (v: never) => void;
  options?: readonly string[];
  multiple?: boolean;
  label: string;
}) {
  const { t } = useTranslation();
  const channels = useChannels();
  const list = (channels.data?.channels ?? []).filter((c) => !options || options.includes(c.id));
  return (
    <Select
      size="small"
      aria-label={label}
      mode={multiple ? 'multiple' : undefined}
      maxCount={multiple ? 4 : undefined}
      showSearch
      optionFilterProp="label"
      value={value as never}
      onChange={onChange}
      style={{ minWidth: multiple ? 260 : 200, maxWidth: '100%' }}
      options={list.map((c) => ({ value: c.id, label: `${channelLabel(c.id, t, c.label)} (${c.unit})` }))}
    />
  );
}

function Track({
  range,
  channel,
  onChannel,
}: {
  range: { from: string; to: string };
  channel: string;
  onChannel: (c: string) => void;
}) {
  const { t } = useTranslation();
  const { num } = useFormat();
  const { config } = usePageConfig();
  const track = useTrack(range, channel);
  const boundaries = useEcaBoundaries();
  const d: TrackResponse | undefined = track.data;
  const values = (d?.points ?? []).map((p) => p.value).filter((v): v is number => v !== null);
  const last = d?.points.at(-1);
  const option: SeaMapOption | null = d
    ? {
        geo: seaGeo(last ? [last.lon, last.lat] : [115, 25], last ? 4 : 1.5),
        tooltip: {
          trigger: 'item',
          formatter: (p: unknown) => {
            const v = (p as { data?: { value?: unknown[]; name?: string } }).data;
            if (v?.name) return v.name;
            const [, , value, time] = (v?.value ?? []) as [number, number, number | null, string];
            return `${formatShipTime(time, config.shipTimeOffsetMinutes)}<br/>${num(value, 1)} ${d.unit}`;
          },
        },
        visualMap: {
          type: 'continuous',
          min: values.length ? Math.min(...values) : 0,
          max: values.length ? Math.max(...values) : 1,
          dimension: 2,
          seriesIndex: 2,
          calculable: true,
          orient: 'vertical',
          left: 8,
          bottom: 8,
          text: [d.unit, ''],
          textStyle: { color: '#c9d6ea' },
          inRange: { color: ['#2fbf71', '#f2c94c', '#eb5757'] },
        },
        series: [
          {
            type: 'lines',
            coordinateSystem: 'geo',
            polyline: true,
            silent: true,
            data: d.points.length > 1 ? [{ coords: d.points.map((p) => [p.lon, p.lat]) }] : [],
            lineStyle: { color: '#8da2c0', width: 1, opacity: 0.6 },
          },
          {
            type: 'lines',
            coordinateSystem: 'geo',
            polyline: true,
            silent: true,
            data: (boundaries.data?.zones ?? []).map((z) => ({ name: z.name, coords: z.ring })),
            lineStyle: { color: '#f2994a', width: 1, type: 'dashed', opacity: 0.8 },
          },
          {
            type: 'scatter',
            coordinateSystem: 'geo',
            symbolSize: 4,
            data: d.points.map((p) => ({ value: [p.lon, p.lat, p.value, p.t] })),
          },
          {
            type: 'scatter',
            coordinateSystem: 'geo',
            symbol: 'pin',
            symbolSize: 22,
            itemStyle: { color: '#4f9cf9' },
            data: d.portCalls
              .filter((c) => c.lat !== null && c.lon !== null)
              .map((c) => ({
                name: `${c.place ?? c.port ?? ''}<br/>${formatShipTime(c.arrival, config.shipTimeOffsetMinutes)} – ${c.departure ? formatShipTime(c.departure, config.shipTimeOffsetMinutes) : ''}`,
                value: [c.lon, c.lat],
              })),
          },
        ],
      }
    : null;
  return (
    <div style={{ height: '100%', display: 'flex', flexDirection: 'column', gap: 8 }}>
      <div style={{ display: 'flex', gap: 12, alignItems: 'center', flexWrap: 'wrap' }}>
        <span>{t('params.track.colourBy')}</span>
        <ChannelSelect
          value={channel}
          onChange={onChannel}
          options={COLOUR_CHANNELS}
          label={t('params.track.colourBy')}
        />
        {d ? (
          <span data-testid="track-summary" style={{ opacity: 0.8 }}>
            {t('params.track.summary', {
              nm: num(d.distanceNm, 0),
              calls: d.portCalls.length,
              points: d.points.length,
            })}
          </span>
        ) : null}
      </div>
      <div style={{ flex: 1, minHeight: 260 }}>
        {track.error ? (
          <ErrorAlert error={track.error} />
        ) : option ? (
          <SeaMap option={option} label={t('params.track.mapLabel')} />
        ) : (
          <Spin />
        )}
      </div>
    </div>
  );
}

function Trends({
  range,
  channels,
  onChannels,
}: {
  range: { from: string; to: string };
  channels: string[];
  onChannels: (c: string[]) => void;
}) {
  const { t } = useTranslation();
  const { num } = useFormat();
  const { config } = usePageConfig();
  const catalogue = useChannels();
  const results = useTrends(range, channels);
  const trends = results.map((r) => r.data).filter((d): d is TelemetryTrendResponse => d !== undefined);
  const error = results.find((r) => r.error)?.error;
  const label = (id: string) => channelLabel(id, t, catalogue.data?.channels.find((c) => c.id === id)?.label);
  const units = [...new Set(trends.map((tr) => tr.unit))];
  const option: ChartOption = {
    grid: { left: 44, right: units.length > 1 ? 44 : 12, top: 28, bottom: 40 },
    legend: {
      top: 0,
      textStyle: { color: '#c9d6ea' },
      type: 'scroll',
      data: trends.map((tr) => label(tr.channel)),
    },
    tooltip: { trigger: 'axis', valueFormatter: (v) => num(Number(v), 2) },
    dataZoom: [{ type: 'inside' }, { type: 'slider', height: 14, bottom: 4 }],
    // Ship time with its offset on the axis (ECharts would print the browser's own time zone).
    xAxis: {
      type: 'time',
      name: utcOffsetLabel(config.shipTimeOffsetMinutes),
      axisLabel: {
        hideOverlap: true,
        formatter: (v: number) => shipTimeAxisLabel(v, config.shipTimeOffsetMinutes),
      },
    },
    // Always two value axes (the second shown for a second unit): ECharts cannot lay out an axis added on update.
    yAxis: [0, 1].map((i) => ({
      type: 'value' as const,
      name: units[i] ?? '',
      show: i === 0 || units.length > 1,
      position: i === 0 ? ('left' as const) : ('right' as const),
      scale: true,
      splitLine: { lineStyle: { opacity: i === 0 ? 0.15 : 0 } },
    })),
    series: trends.flatMap((tr, i) => {
      const axis = Math.max(0, Math.min(1, units.indexOf(tr.unit)));
      const colour = LINE_COLOURS[i % LINE_COLOURS.length];
      const band = (value: (p: (typeof tr.points)[number]) => number) => ({
        name: `${label(tr.channel)} min–max`,
        type: 'line' as const,
        yAxisIndex: axis,
        showSymbol: false,
        lineStyle: { opacity: 0 },
        areaStyle: { color: colour, opacity: 0.12 },
        stack: `band-${i}`,
        data: tr.points.map((p) => [p.t, value(p)]),
        tooltip: { show: false },
      });
      return [
        {
          name: label(tr.channel),
          type: 'line' as const,
          yAxisIndex: axis,
          showSymbol: false,
          itemStyle: { color: colour },
          data: tr.points.map((p) => [p.t, p.mean]),
        },
        // The min–max band: an invisible line at the minimum with the band's width stacked on it.
        band((p) => p.min),
        band((p) => p.max - p.min),
      ];
    }),
  };
  const exportCsv = () => {
    const header = ['time', ...trends.flatMap((tr) => [`${label(tr.channel)} (${tr.unit})`, 'min', 'max'])];
    const times = [...new Set(trends.flatMap((tr) => tr.points.map((p) => p.t)))].sort();
    const byT = trends.map((tr) => new Map(tr.points.map((p) => [p.t, p])));
    const rows = times.map((time) => [
      formatShipTime(time, config.shipTimeOffsetMinutes),
      ...byT.flatMap((m) => {
        const p = m.get(time);
        return p ? [String(p.mean), String(p.min), String(p.max)] : ['', '', ''];
      }),
    ]);
    downloadCsv(`trends-${range.from.slice(0, 10)}-${range.to.slice(0, 10)}.csv`, [header, ...rows]);
  };
  return (
    <div style={{ height: '100%', display: 'flex', flexDirection: 'column', gap: 6 }}>
      <div style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
        <div style={{ flex: 1, minWidth: 0 }}>
          <ChannelSelect
            value={channels}
            onChange={onChannels}
            multiple
            label={t('params.track.trendChannels')}
          />
        </div>
        <Button size="small" disabled={trends.length === 0} onClick={exportCsv}>
          {t('params.consumption.exportCsv')}
        </Button>
      </div>
      <div style={{ flex: 1, minHeight: 160 }}>
        {error ? (
          <ErrorAlert error={error} />
        ) : (
          <Chart option={option} label={t('params.track.trendsLabel')} height="100%" />
        )}
      </div>
    </div>
  );
}

function FuelStatistics({ range }: { range: { from: string; to: string } }) {
  const { t } = useTranslation();
  const { num, fuel } = useFormat();
  const stats = useFuelStatistics(range);
  if (stats.error) return <ErrorAlert error={stats.error} />;
  const d: FuelStatisticsResponse | undefined = stats.data;
  if (!d) return <Spin />;
  const figure = (label: string, value: string, unit: string, testId: string) => (
    <div style={{ flex: '1 1 45%' }}>
      <div style={{ opacity: 0.7, fontSize: 12 }}>{label}</div>
      <div style={{ fontSize: 20, fontWeight: 600 }} data-testid={testId}>
        {value}
        <span style={{ fontSize: 12, fontWeight: 400, marginLeft: 4 }}>{unit}</span>
      </div>
    </div>
  );
  return (
    <div>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
        {figure(t('params.fuelStats.fuel'), num(d.fuelT, 1), 't', 'stats-fuel')}
        {figure('CO₂', num(d.co2T, 1), 't', 'stats-co2')}
        {figure(t('params.fuelStats.perDay'), num(d.tPerDay, 2), t('common.tPerDay'), 'stats-per-day')}
        {figure(t('params.fuelStats.perMile'), num(d.kgPerNm, 1), 'kg/nm', 'stats-per-mile')}
        {figure(t('params.fuelStats.distance'), num(d.distanceNm, 0), 'nm', 'stats-distance')}
        {figure(
          t('params.fuelStats.co2PerMile'),
          num(d.co2GPerNm === null ? null : d.co2GPerNm / 1000, 1),
          'kg/nm',
          'stats-co2-per-mile',
        )}
      </div>
      <table style={{ width: '100%', marginTop: 8, fontSize: 12 }}>
        <tbody>
          {d.byFuel.map((f) => (
            <tr key={f.fuelClass}>
              <td>{fuel(f.fuelClass)}</td>
              <td style={{ textAlign: 'right' }}>{`${num(f.fuelT, 1)} t`}</td>
              <td style={{ textAlign: 'right', opacity: 0.75 }}>{`CO₂ ${num(f.co2T, 1)} t`}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
