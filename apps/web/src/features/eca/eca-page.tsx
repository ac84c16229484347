import type { EcaResponse, EcaZoneRings, EcaZoneStatusDto } from '@ecohelm/contracts';
import { App, Button, Popconfirm, Spin, Table, Tag, Tooltip } from 'antd';
import type { TFunction } from 'i18next';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addAreaStrings } from '../../i18n';
import ecaEn from '../../i18n/locales/en_US/eca.json';
import ecaZh from '../../i18n/locales/zh_CN/eca.json';
import { usePageConfig } from '../../lib/page-config';
import { failureText } from '../../lib/save-form';
import { formatShipTime } from '../../lib/ship-time';
import { useCanWrite } from '../../lib/use-can-write';
import { useFormat } from '../../lib/use-format';
import { CsvButton } from '../../ui/csv-button';
import { ErrorAlert } from '../../ui/error-alert';
import { PageFrame } from '../../ui/page-frame';
import { ScrollTable } from '../../ui/scroll-table';
import { SeaMap, type SeaMapOption, seaGeo } from '../../ui/sea-map';
import { useDeleteEcaZone, useEca, useEcaRings } from './api/eca';
import { WatchModal, ZoneModal } from './eca-modals';

// The page's strings, added when its code loads: they are not in the first route's language chunk (i18n/shell-areas.ts).
addAreaStrings('eca', { en_US: ecaEn, zh_CN: ecaZh });

/** A built-in zone's name in the console's language (the crew's own zones keep the name they gave). */
function zoneName(z: { id: string; name: string; custom?: boolean }, t: TFunction): string {
  return z.custom ? z.name : t(`eca.ecaZones.names.${z.id}`, { defaultValue: z.name });
}

/** ECA monitoring: the ship against every zone on a sea chart, the zones with distance and time, the ECA alarms. */
export function EcaPage() {
  const { t } = useTranslation();
  const eca = useEca();
  const rings = useEcaRings();
  const canWrite = useCanWrite('settings:write');
  const [zoneModal, setZoneModal] = useState<'position' | 'range' | null>(null);
  const [watchModal, setWatchModal] = useState<'alarm' | 'zones' | null>(null);
  const title = (id: string) => t(`eca.panels.${id}`);
  const body = (render: (d: EcaResponse) => ReactNode) => {
    if (eca.error) return <ErrorAlert error={eca.error} />;
    return eca.data ? render(eca.data) : <Spin />;
  };
  return (
    <>
      <PageFrame
        title={t('eca.title')}
        actions={
          <>
            <Button disabled={!canWrite} onClick={() => setZoneModal('position')}>
              {t('eca.addPosition')}
            </Button>
            <Button disabled={!canWrite} onClick={() => setZoneModal('range')}>
              {t('eca.addRange')}
            </Button>
            <Button disabled={!canWrite || !eca.data} onClick={() => setWatchModal('alarm')}>
              {t('eca.alarmSetting')}
            </Button>
            <Button disabled={!canWrite || !eca.data} onClick={() => setWatchModal('zones')}>
              {t('common.settings')}
            </Button>
          </>
        }
        panels={[
          {
            id: 'ecaMonitor',
            title: title('ecaMonitor'),
            span: 2,
            rows: 2,
            children: body((d) => <Monitor data={d} rings={rings.data} />),
          },
          {
            id: 'ecaZones',
            title: title('ecaZones'),
            extra: <CsvButton fileName="eca-zones" disabled={!eca.data} rows={() => zonesCsv(eca.data)} />,
            children: body((d) => <Zones data={d} canWrite={canWrite} />),
          },
          {
            id: 'ecaAlarmHistory',
            title: title('ecaAlarmHistory'),
            extra: <CsvButton fileName="eca-alarms" disabled={!eca.data} rows={() => alarmsCsv(eca.data)} />,
            children: body((d) => <AlarmHistory data={d} />),
          },
        ]}
      />
      <ZoneModal kind={zoneModal} onClose={() => setZoneModal(null)} />
      <WatchModal mode={watchModal} data={eca.data} onClose={() => setWatchModal(null)} />
    </>
  );
}

