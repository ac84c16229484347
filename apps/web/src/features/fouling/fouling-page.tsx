import type { FoulingResponse } from '@ecohelm/contracts';
import { Alert, App, Button, Descriptions, Empty, Popconfirm, Segmented, Spin, Table, Tag } from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { addAreaStrings } from '../../i18n';
import foulingEn from '../../i18n/locales/en_US/fouling.json';
import foulingZh from '../../i18n/locales/zh_CN/fouling.json';
import { ApiError } from '../../lib/api-client';
import { useCanWrite } from '../../lib/use-can-write';
import { useFormat } from '../../lib/use-format';
import { Chart } from '../../ui/chart';
import { EnteredText, enteredCell } from '../../ui/entered-text';
import { PageFrame } from '../../ui/page-frame';
import { RATING_COLORS } from '../../ui/rating-colors';
import { useDeleteHullMaintenance } from './api/edit-hull-maintenance';
import { useFouling } from './api/get-fouling';
import { cleaningCurveOption, latestMaintenance, trendChartOption } from './fouling-charts';
import { MaintenanceModal, type MaintenanceRecord } from './maintenance-modal';

// The page's strings, added when its code loads: they are not in the first route's language chunk (i18n/shell-areas.ts).
addAreaStrings('fouling', { en_US: foulingEn, zh_CN: foulingZh });

type Data = FoulingResponse;
type Indicator = NonNullable<Data['indicators']['inService']>;

const ratingColor = {
  excellent: RATING_COLORS.A,
  good: RATING_COLORS.B,
  fair: RATING_COLORS.C,
  poor: RATING_COLORS.E,
} as const;

const ranges = [6, 12, 24] as const;

/** Hull fouling (ISO 19030): the performance-value trend with maintenance marked, rating and tip, maintenance records, indicators. */
export function FoulingPage() {
  const { t } = useTranslation();
  const [months, setMonths] = useState<number>(12);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<MaintenanceRecord | null>(null);
  const [picked, setPicked] = useState<number | null>(null);
  const canWrite = useCanWrite('records:write');
  const fouling = useFouling(months);
  const title = (id: string) => t(`fouling.panels.${id}`);
  const data = fouling.data;
  const body = (render: (d: Data) => React.ReactNode) => {
    if (fouling.error) {
      return (
        <Alert
          type="error"
          showIcon
          message={t(fouling.error instanceof ApiError ? fouling.error.messageKey : 'errors.unknown')}
        />
      );
    }
    if (!data) return <Spin />;
    return render(data);
  };
  return (
    <>
      <PageFrame
        title={t('fouling.title')}
        actions={
          <>
            <Segmented
              aria-label={t('fouling.range')}
              value={months}
              onChange={(v) => setMonths(Number(v))}
              options={ranges.map((m) => ({ value: m, label: t('fouling.months', { count: m }) }))}
            />
            <Button type="primary" disabled={!canWrite} onClick={() => setAdding(true)}>
              {t('fouling.addRecord')}
            </Button>
          </>
        }
        panels={[
          {
            id: 'foulingTrend',
            title: title('foulingTrend'),
            span: 2,
            children: body((d) => <TrendChart data={d} loading={fouling.isFetching} />),
          },
          { id: 'foulingTips', title: title('foulingTips'), children: body((d) => <Tips data={d} />) },
          {
            id: 'cleaningRecords',
            title: title('cleaningRecords'),
            span: 2,
            children: body((d) => (
              <div style={{ display: 'grid', gridTemplateColumns: 'minmax(0, 3fr) minmax(0, 2fr)', gap: 12 }}>
                <MaintenanceTable data={d} canWrite={canWrite} onEdit={setEditing} onPick={setPicked} />
                <CleaningCurve data={d} picked={picked} />
              </div>
            )),
          },
          {
            id: 'foulingCurves',
            title: t('fouling.indicatorsTitle'),
            children: body((d) => <Indicators data={d} />),
          },
        ]}
      />
      <MaintenanceModal open={adding} onClose={() => setAdding(false)} />
      <MaintenanceModal open={editing !== null} editing={editing} onClose={() => setEditing(null)} />
    </>
  );
}

function TrendChart({ data, loading }: { data: Data; loading: boolean }) {
  const { t } = useTranslation();
  const { num } = useFormat();
  if (data.daily.length === 0) return <Empty description={t('fouling.noBlocks')} />;
  return (
    <Chart
      option={trendChartOption(data, t, num)}
      label={t('fouling.chartLabel')}
      height="100%"
      loading={loading}
    />
  );
}

