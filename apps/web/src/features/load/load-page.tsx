import type { GeneratorId, LoadResponse, LoadSettings } from '@ecohelm/contracts';
import { LOAD_TIE_SHARE } from '@ecohelm/domain';
import { Alert, App, Button, Select, Spin, Table, Tag } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addAreaStrings } from '../../i18n';
import loadEn from '../../i18n/locales/en_US/load.json';
import loadZh from '../../i18n/locales/zh_CN/load.json';
import { ApiError } from '../../lib/api-client';
import { usePageConfig } from '../../lib/page-config';
import { failureText } from '../../lib/save-form';
import { formatShipTime, utcOffsetLabel } from '../../lib/ship-time';
import { useCanWrite } from '../../lib/use-can-write';
import { useFormat } from '../../lib/use-format';
import { Chart, type ChartOption } from '../../ui/chart';
import { CsvButton } from '../../ui/csv-button';
import { PageFrame } from '../../ui/page-frame';
import { useLoad } from './api/get-load';
import { useSaveLoadSettings } from './api/save-load-settings';
import { SettingsModal } from './settings-modal';

// The page's strings, added when its code loads: they are not in the first route's language chunk (i18n/shell-areas.ts).
addAreaStrings('load', { en_US: loadEn, zh_CN: loadZh });

type Data = LoadResponse;
type SetStatus = Data['sets'][number];

const SET_COLORS = ['#4f9cf9', '#2fbf71', '#f2994a'];
const setNo = (id: string) => id.slice(2);
/** A percentage with its sign, to one decimal; a value that rounds to zero has none. */
const signed = (v: number) => {
  const r = Math.round(v * 10) / 10;
  return r === 0 ? '0.0' : `${r > 0 ? '+' : '−'}${Math.abs(r).toFixed(1)}`;
};

/** Generator load assistant: the sets now, the advice and its saving, SFC, priorities and curves. */
export function LoadPage() {
  const { t } = useTranslation();
  const load = useLoad();
  const [settingsOpen, setSettingsOpen] = useState(false);
  const canWrite = useCanWrite('settings:write');
  const title = (id: string) => t(`load.panels.${id}`);
  const body = (render: (d: Data) => ReactNode) => {
    if (load.error) {
      return (
        <Alert
          type="error"
          showIcon
          message={t(load.error instanceof ApiError ? load.error.messageKey : 'errors.unknown')}
        />
      );
    }
    return load.data ? render(load.data) : <Spin />;
  };
  return (
    <>
      <PageFrame
        title={t('load.title')}
        actions={
          <Button disabled={!canWrite || !load.data} onClick={() => setSettingsOpen(true)}>
            {t('common.settings')}
          </Button>
        }
        panels={[
          {
            id: 'generatorStatus',
            title: title('generatorStatus'),
            span: 2,
            extra: (
              <CsvButton
                fileName="generator-status"
                disabled={!load.data}
                rows={() => [
                  [
                    'set',
                    'running',
                    'power_kw',
                    'load_pct',
                    'running_hours',
                    'sfc_24h_g_per_kwh',
                    'advised_kw',
                    'advised_load_pct',
                  ],
                  ...(load.data?.sets ?? []).map((x) => [
                    `G/E ${setNo(x.id)}`,
                    x.running == null ? null : x.running ? 1 : 0,
                    x.powerKw,
                    x.loadPct,
                    x.runningHours,
                    x.averageSfcGPerKwh,
                    x.optimisedKw,
                    x.optimisedLoadPct,
                  ]),
                ]}
              />
            ),
            children: body((d) => <GeneratorStatus data={d} />),
          },
          { id: 'averageSfc', title: title('averageSfc'), children: body((d) => <AverageSfc data={d} />) },
          {
            id: 'loadComparison',
            title: title('loadComparison'),
            extra: (
              <CsvButton
                fileName="load-running-vs-optimised"
                disabled={!load.data}
                rows={() => [
                  [
                    'hour_utc',
                    'demand_kw',
                    'sets_running',
                    'sets_advised',
                    'fuel_kg_per_h',
                    'advised_fuel_kg_per_h',
                  ],
                  ...(load.data?.history ?? []).map((h) => [
                    h.t,
                    h.demandKw,
                    h.runningSets,
                    h.optimisedSets,
                    h.fuelKgPerH,
                    h.optimisedFuelKgPerH,
                  ]),
                ]}
              />
            ),
            children: body((d) => <LoadComparison data={d} />),
          },
          {
            id: 'priority',
            title: title('priority'),
            children: body((d) => <Priorities data={d} canWrite={canWrite} />),
          },
          {
            id: 'powerSfcCurves',
            title: title('powerSfcCurves'),
            children: body((d) => <Curves data={d} />),
          },
        ]}
      />
      {load.data ? (
        <SettingsModal
          open={settingsOpen}
          settings={load.data.settings}
          onClose={() => setSettingsOpen(false)}
        />
      ) : null}
    </>
  );
}