function StatusLine({ data }: { data: EcaResponse }) {
  const { t } = useTranslation();
  const { num } = useFormat();
  const n = data.nearest;
  const inside = data.zones.filter((z) => z.inside);
  return (
    <div
      style={{ display: 'flex', gap: 16, alignItems: 'center', flexWrap: 'wrap' }}
      data-testid="eca-status"
    >
      <Tag color={data.state === 'warning' ? 'orange' : 'green'}>{t(`eca.ecaZones.state.${data.state}`)}</Tag>
      {data.changeOverTip ? <Tag color="red">{t('eca.ecaZones.changeOver')}</Tag> : null}
      <span>
        {data.position === null
          ? t('eca.ecaZones.noPosition')
          : inside.length > 0
            ? t('eca.ecaZones.insideOf', { zones: inside.map((z) => zoneName(z, t)).join(', ') })
            : n
              ? t('eca.ecaZones.nearestIs', {
                  zone: zoneName(n, t),
                  nm: num(n.distanceNm, 1),
                  hours: n.hoursToBoundary === null ? '—' : num(n.hoursToBoundary, 1),
                })
              : t('eca.ecaZones.noneNear')}
      </span>
      <span style={{ opacity: 0.7 }}>
        {t('eca.ecaZones.distances', {
          warning: num(data.settings.warningDistanceNm, 1),
          tip: num(data.settings.tipDistanceNm, 1),
        })}
      </span>
    </div>
  );
}

function Monitor({ data, rings }: { data: EcaResponse; rings: EcaZoneRings | undefined }) {
  const { t } = useTranslation();
  const status = new Map(data.zones.map((z) => [z.id, z]));
  const colour = (z: EcaZoneStatusDto | undefined) =>
    !z?.watched
      ? '#6b7a93'
      : z.inside
        ? '#eb5757'
        : z.id === data.nearest?.id && data.state === 'warning'
          ? '#f2994a'
          : '#2fbf71';
  const centre: [number, number] = data.position
    ? [data.position.longitude, data.position.latitude]
    : [115, 25];
  const option: SeaMapOption = {
    geo: seaGeo(centre, data.position ? 10 : 1.5),
    tooltip: { trigger: 'item' },
    series: [
      {
        type: 'lines',
        coordinateSystem: 'geo',
        polyline: true,
        silent: false,
        data: [
          ...(rings?.zones ?? []).map((z) => ({
            name: zoneName(z, t),
            coords: z.ring,
            lineStyle: { color: colour(status.get(z.id)), width: 1.5 },
          })),
          ...data.customZones.map((z) => ({
            name: z.name,
            coords: z.ring,
            lineStyle: { color: colour(status.get(z.id)), width: 2, type: 'dashed' as const },
          })),
        ],
      },
      {
        type: 'lines',
        coordinateSystem: 'geo',
        polyline: true,
        silent: true,
        data: data.track.length > 1 ? [{ coords: data.track }] : [],
        lineStyle: { color: '#4f9cf9', width: 2 },
      },
      {
        type: 'scatter',
        coordinateSystem: 'geo',
        symbol: 'path://M0,-10 L6,8 L0,4 L-6,8 Z',
        symbolSize: 16,
        symbolRotate: -(data.position?.cogDeg ?? 0),
        itemStyle: { color: '#f2c94c' },
        data: data.position ? [{ name: t('eca.ecaZones.ship'), value: centre }] : [],
      },
    ],
  };
  return (
    <div style={{ height: '100%', display: 'flex', flexDirection: 'column', gap: 8 }}>
      <StatusLine data={data} />
      <div style={{ flex: 1, minHeight: 260 }}>
        <SeaMap option={option} label={t('eca.ecaZones.mapLabel')} />
      </div>
    </div>
  );
}

/** The zones panel as CSV rows. */
const zonesCsv = (data: EcaResponse | undefined) => [
  ['zone', 'inside', 'distance_nm', 'hours', 'sulphur_pct', 'watched', 'in_force'],
  ...(data?.zones ?? []).map((z) => [
    z.name,
    z.inside === null ? null : String(z.inside),
    z.distanceNm,
    z.hoursToBoundary,
    z.sulphurLimitPercent,
    String(z.watched),
    String(z.inForce),
  ]),
];

/** The alarm history panel as CSV rows. */
const alarmsCsv = (data: EcaResponse | undefined) => [
  ['type', 'raised_at', 'latest_update', 'cleared_at', 'min_distance_nm', 'shortest_hours'],
  ...(data?.alarms ?? []).map((a) => [
    a.type,
    a.raisedAt,
    a.latestUpdate,
    a.clearedAt,
    a.minDistanceNm,
    a.shortestHours,
  ]),
];