/** The cleaning records' curve chart: the PV around the chosen event (the latest until one is picked). */
function CleaningCurve({ data, picked }: { data: Data; picked: number | null }) {
  const { t } = useTranslation();
  const { num } = useFormat();
  const m = data.maintenance.find((x) => x.id === picked) ?? latestMaintenance(data.maintenance);
  if (!m) return null;
  return (
    <div data-testid="cleaning-curve" data-record={m.id} style={{ height: 220 }}>
      <div style={{ fontSize: 12, opacity: 0.8 }}>
        {/* The place as the crew typed it, marked as entered text. */}
        <Trans
          i18nKey="fouling.curveTitle"
          values={{ kind: t(`fouling.kinds.${m.kind}`), date: m.endTime.slice(0, 10), place: m.place }}
          components={{ place: <EnteredText /> }}
        />
      </div>
      <Chart option={cleaningCurveOption(data, m, t, num)} label={t('fouling.curveLabel')} height={200} />
    </div>
  );
}

function Tips({ data }: { data: Data }) {
  const { t } = useTranslation();
  const { num } = useFormat();
  const c = data.current;
  if (!c) {
    // The rating counts only the blocks since the last maintenance when it was within the 30 days: say so.
    const last = data.maintenance.reduce<Data['maintenance'][number] | undefined>(
      (a, m) => (!a || m.endTime > a.endTime ? m : a),
      undefined,
    );
    const recent = last && Date.parse(data.to) - Date.parse(last.endTime) < 30 * 86_400_000;
    return (
      <Empty
        description={
          recent
            ? t('fouling.notEnoughSince', {
                kind: t(`fouling.kinds.${last.kind}`).toLowerCase(),
                date: last.endTime.slice(0, 10),
              })
            : t('fouling.notEnough')
        }
      />
    );
  }
  const h = data.hullCondition;
  return (
    <div data-testid="fouling-tips">
      <p style={{ display: 'flex', alignItems: 'center', gap: 8, margin: '0 0 8px' }}>
        <Tag
          color={ratingColor[c.rating]}
          style={{ fontSize: 14, padding: '2px 10px' }}
          data-testid="fouling-rating"
        >
          {t(`fouling.ratings.${c.rating}`)}
        </Tag>
        <span>{t('fouling.speedLoss', { value: num(c.speedLossPct, 1) })}</span>
      </p>
      <Alert
        type={c.tip === 'severe' ? 'error' : c.tip === 'worsening' ? 'warning' : 'success'}
        showIcon
        message={t(`fouling.tips.${c.tip}`)}
        data-testid="fouling-tip"
        style={{ marginBottom: 8 }}
      />
      <Descriptions size="small" column={1}>
        {data.trend ? (
          <Descriptions.Item label={t('fouling.trendLabel')}>
            {t('fouling.trendValue', { value: num(data.trend.slopePer30d, 2) })}
          </Descriptions.Item>
        ) : null}
        {h ? (
          <>
            <Descriptions.Item
              label={t('fouling.addedPower')}
            >{`${num(h.addedPowerPct, 1)} %`}</Descriptions.Item>
            <Descriptions.Item label={t('fouling.fuelPenalty', { speed: num(h.usualSpeedKn, 1) })}>
              {t('fouling.fuelPenaltyValue', {
                fuel: num(h.fuelPenaltyTPerDay, 2),
                co2: num(h.co2PenaltyTPerYear, 0),
              })}
            </Descriptions.Item>
          </>
        ) : null}
        <Descriptions.Item label={t('fouling.ratedOn')}>
          <span data-testid="fouling-rated-on">{ratedOn(data, t)}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('fouling.coverage')}>
          {t('fouling.coverageValue', { valid: data.blocks.valid, total: data.blocks.total })}
        </Descriptions.Item>
      </Descriptions>
    </div>
  );
}

/** What the rating rests on: the last 30 days, or the data since a maintenance within them (named). */
function ratedOn(data: Data, t: TFunction): string {
  const from = data.current?.from;
  const last = latestMaintenance(data.maintenance);
  if (from && last && Math.abs(Date.parse(from) - Date.parse(last.endTime)) < 86_400_000)
    return t('fouling.ratedSince', {
      kind: t(`fouling.kinds.${last.kind}`).toLowerCase(),
      date: last.endTime.slice(0, 10),
    });
  return t('fouling.rated30d');
}