/** The advice in one sentence: what to start or stop and what it saves, or why there is none. */
function Advice({ data }: { data: Data }) {
  const { t } = useTranslation();
  const { num } = useFormat();
  const r = data.recommendation;
  if (!r) {
    return (
      <Alert
        type="info"
        showIcon
        data-testid="load-advice"
        message={t(`load.reasons.${data.reason ?? 'no_live_data'}`)}
      />
    );
  }
  const sets = r.plan.running.map((id) => `G/E ${setNo(id)}`).join(', ');
  if (r.actions.length === 0) {
    return (
      <Alert
        type="success"
        showIcon
        data-testid="load-advice"
        message={
          r.held
            ? t(`load.advice.held.${r.held}`, { sets })
            : t('load.advice.keep', { sets, demand: num(r.demandKw, 0) })
        }
      />
    );
  }
  const actions = r.actions
    .map((a) => t(`load.actions.${a.kind}`, { n: setNo(a.id) }))
    .join(t('load.actions.join'));
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="load-advice"
      message={
        // Within the tie share the sets burn the same fuel: the change-over is the priorities', say so.
        Math.abs(r.savingKgPerH) <= LOAD_TIE_SHARE * r.plan.fuelKgPerH
          ? t('load.advice.priority', { actions, sets, kg: num(r.plan.fuelKgPerH, 1) })
          : r.savingKgPerH >= 0
            ? t('load.advice.change', { actions, kg: num(r.savingKgPerH, 1), t: num(r.savingTPerMonth, 1) })
            : t('load.advice.safety', { actions, kg: num(-r.savingKgPerH, 1) })
      }
    />
  );
}

function GeneratorStatus({ data }: { data: Data }) {
  const { t } = useTranslation();
  const { num } = useFormat();
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      <Advice data={data} />
      <Table<SetStatus>
        className="load-sets"
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={data.sets}
        columns={[
          { title: t('load.columns.set'), dataIndex: 'id', render: (id: string) => `G/E ${setNo(id)}` },
          {
            title: t('load.columns.status'),
            key: 'status',
            render: (_, s) =>
              s.running === null ? (
                <Tag>{t('load.status.unknown')}</Tag>
              ) : (
                <Tag color={s.running ? 'green' : 'default'}>
                  {t(s.running ? 'load.status.running' : 'load.status.stopped')}
                </Tag>
              ),
          },
          {
            title: t('load.columns.power'),
            dataIndex: 'powerKw',
            align: 'right',
            render: (v: number | null, s) => (s.running ? num(v, 0) : '—'),
          },
          {
            title: t('load.columns.load'),
            dataIndex: 'loadPct',
            align: 'right',
            render: (v: number | null, s) => (s.running ? num(v, 1) : '—'),
          },
          {
            // The set now as G/E monitoring shows it (one computation on the server).
            title: t('load.columns.fuelNow'),
            key: 'fuelNow',
            align: 'right',
            render: (_, s) => (s.running && s.now ? num(s.now.fuelKgPerH, 1) : '—'),
          },
          {
            title: t('load.columns.sfocNow'),
            key: 'sfocNow',
            align: 'right',
            render: (_, s) => (s.running && s.now ? num(s.now.sfocGPerKwh, 1) : '—'),
          },
          {
            title: t('load.columns.optimised'),
            dataIndex: 'optimisedLoadPct',
            align: 'right',
            render: (v: number | null) => (v === null ? '—' : v === 0 ? t('load.status.stopped') : num(v, 1)),
          },
          {
            title: t('load.columns.hours'),
            dataIndex: 'runningHours',
            align: 'right',
            render: (v: number) => num(v, 0),
          },
          {
            title: t('load.columns.sfc'),
            dataIndex: 'averageSfcGPerKwh',
            align: 'right',
            render: (v: number | null) => num(v, 1),
          },
        ]}
      />
      <div style={{ fontSize: 12, opacity: 0.75 }} data-testid="load-demand">
        {data.demandKw === null
          ? t('load.reasons.no_live_data')
          : t('load.demand', {
              demand: num(data.demandKw, 0),
              reserve: num(data.settings.reserveKw, 0),
            })}
        {data.recommendation
          ? ` · ${
              data.recommendation.measuredFuelKgPerH == null
                ? ''
                : `${t('load.fuelMetered', { measured: num(data.recommendation.measuredFuelKgPerH, 1) })} · `
            }${t('load.fuelNow', {
              actual: num(data.recommendation.actualFuelKgPerH, 1),
              advised: num(data.recommendation.plan.fuelKgPerH, 1),
            })}`
          : null}
      </div>
      <Plans data={data} />
    </div>
  );
}