function Zones({ data, canWrite }: { data: EcaResponse; canWrite: boolean }) {
  const { t } = useTranslation();
  const { num } = useFormat();
  const { message } = App.useApp();
  const remove = useDeleteEcaZone();
  const rows = [...data.zones].sort(
    (a, b) =>
      Number(b.inside ?? 0) - Number(a.inside ?? 0) ||
      (a.distanceNm ?? Infinity) - (b.distanceNm ?? Infinity),
  );
  const why = (z: EcaZoneStatusDto) =>
    !z.watched ? 'notWatched' : !z.geofenced ? 'notGeofenced' : !z.inForce ? 'notInForce' : null;
  return (
    <ScrollTable<EcaZoneStatusDto>
      rowKey="id"
      className="eca-zones"
      height={260}
      dataSource={rows}
      columns={[
        {
          title: t('eca.ecaZones.name'),
          dataIndex: 'name',
          ellipsis: true,
          render: (_: string, z) => (
            <span>
              {zoneName(z, t)}
              {z.custom ? (
                <Tag color="blue" style={{ marginLeft: 4 }}>
                  {t('eca.ecaZones.custom')}
                </Tag>
              ) : null}
            </span>
          ),
        },
        {
          title: t('eca.ecaZones.distance'),
          key: 'distance',
          align: 'right',
          width: 110,
          render: (_, z) => {
            const w = why(z);
            // A zone without a boundary says why (where its coordinates were not published or not found).
            if (w === 'notGeofenced')
              return (
                <Tooltip
                  title={t(`eca.ecaZones.noBoundaryWhy.${z.id}`, {
                    defaultValue: t('eca.ecaZones.noBoundaryWhyOther'),
                  })}
                >
                  <Tag data-testid={`no-boundary-${z.id}`}>{t('eca.ecaZones.notGeofenced')}</Tag>
                </Tooltip>
              );
            if (w) return <Tag>{t(`eca.ecaZones.${w}`)}</Tag>;
            return z.inside ? (
              <Tag color="red">{t('eca.ecaZones.inside')}</Tag>
            ) : (
              `${num(z.distanceNm, 1)} nm`
            );
          },
        },
        {
          title: t('eca.ecaZones.time'),
          dataIndex: 'hoursToBoundary',
          align: 'right',
          width: 70,
          render: (v: number | null) => (v === null ? '—' : `${num(v, 1)} h`),
        },
        {
          title: '',
          key: 'remove',
          width: 60,
          render: (_, z) =>
            z.custom ? (
              <Popconfirm
                title={t('eca.records.deleteConfirm')}
                okText={t('eca.records.delete')}
                cancelText={t('eca.records.cancel')}
                disabled={!canWrite}
                onConfirm={async () => {
                  try {
                    await remove.mutateAsync(z.id);
                    void message.success(t('eca.records.deleted'));
                  } catch (error) {
                    void message.error(failureText(error, t));
                  }
                }}
              >
                <Button size="small" type="link" danger disabled={!canWrite}>
                  {t('eca.records.delete')}
                </Button>
              </Popconfirm>
            ) : null,
        },
      ]}
    />
  );
}

function AlarmHistory({ data }: { data: EcaResponse }) {
  const { t } = useTranslation();
  const { num } = useFormat();
  const { config } = usePageConfig();
  return (
    <Table
      size="small"
      rowKey="id"
      className="eca-alarms"
      pagination={{ pageSize: 5, size: 'small' }}
      dataSource={data.alarms}
      locale={{ emptyText: t('eca.ecaZones.noAlarms') }}
      columns={[
        {
          title: t('eca.ecaZones.alarmType'),
          dataIndex: 'type',
          render: (v: string) => t(`eca.ecaZones.types.${v}`),
        },
        {
          title: t('eca.ecaZones.latestUpdate'),
          dataIndex: 'latestUpdate',
          render: (v: string) => formatShipTime(v, config.shipTimeOffsetMinutes),
        },
        {
          title: t('eca.ecaZones.minDistance'),
          dataIndex: 'minDistanceNm',
          align: 'right',
          render: (v: number | null) => (v === null ? '—' : `${num(v, 1)} nm`),
        },
        {
          title: t('eca.ecaZones.shortestTime'),
          dataIndex: 'shortestHours',
          align: 'right',
          render: (v: number | null) => (v === null ? '—' : `${num(v, 1)} h`),
        },
      ]}
    />
  );
}