function MaintenanceTable({
  data,
  canWrite,
  onEdit,
  onPick,
}: {
  data: Data;
  canWrite: boolean;
  onEdit: (m: MaintenanceRecord) => void;
  onPick: (id: number) => void;
}) {
  const { t } = useTranslation();
  const { num } = useFormat();
  const { message } = App.useApp();
  const remove = useDeleteHullMaintenance();
  return (
    <Table<Data['maintenance'][number]>
      size="small"
      rowKey="id"
      pagination={false}
      scroll={{ y: 220 }}
      dataSource={data.maintenance}
      onRow={(m) => ({ onClick: () => onPick(m.id), style: { cursor: 'pointer' } })}
      locale={{ emptyText: t('fouling.noMaintenance') }}
      columns={[
        {
          title: t('fouling.fields.end'),
          dataIndex: 'endTime',
          width: 110,
          render: (v: string) => v.slice(0, 10),
        },
        {
          title: t('fouling.fields.kind'),
          dataIndex: 'kind',
          width: 130,
          render: (k: string) => t(`fouling.kinds.${k}`),
        },
        // What the crew typed is shown as typed (marked, so the language scan of the browser tests passes it).
        {
          title: t('fouling.fields.place'),
          dataIndex: 'place',
          width: 140,
          render: enteredCell,
        },
        {
          title: t('fouling.fields.remark'),
          dataIndex: 'remark',
          ellipsis: true,
          render: enteredCell,
        },
        {
          title: t('fouling.effect'),
          key: 'effect',
          width: 120,
          align: 'right',
          render: (_, m) =>
            m.effect
              ? t('fouling.points', { value: `${m.effect.value >= 0 ? '+' : ''}${num(m.effect.value, 2)}` })
              : '—',
        },
        {
          title: t('fouling.actions'),
          key: 'actions',
          width: 130,
          render: (_, m) => (
            <span style={{ display: 'flex', gap: 4 }}>
              <Button size="small" disabled={!canWrite} onClick={() => onEdit(m)}>
                {t('fouling.edit')}
              </Button>
              <Popconfirm
                title={t('fouling.deleteConfirm')}
                okText={t('fouling.delete')}
                cancelText={t('fouling.modal.cancel')}
                disabled={!canWrite}
                onConfirm={() =>
                  remove.mutateAsync(m.id).then(
                    () => void message.success(t('fouling.deleted')),
                    (error: unknown) =>
                      void message.error(t(error instanceof ApiError ? error.messageKey : 'errors.unknown')),
                  )
                }
              >
                <Button size="small" danger disabled={!canWrite}>
                  {t('fouling.delete')}
                </Button>
              </Popconfirm>
            </span>
          ),
        },
      ]}
    />
  );
}

function Indicators({ data }: { data: Data }) {
  const { t } = useTranslation();
  const { num } = useFormat();
  const rows: { key: string; indicator: Indicator | null }[] = [
    { key: 'dryDocking', indicator: data.indicators.dryDocking },
    { key: 'inService', indicator: data.indicators.inService },
    { key: 'maintenanceTrigger', indicator: data.indicators.maintenanceTrigger },
  ];
  const period = (p: Indicator['reference']) => `${p.from.slice(0, 10)} – ${p.to.slice(0, 10)}`;
  return (
    <div>
      <Table
        size="small"
        rowKey="key"
        pagination={false}
        dataSource={rows}
        columns={[
          {
            title: t('fouling.indicator'),
            dataIndex: 'key',
            render: (k: string) => t(`fouling.indicators.${k}`),
          },
          {
            title: t('fouling.value'),
            key: 'value',
            align: 'right',
            render: (_, r) =>
              r.indicator
                ? t('fouling.points', { value: num(r.indicator.value, 2) })
                : t('fouling.notEnoughShort'),
          },
          {
            title: t('fouling.periods'),
            key: 'periods',
            render: (_, r) =>
              r.indicator ? (
                <span style={{ fontSize: 12, opacity: 0.8 }}>
                  {period(r.indicator.reference)}
                  <br />
                  {period(r.indicator.evaluation)}
                </span>
              ) : (
                '—'
              ),
          },
        ]}
      />
      <p style={{ marginTop: 8, fontSize: 12, opacity: 0.75 }}>
        {Object.entries(data.blocks.rejected)
          .map(([reason, n]) => `${t(`fouling.rejected.${reason}`)} ${n}`)
          .join(' · ')}
      </p>
    </div>
  );
}