/** Every feasible combination for the demand now, so the crew sees what the advice weighed. */
function Plans({ data }: { data: Data }) {
  const { t } = useTranslation();
  const { num } = useFormat();
  if (data.demandKw === null || data.demandKw <= 0) return null;
  const advised = data.recommendation?.plan;
  const key = (running: readonly string[]) => running.join('+');
  return (
    <div>
      <div style={{ fontSize: 12, opacity: 0.8, margin: '4px 0' }}>
        {t('load.plans.title', { demand: num(data.demandKw, 0) })}
      </div>
      <Table
        size="small"
        rowKey={(p) => key(p.running)}
        pagination={false}
        scroll={{ y: 120 }}
        dataSource={data.plans}
        className="load-plans"
        locale={{ emptyText: t('load.plans.none') }}
        columns={[
          {
            title: t('load.plans.sets'),
            key: 'sets',
            render: (_, p) => (
              <span>
                {p.running.map((id) => `G/E ${setNo(id)}`).join(' + ')}
                {advised && key(advised.running) === key(p.running) ? (
                  <Tag color="green" style={{ marginLeft: 6 }}>
                    {t('load.plans.advised')}
                  </Tag>
                ) : null}
              </span>
            ),
          },
          {
            title: t('load.plans.loads'),
            key: 'loads',
            render: (_, p) => p.running.map((id) => num(p.loadsKw[id] ?? 0, 0)).join(' / '),
          },
          {
            title: t('load.plans.fuel'),
            dataIndex: 'fuelKgPerH',
            align: 'right',
            render: (v: number) => num(v, 1),
          },
          {
            title: t('load.plans.extra'),
            key: 'extra',
            align: 'right',
            render: (_, p) => (advised ? signed(p.fuelKgPerH - advised.fuelKgPerH) : '—'),
          },
        ]}
      />
    </div>
  );
}

function AverageSfc({ data }: { data: Data }) {
  const { t } = useTranslation();
  const { num } = useFormat();
  return (
    <div>
      <div style={{ opacity: 0.7, fontSize: 12 }}>{t('load.overallSfc')}</div>
      <div style={{ fontSize: 28, fontWeight: 600 }} data-testid="load-overall-sfc">
        {num(data.averageSfcGPerKwh, 1)}
        <span style={{ fontSize: 13, fontWeight: 400, marginLeft: 4 }}>g/kWh</span>
      </div>
      <table style={{ width: '100%', marginTop: 8, fontSize: 13 }}>
        <tbody>
          {data.sets.map((s) => (
            <tr key={s.id} data-testid={`load-sfc-${s.id}`}>
              <td>G/E {setNo(s.id)}</td>
              <td style={{ textAlign: 'right' }}>{`${num(s.averageSfcGPerKwh, 1)} g/kWh`}</td>
              <td style={{ textAlign: 'right', opacity: 0.75 }}>
                {s.deviationPct === null
                  ? t('load.curve.shopTest')
                  : t('load.curve.deviation', { pct: signed(s.deviationPct) })}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p style={{ fontSize: 12, opacity: 0.7, marginTop: 8 }}>{t('load.sfcNote')}</p>
    </div>
  );
}

function LoadComparison({ data }: { data: Data }) {
  const { t } = useTranslation();
  const { num } = useFormat();
  const offset = usePageConfig().config.shipTimeOffsetMinutes;
  const bars: ChartOption = {
    grid: { left: 44, right: 12, top: 30, bottom: 24 },
    legend: { top: 0, right: 4, textStyle: { color: '#c9d6ea' } },
    tooltip: { trigger: 'axis', valueFormatter: (v) => `${num(Number(v), 1)} %` },
    xAxis: { type: 'category', data: data.sets.map((s) => `G/E ${setNo(s.id)}`) },
    yAxis: { type: 'value', max: 100, name: '%', splitLine: { lineStyle: { opacity: 0.15 } } },
    series: [
      {
        name: t('load.running'),
        type: 'bar',
        data: data.sets.map((s) => (s.running ? (s.loadPct ?? 0) : 0)),
        markLine: {
          symbol: 'none',
          lineStyle: { type: 'dashed', color: '#eb5757' },
          label: { formatter: t('load.maxLine'), position: 'insideEndTop' },
          data: [{ yAxis: Math.max(...data.settings.sets.map((s) => s.maxLoadPct)) }],
        },
      },
      { name: t('load.optimised'), type: 'bar', data: data.sets.map((s) => s.optimisedLoadPct ?? 0) },
    ],
  };
  const lost = data.history.reduce(
    (s, h) => s + Math.max(0, h.fuelKgPerH - (h.optimisedFuelKgPerH ?? h.fuelKgPerH)),
    0,
  );
  const history: ChartOption = {
    grid: { left: 44, right: 12, top: 26, bottom: 22 },
    legend: { top: 0, right: 4, textStyle: { color: '#c9d6ea' } },
    tooltip: { trigger: 'axis', valueFormatter: (v) => `${num(Number(v), 1)} kg/h` },
    // Hours in ship time, the offset said on the axis (they were UTC, unlabelled).
    xAxis: {
      type: 'category',
      name: utcOffsetLabel(offset),
      nameGap: 4,
      data: data.history.map((h) => formatShipTime(h.t, offset).slice(11)),
    },
    yAxis: { type: 'value', name: 'kg/h', splitLine: { lineStyle: { opacity: 0.15 } } },
    series: [
      {
        name: t('load.actualFuel'),
        type: 'line',
        showSymbol: false,
        data: data.history.map((h) => h.fuelKgPerH),
      },
      {
        name: t('load.optimisedFuel'),
        type: 'line',
        showSymbol: false,
        lineStyle: { type: 'dashed' },
        data: data.history.map((h) => h.optimisedFuelKgPerH),
      },
    ],
  };
  return (
    <div style={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <div style={{ flex: 3, minHeight: 110 }}>
        <Chart option={bars} label={t('load.barsLabel')} height="100%" />
      </div>
      <div style={{ flex: 2, minHeight: 90 }}>
        <Chart option={history} label={t('load.historyLabel')} height="100%" />
      </div>
      <div style={{ fontSize: 12, opacity: 0.75 }} data-testid="load-day-saving">
        {t('load.daySaving', { kg: num(lost, 0) })}
      </div>
    </div>
  );
}

/** Which set starts first. Giving a set a level another set has swaps the two, so the levels stay 1–3 once each. */
function Priorities({ data, canWrite }: { data: Data; canWrite: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const save = useSaveLoadSettings();
  const ordered = [...data.settings.sets].sort((a, b) => a.priority - b.priority);
  const change = async (id: GeneratorId, priority: number) => {
    const mine = data.settings.sets.find((s) => s.id === id)!;
    const { updatedAt: _a, updatedBy: _b, ...current } = data.settings;
    const next: LoadSettings = {
      ...current,
      sets: current.sets.map((s) =>
        s.id === id ? { ...s, priority } : s.priority === priority ? { ...s, priority: mine.priority } : s,
      ),
    };
    const other = data.settings.sets.find((s) => s.id !== id && s.priority === priority);
    try {
      await save.mutateAsync(next);
      // The level was another set's: the two swap, and the message says so.
      void message.success(
        other
          ? t('load.priority.swapped', {
              n: setNo(id),
              p: priority,
              other: setNo(other.id),
              otherP: mine.priority,
            })
          : t('load.priority.saved'),
      );
    } catch (error) {
      void message.error(failureText(error, t));
    }
  };
  return (
    <div>
      {ordered.map((s) => (
        <div
          key={s.id}
          style={{ display: 'flex', alignItems: 'center', gap: 8, marginBottom: 8 }}
          data-testid={`load-priority-${s.id}`}
        >
          <span style={{ width: 56 }}>G/E {setNo(s.id)}</span>
          <Select
            aria-label={t('load.priority.label', { n: setNo(s.id) })}
            value={s.priority}
            disabled={!canWrite || save.isPending}
            style={{ width: 130 }}
            onChange={(v) => void change(s.id, v)}
            options={[1, 2, 3].map((p) => ({ value: p, label: t('load.priority.level', { p }) }))}
          />
          {s.available ? null : <Tag color="red">{t('load.priority.unavailable')}</Tag>}
        </div>
      ))}
      <p style={{ fontSize: 12, opacity: 0.7 }}>{t('load.priority.note')}</p>
    </div>
  );
}

function Curves({ data }: { data: Data }) {
  const { t } = useTranslation();
  const { num } = useFormat();
  const [id, setId] = useState<GeneratorId>('ge1');
  const curve = data.curves.find((c) => c.id === id)!;
  const set = data.sets.find((s) => s.id === id)!;
  const model = (pct: number) => {
    const pts = curve.model;
    const i = pts.findIndex((p) => p.loadPct >= pct);
    return i < 0 ? pts[pts.length - 1]!.sfocGPerKwh : pts[i]!.sfocGPerKwh;
  };
  const option: ChartOption = {
    grid: { left: 48, right: 12, top: 30, bottom: 34 },
    legend: { top: 0, right: 4, textStyle: { color: '#c9d6ea' } },
    tooltip: { trigger: 'item', valueFormatter: (v) => num(Number(v), 1) },
    xAxis: { type: 'value', name: t('load.loadAxis'), nameLocation: 'middle', nameGap: 22, min: 0, max: 110 },
    yAxis: { type: 'value', name: 'g/kWh', scale: true, splitLine: { lineStyle: { opacity: 0.15 } } },
    series: [
      {
        name: t('load.curve.model'),
        type: 'line',
        smooth: true,
        showSymbol: false,
        data: curve.model.map((p) => [p.loadPct, p.sfocGPerKwh]),
      },
      {
        name: t('load.curve.shopTest'),
        type: 'scatter',
        symbol: 'diamond',
        symbolSize: 9,
        data: curve.shopTest.map((p) => [p.loadPct, p.sfocGPerKwh]),
      },
      {
        name: t('load.curve.measured'),
        type: 'scatter',
        symbolSize: (v: number[]) => 5 + Math.min(10, Math.sqrt(v[2] ?? 1)),
        itemStyle: { color: SET_COLORS[Number(setNo(id)) - 1] },
        data: curve.measured.map((p) => [p.loadPct, p.sfocGPerKwh, p.hours]),
      },
      ...(set.running && set.loadPct !== null
        ? [
            {
              name: t('load.curve.now'),
              type: 'scatter' as const,
              symbolSize: 14,
              itemStyle: { color: '#eb5757' },
              data: [[set.loadPct, model(set.loadPct)]],
            },
          ]
        : []),
    ],
  };
  return (
    <div style={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <Select
        size="small"
        aria-label={t('load.curve.pick')}
        value={id}
        onChange={setId}
        style={{ width: 100 }}
        options={data.curves.map((c) => ({ value: c.id, label: `G/E ${setNo(c.id)}` }))}
      />
      <div style={{ flex: 1, minHeight: 160 }}>
        <Chart option={option} label={t('load.curve.label', { n: setNo(id) })} height="100%" />
      </div>
    </div>
  );
}
