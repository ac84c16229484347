import type { MacroOptimisation, SpeedResponse, WeatherPoint } from '@ecohelm/contracts';
import { Alert, App, Button, Slider, Space, Spin, Tag, Upload } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '../../lib/download';
import { usePageConfig } from '../../lib/page-config';
import { shipTimeAxisLabel, utcOffsetLabel } from '../../lib/ship-time';
import { useCanWrite } from '../../lib/use-can-write';
import { useFormat } from '../../lib/use-format';
import { Chart, type ChartOption } from '../../ui/chart';
import { NumberInput } from '../../ui/number-input';
import { OnDemandView, onDemand } from '../../ui/on-demand';
import { PageFrame } from '../../ui/page-frame';
import { useLiveChannels } from '../../ui/use-live-channels';
import {
  FIRST_HISTORY_HOURS,
  firstSimulationRpm,
  useForecastFiles,
  useImportGrib,
  useImportRtz,
  useResetCondition,
  useRpmSimulation,
  useSpeed,
  useSpeedHistory,
} from './api/speed-api';
import { legEndName } from './leg-name';
import type { SpeedDialog } from './speed-dialogs';
import { latLon, useErrorText } from './speed-format';
import styles from './speed-page.module.css';

type Data = SpeedResponse;
type Modal = SpeedDialog;

/**
 * The page's dialogs, asked for once the page has drawn and the browser is idle (not while its charts draw), so that
 * the first one opens at once.
 */
const dialogs = onDemand(() => import('./speed-dialogs').then((m) => m.SpeedDialogs));

const RATING_COLORS: Record<string, string> = { A: 'green', B: 'lime', C: 'gold', D: 'orange', E: 'red' };

/**
 * Speed optimisation (SPEC §2 "Efficiency optimization (speed)"): navigation now, the ship and loading status, the
 * advised rpm with its history and the adjust / indicator / slip-rate modals, the forecast along the route, the
 * voyage plan with RTZ import and export, the macro optimisation, the voyage statistics and the rpm simulation.
 */
export function SpeedPage() {
  const { t } = useTranslation();
  const speed = useSpeed();
  const [modal, setShown] = useState<Modal>(null);
  // The dialogs stay in the page once one has been opened (a closing dialog keeps its animation).
  const [opened, setOpened] = useState(false);
  const setModal = (next: Modal) => {
    if (next) setOpened(true);
    setShown(next);
  };
  const canWrite = useCanWrite('records:write');
  const canImportGrib = useCanWrite('settings:write');
  const title = (id: string) => t(`optimization.panels.${id}`);
  const errorText = useErrorText();
  const body = (render: (d: Data) => ReactNode) => {
    if (speed.error) return <Alert type="error" showIcon message={errorText(speed.error)} />;
    return speed.data ? render(speed.data) : <Spin />;
  };
  const d = speed.data;
  const drawn = d !== undefined;
  useEffect(() => {
    if (!drawn) return;
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(dialogs.preload, { timeout: 3_000 });
      return () => cancelIdleCallback(id);
    }
    const id = setTimeout(dialogs.preload, 1_000);
    return () => clearTimeout(id);
  }, [drawn]);
  return (
    <>
      <PageFrame
        title={t('optimization.speed.title')}
        columns={4}
        rowCount={4}
        minRowHeight={290}
        panels={[
          {
            id: 'navigationData',
            title: title('navigationData'),
            span: 2,
            children: body((x) => <Navigation data={x} />),
          },
          {
            id: 'shipStatus',
            title: title('shipStatus'),
            children: body((x) => (
              <Condition data={x} canWrite={canWrite} onEdit={() => setModal('condition')} />
            )),
          },
          {
            id: 'optimizedRpm',
            title: title('optimizedRpm'),
            rows: 2,
            children: body((x) => <Advice data={x} canWrite={canWrite} open={setModal} />),
          },
          {
            id: 'weatherForecast',
            title: title('weatherForecast'),
            span: 2,
            extra: <GribImport canWrite={canImportGrib} />,
            children: body((x) => <Forecast data={x} />),
          },
          {
            id: 'voyageStatistics',
            title: title('voyageStatistics'),
            children: body((x) => <Statistics data={x} />),
          },
          {
            id: 'voyagePlan',
            title: title('voyagePlan'),
            span: 2,
            children: body((x) => <Plan data={x} canWrite={canWrite} onEdit={() => setModal('plan')} />),
          },
          {
            id: 'rpmSimulation',
            title: title('rpmSimulation'),
            span: 2,
            children: body((x) => <Simulation data={x} />),
          },
          {
            id: 'macroOptimization',
            title: title('macroOptimization'),
            span: 4,
            children: body((x) => <Macro data={x} />),
          },
        ]}
      />
      {d && opened ? (
        <OnDemandView
          of={dialogs}
          fallback={null}
          props={{ open: modal, data: d, onClose: () => setModal(null) }}
        />
      ) : null}
    </>
  );
}

function Field({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <div style={{ minWidth: 0 }}>
      <div style={{ fontSize: 12, opacity: 0.65 }}>{label}</div>
      <div style={{ fontSize: 16, fontWeight: 500 }} data-testid={testId}>
        {value}
      </div>
    </div>
  );
}

const grid = (columns: number) => ({
  display: 'grid',
  gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
  gap: '10px 16px',
});

/** The navigation channels, live at 1 Hz (the page's 10 s answer fills in until the stream delivers). */
const NAV = {
  sog: 'navigation.speedOverGround',
  stw: 'navigation.speedThroughWater',
  wind: 'environment.wind.speedTrue',
  windFrom: 'environment.wind.directionTrue',
  rpm: 'propulsion.main.revolutions',
  draftFore: 'navigation.draft.fore',
  draftAft: 'navigation.draft.aft',
  draftPort: 'navigation.draft.port',
  draftStarboard: 'navigation.draft.starboard',
  course: 'navigation.courseOverGroundTrue',
  heel: 'navigation.attitude.roll',
  trim: 'navigation.trim',
  rot: 'navigation.rateOfTurn',
} as const;
const NAV_CHANNELS = Object.values(NAV);

function Navigation({ data }: { data: Data }) {
  const { t, num, utc } = useFormat();
  const live = useLiveChannels(NAV_CHANNELS);
  const n = data.navigation;
  const value = (key: keyof typeof NAV, fallback: number | null) => {
    // The stream sends display units already: kn, degrees, degrees a minute, rpm, m.
    return live.values[NAV[key]]?.value ?? fallback;
  };
  const angle = (x: number | null) => (x == null ? null : ((x % 360) + 360) % 360);
  const unit = (v: string, u: string) => (v === '—' ? v : `${v} ${u}`);
  const wind = value('wind', n.windKn);
  const stale = Object.keys(live.values).length > 0 ? live.stale : n.stale;
  return (
    <div>
      {stale ? <Tag color="red">{t('speed.nav.stale')}</Tag> : null}
      <div style={grid(4)} data-testid="speed-navigation">
        <Field
          label={t('speed.nav.sog')}
          value={unit(num(value('sog', n.sogKn), 1), 'kn')}
          testId="nav-sog"
        />
        <Field
          label={t('speed.nav.stw')}
          value={unit(num(value('stw', n.stwKn), 1), 'kn')}
          testId="nav-stw"
        />
        <Field
          label={t('speed.nav.wind')}
          value={
            wind == null ? '—' : `${num(wind, 1)} kn / ${num(angle(value('windFrom', n.windFromDeg)), 0)}°`
          }
        />
        <Field label={t('speed.nav.rpm')} value={unit(num(value('rpm', n.rpm), 1), 'rpm')} />
        <Field label={t('speed.nav.draftFore')} value={unit(num(value('draftFore', n.draftForeM)), 'm')} />
        <Field label={t('speed.nav.draftAft')} value={unit(num(value('draftAft', n.draftAftM)), 'm')} />
        <Field label={t('speed.nav.draftPort')} value={unit(num(value('draftPort', n.draftPortM)), 'm')} />
        <Field
          label={t('speed.nav.draftStarboard')}
          value={unit(num(value('draftStarboard', n.draftStarboardM)), 'm')}
        />
        <Field label={t('speed.nav.course')} value={unit(num(angle(value('course', n.courseDeg)), 1), '°')} />
        <Field label={t('speed.nav.heel')} value={unit(num(value('heel', n.heelDeg), 1), '°')} />
        <Field label={t('speed.nav.trim')} value={unit(num(value('trim', n.trimM)), 'm')} />
        <Field label={t('speed.nav.rot')} value={unit(num(value('rot', n.rateOfTurnDegMin), 1), '°/min')} />
      </div>
      <div style={{ fontSize: 12, opacity: 0.6, marginTop: 8 }}>
        {n.lat != null && n.lon != null ? `${t('speed.nav.position')} ${latLon(n.lat, n.lon)} · ` : ''}
        {n.at ? t('speed.nav.updated', { time: utc(n.at).slice(11) }) : ''}
      </div>
    </div>
  );
}

function Condition({ data, canWrite, onEdit }: { data: Data; canWrite: boolean; onEdit: () => void }) {
  const { t, num, utc } = useFormat();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const reset = useResetCondition();
  const c = data.condition;
  return (
    <div>
      <div style={grid(1)}>
        <Field
          label={t('speed.condition.status')}
          value={t(`speed.shipStatus.${c.shipStatus}`)}
          testId="condition-status"
        />
        <Field
          label={t('speed.condition.loading')}
          value={t(`speed.loadingStatus.${c.loadingStatus}`)}
          testId="condition-loading"
        />
        <Field label={t('speed.condition.cargo')} value={`${num(c.cargoT, 0)} t`} testId="condition-cargo" />
      </div>
      <div style={{ fontSize: 12, opacity: 0.6, margin: '8px 0' }} data-testid="condition-source">
        {c.source === 'crew' && c.setAt
          ? t('speed.condition.setBy', { by: c.setBy ?? '—', time: utc(c.setAt) })
          : t('speed.condition.derived')}
      </div>
      <Space size={4}>
        <Button size="small" disabled={!canWrite} onClick={onEdit}>
          {t('speed.condition.edit')}
        </Button>
        {c.source === 'crew' ? (
          <Button
            size="small"
            disabled={!canWrite || reset.isPending}
            onClick={() =>
              reset.mutateAsync(undefined).then(
                () => void message.success(t('speed.condition.derivedAgain')),
                (error: unknown) => void message.error(errorText(error)),
              )
            }
          >
            {t('speed.condition.useDerived')}
          </Button>
        ) : null}
      </Space>
    </div>
  );
}

function Advice({ data, canWrite, open }: { data: Data; canWrite: boolean; open: (m: Modal) => void }) {
  const { t, num, utc } = useFormat();
  const history = useSpeedHistory(FIRST_HISTORY_HOURS);
  const a = data.advice;
  const buttons = (
    <Space size={4} wrap style={{ marginTop: 8 }}>
      <Button size="small" disabled={!canWrite || !a} onClick={() => open('adjust')}>
        {t('speed.advice.adjust')}
      </Button>
      <Button size="small" disabled={!data.plan} onClick={() => open('indicator')}>
        {t('speed.advice.indicator')}
      </Button>
      <Button size="small" onClick={() => open('slip')}>
        {t('speed.advice.slip')}
      </Button>
    </Space>
  );
  const shipOffset = usePageConfig().config.shipTimeOffsetMinutes;
  const h = history.data;
  const option: ChartOption | null = h
    ? {
        grid: { left: 36, right: 8, top: 24, bottom: 20 },
        legend: { top: 0, textStyle: { fontSize: 10 } },
        tooltip: { trigger: 'axis' },
        // Ship time, the offset named (ECharts would print the browser's time zone).
        xAxis: {
          type: 'time',
          name: utcOffsetLabel(shipOffset),
          nameTextStyle: { fontSize: 9 },
          axisLabel: {
            fontSize: 9,
            hideOverlap: true,
            formatter: (v: number) => shipTimeAxisLabel(v, shipOffset),
          },
        },
        yAxis: { type: 'value', scale: true, axisLabel: { fontSize: 9 } },
        series: [
          {
            name: t('speed.advice.historyActual'),
            type: 'line',
            showSymbol: false,
            data: h.points.filter((p) => p.actualRpm != null).map((p) => [p.t, p.actualRpm]),
          },
          {
            name: t('speed.advice.historyAdvised'),
            type: 'line',
            step: 'end',
            showSymbol: false,
            connectNulls: true,
            data: h.points.filter((p) => p.advisedRpm != null).map((p) => [p.t, p.advisedRpm]),
          },
        ],
      }
    : null;
  return (
    <div style={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      {a ? (
        <>
          <div style={{ display: 'flex', alignItems: 'baseline', gap: 8 }}>
            <span style={{ fontSize: 30, fontWeight: 600 }} data-testid="advice-rpm">
              {num(a.rpm, 1)}
            </span>
            <span>rpm</span>
            <Tag
              color={a.optimized ? 'green' : a.optimized === false ? 'orange' : 'default'}
              data-testid="advice-status"
            >
              {a.optimized == null
                ? t('speed.advice.noLive')
                : a.optimized
                  ? t('speed.advice.optimized')
                  : t('speed.advice.notOptimized')}
            </Tag>
          </div>
          <div style={grid(3)}>
            <Field label={t('speed.advice.stw')} value={`${num(a.stwKn, 1)} kn`} />
            <Field
              label={t('speed.advice.current')}
              value={a.currentRpm == null ? '—' : `${num(a.currentRpm, 1)} rpm`}
            />
            <Field
              label={t('speed.advice.applyAt')}
              value={
                Date.parse(a.applyAt) - Date.parse(data.generatedAt) < 60_000
                  ? t('speed.advice.now')
                  : utc(a.applyAt)
              }
              testId="advice-apply"
            />
          </div>
          {a.adjustment ? (
            <div style={{ fontSize: 12, opacity: 0.75, marginTop: 4 }} data-testid="advice-adjustment">
              {t('speed.advice.last', {
                decision: t(`speed.adjust.${a.adjustment.decision}`),
                rpm: num(a.adjustment.rpm, 1),
                reason: a.adjustment.reason || '—',
              })}
            </div>
          ) : null}
        </>
      ) : (
        <Alert
          type="info"
          showIcon
          data-testid="advice-none"
          message={t(`speed.advice.noAdvice.${data.noAdviceReason ?? 'no_plan'}`)}
        />
      )}
      {buttons}
      {option ? (
        <div style={{ flex: 1, minHeight: 130, marginTop: 6 }}>
          <Chart option={option} label={t('speed.advice.history')} />
        </div>
      ) : null}
    </div>
  );
}

/** An arrow pointing where the wind, waves or swell go (from + 180°) or where the current sets. */
function Arrow({ towardsDeg, label }: { towardsDeg: number; label: string }) {
  return (
    <svg
      width="18"
      height="18"
      viewBox="-9 -9 18 18"
      role="img"
      aria-label={label}
      style={{ verticalAlign: 'middle' }}
    >
      <g transform={`rotate(${towardsDeg})`}>
        <line x1="0" y1="7" x2="0" y2="-6" stroke="currentColor" strokeWidth="1.6" />
        <path d="M0,-8 L-4,-2 L4,-2 Z" fill="currentColor" />
      </g>
    </svg>
  );
}

function WeatherRows({ w }: { w: WeatherPoint }) {
  const { t, num } = useFormat();
  const rows: [string, number, string][] = [
    [
      t('speed.weather.wind'),
      (w.windFromDeg + 180) % 360,
      `${num(w.windKn, 0)} kn · ${num(w.windFromDeg, 0)}°`,
    ],
    [
      t('speed.weather.wave'),
      (w.waveFromDeg + 180) % 360,
      `${num(w.waveHsM, 1)} m · ${num(w.waveFromDeg, 0)}°`,
    ],
    [
      t('speed.weather.swell'),
      (w.swellFromDeg + 180) % 360,
      `${num(w.swellHsM, 1)} m${w.swellPeriodS != null ? ` ${num(w.swellPeriodS, 0)} s` : ''} · ${num(w.swellFromDeg, 0)}°`,
    ],
    [t('speed.weather.current'), w.currentSetDeg, `${num(w.currentKn, 1)} kn · ${num(w.currentSetDeg, 0)}°`],
  ];
  return (
    <table style={{ width: '100%', fontSize: 12 }}>
      <tbody>
        {rows.map(([label, towards, text]) => (
          <tr key={label}>
            <td style={{ opacity: 0.7 }}>{label}</td>
            <td style={{ width: 22 }}>
              <Arrow towardsDeg={towards} label={`${label} ${text}`} />
            </td>
            <td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>{text}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Uploads a GRIB2 forecast file (the watched folder takes them too). */
function GribImport({ canWrite }: { canWrite: boolean }) {
  const { t } = useFormat();
  const { message } = App.useApp();
  const importGrib = useImportGrib();
  const errorText = useErrorText();
  return (
    <Upload
      accept=".grb2,.grib2,.grb"
      showUploadList={false}
      disabled={!canWrite}
      beforeUpload={(file) => {
        importGrib.mutate(file, {
          onSuccess: (r) =>
            void message.success(t('speed.grib.imported', { file: r.fileName, fields: r.fieldCount })),
          onError: (error) => void message.error(errorText(error)),
        });
        return false;
      }}
    >
      <Button size="small" disabled={!canWrite} loading={importGrib.isPending}>
        {t('speed.grib.import')}
      </Button>
    </Upload>
  );
}

function Forecast({ data }: { data: Data }) {
  const { t, utc } = useFormat();
  const files = useForecastFiles();
  const newest = files.data?.items[0];
  return (
    <div>
      <div style={grid(4)} data-testid="speed-forecast">
        {data.forecast.map((f) => (
          <div
            key={f.hours}
            style={{ border: '1px solid rgba(120,150,220,0.25)', borderRadius: 4, padding: 8 }}
          >
            <div style={{ display: 'flex', justifyContent: 'space-between', gap: 4 }}>
              <strong>{t(`speed.horizon.${f.hours}`)}</strong>
              <Tag
                style={{ marginInlineEnd: 0 }}
                color={f.source === 'grib' ? 'blue' : f.source === 'simulated' ? 'purple' : 'default'}
              >
                {t(`speed.forecastSource.${f.source}`)}
              </Tag>
            </div>
            <div style={{ fontSize: 11, opacity: 0.6, margin: '2px 0 4px' }}>
              {utc(f.time)} · {latLon(f.lat, f.lon)}
            </div>
            {f.weather ? (
              <WeatherRows w={f.weather} />
            ) : (
              <div style={{ opacity: 0.6 }}>{t('speed.weather.none')}</div>
            )}
          </div>
        ))}
      </div>
      <div style={{ fontSize: 12, opacity: 0.6, marginTop: 6 }} data-testid="grib-files">
        {newest
          ? t('speed.grib.files', {
              file: newest.fileName,
              from: utc(newest.validFrom),
              to: utc(newest.validTo),
              count: files.data?.items.length ?? 0,
            })
          : t('speed.grib.none')}
      </div>
    </div>
  );
}

function Plan({ data, canWrite, onEdit }: { data: Data; canWrite: boolean; onEdit: () => void }) {
  const { t, num, utc } = useFormat();
  const { message } = App.useApp();
  const importRtz = useImportRtz();
  const errorText = useErrorText();
  const p = data.plan;
  const exportRtz = async () => {
    try {
      await downloadFile('/api/v1/speed/plan/rtz', 'voyage-plan.rtz');
    } catch (error) {
      void message.error(errorText(error));
    }
  };
  const actions = (
    <Space size={4} wrap style={{ marginTop: 8 }}>
      <Button size="small" disabled={!canWrite} onClick={onEdit}>
        {t('speed.plan.edit')}
      </Button>
      <Upload
        accept=".rtz,.xml"
        showUploadList={false}
        disabled={!canWrite}
        beforeUpload={(file) => {
          void file.text().then(async (xml) => {
            try {
              const plan = await importRtz.mutateAsync({ fileName: file.name, xml });
              void message.success(t('speed.plan.imported', { count: plan.waypoints.length }));
            } catch (error) {
              void message.error(errorText(error));
            }
          });
          return false;
        }}
      >
        <Button size="small" disabled={!canWrite} loading={importRtz.isPending}>
          {t('speed.plan.import')}
        </Button>
      </Upload>
      <Button size="small" disabled={!p} onClick={() => void exportRtz()}>
        {t('speed.plan.export')}
      </Button>
    </Space>
  );
  if (!p) {
    return (
      <div>
        <Alert type="info" showIcon message={t('speed.plan.none')} />
        {actions}
      </div>
    );
  }
  const pr = data.progress;
  return (
    <div>
      <div style={grid(4)} data-testid="speed-plan">
        <Field label={t('speed.plan.voyageNo')} value={p.voyageNo} testId="plan-voyage" />
        <Field label={t('speed.plan.departure')} value={p.departurePort} />
        <Field label={t('speed.plan.destination')} value={p.destination} testId="plan-destination" />
        <Field label={t('speed.plan.distanceToGo')} value={pr ? `${num(pr.distanceToGoNm, 0)} nm` : '—'} />
        <Field label={t('speed.plan.etd')} value={utc(p.etd)} />
        <Field label={t('speed.plan.rtd')} value={p.rtd ? utc(p.rtd) : '—'} />
        <Field label={t('speed.plan.eta')} value={utc(p.eta)} testId="plan-eta" />
        <Field label={t('speed.plan.rta')} value={utc(p.rta)} testId="plan-rta" />
        <Field label={t('speed.plan.advisedSpeed')} value={pr ? `${num(pr.advisedSpeedKn, 1)} kn` : '—'} />
        <Field
          label={t('speed.plan.advisedEta')}
          value={pr ? utc(pr.advisedEta) : '—'}
          testId="plan-advised-eta"
        />
        <Field label={t('speed.plan.waypoints')} value={p.waypoints.length} testId="plan-waypoints" />
        <Field
          label={t('speed.plan.specialPoints')}
          value={
            p.specialPoints.length === 0
              ? '—'
              : p.specialPoints.map((s) => `${s.name}${s.stayH ? ` (${num(s.stayH, 0)} h)` : ''}`).join('; ')
          }
        />
      </div>
      <div style={{ fontSize: 12, opacity: 0.6, marginTop: 6 }}>
        {t('speed.plan.updated', { source: t(`speed.plan.source.${p.source}`), time: utc(p.updatedAt) })}
      </div>
      {actions}
    </div>
  );
}

function Macro({ data }: { data: Data }) {
  const { t, num, utc } = useFormat();
  const m = data.macro;
  if (!m)
    return (
      <Alert type="info" showIcon message={t(`speed.advice.noAdvice.${data.noAdviceReason ?? 'no_plan'}`)} />
    );
  const option: ChartOption = {
    grid: { left: 36, right: 36, top: 24, bottom: 20 },
    tooltip: { trigger: 'axis' },
    legend: { top: 0, textStyle: { fontSize: 10 } },
    xAxis: { type: 'category', data: m.legs.map((_, i) => String(i + 1)), axisLabel: { fontSize: 9 } },
    yAxis: [
      { type: 'value', name: 'kn', scale: true, axisLabel: { fontSize: 9 } },
      { type: 'value', name: 'kW', axisLabel: { fontSize: 9 }, splitLine: { show: false } },
    ],
    series: [
      { name: t('speed.sim.stw'), type: 'bar', data: m.legs.map((l) => l.stwKn) },
      {
        name: t('speed.sim.power'),
        type: 'line',
        yAxisIndex: 1,
        showSymbol: false,
        data: m.legs.map((l) => l.powerKw),
      },
    ],
  };
  return (
    <div
      style={{
        display: 'grid',
        gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1.4fr) minmax(0, 1.2fr)',
        gap: 12,
        height: '100%',
      }}
    >
      <div data-testid="speed-macro">
        <table style={{ width: '100%', fontSize: 13 }}>
          <thead>
            <tr style={{ opacity: 0.7 }}>
              <th />
              <th style={{ textAlign: 'right' }}>{t('speed.macro.fuel')}</th>
              <th style={{ textAlign: 'right' }}>{t('speed.macro.co2')}</th>
              <th style={{ textAlign: 'right' }}>{t('speed.macro.arrival')}</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <td>{t('speed.macro.optimised')}</td>
              <td style={{ textAlign: 'right' }}>{num(m.optimised.fuelT, 1)} t</td>
              <td style={{ textAlign: 'right' }}>{num(m.optimised.co2T, 0)} t</td>
              <td style={{ textAlign: 'right' }} data-testid="macro-eta">
                {utc(m.optimised.eta)}
              </td>
            </tr>
            {m.constant ? (
              <tr>
                <td>{t('speed.macro.constant', { speed: num(m.constant.stwKn, 1) })}</td>
                <td style={{ textAlign: 'right' }}>{num(m.constant.fuelT, 1)} t</td>
                <td style={{ textAlign: 'right' }}>{num(m.constant.co2T, 0)} t</td>
                <td style={{ textAlign: 'right' }}>{utc(m.constant.eta)}</td>
              </tr>
            ) : null}
          </tbody>
        </table>
        {m.savingT != null ? (
          <div style={{ margin: '6px 0', fontSize: 15 }} data-testid="macro-saving">
            {t('speed.macro.saving')}: <strong>{num(m.savingT, 1)} t</strong> · {num(m.savingCo2T, 0)} t CO₂
          </div>
        ) : null}
        <Space size={4} wrap>
          {m.onTime ? (
            m.floorBinds ? (
              <Tag color="gold">{t('speed.macro.early', { hours: num(m.earlyHours, 1) })}</Tag>
            ) : (
              <Tag color="green">{t('speed.macro.onTime')}</Tag>
            )
          ) : (
            <Tag color="red">{t('speed.macro.late', { hours: num(m.lateHours, 1) })}</Tag>
          )}
          <Tag>{t('speed.macro.floor', { speed: num(m.floorKn, 1) })}</Tag>
          {m.roughLegsHeld ? <Tag color="purple">{t('speed.macro.rough')}</Tag> : null}
        </Space>
        <div style={{ marginTop: 6, fontSize: 13 }} data-testid="macro-cii">
          {m.cii ? (
            <>
              {t('speed.macro.cii', { year: m.cii.year })}:{' '}
              <Tag color={RATING_COLORS[m.cii.optimised.rating]}>
                {m.cii.optimised.rating} {num(m.cii.optimised.attainedCii, 2)}
              </Tag>
              {m.cii.constant ? (
                <>
                  {' '}
                  ← {t('speed.macro.constant', { speed: num(m.constant?.stwKn, 1) })}{' '}
                  <Tag color={RATING_COLORS[m.cii.constant.rating]}>
                    {m.cii.constant.rating} {num(m.cii.constant.attainedCii, 2)}
                  </Tag>
                </>
              ) : null}
            </>
          ) : (
            <span style={{ opacity: 0.7 }}>
              {t('speed.macro.ciiUnavailable', { reason: m.ciiUnavailable ?? '—' })}
            </span>
          )}
        </div>
      </div>
      <div>
        <LegTable legs={m.legs} />
      </div>
      <Chart option={option} label={t('speed.macro.speedChart')} />
    </div>
  );
}

/**
 * The remaining legs with the speed, rpm and ETA the optimisation gives each: a plain table with a fixed header in
 * its own scroll box (a voyage has up to a hundred legs; antd's table drew them in ~60 ms of the page's first draw).
 */
function LegTable({ legs }: { legs: MacroOptimisation['legs'] }) {
  const { t, num, utc } = useFormat();
  return (
    <div className={styles.legs}>
      <table aria-label={t('speed.macro.legs')}>
        <thead>
          <tr>
            <th className={styles.index}>#</th>
            <th>{t('speed.macro.leg')}</th>
            <th className={styles.number}>nm</th>
            <th className={styles.number}>kn</th>
            <th className={styles.number}>rpm</th>
            <th>{`${t('speed.macro.eta')} (UTC)`}</th>
          </tr>
        </thead>
        <tbody>
          {legs.map((l, i) => (
            <tr key={`${l.to}|${l.eta}`}>
              <td className={styles.index}>{i + 1}</td>
              <td className={styles.leg} title={`${legEndName(l.from, t)} → ${legEndName(l.to, t)}`}>
                {legEndName(l.from, t)} → {legEndName(l.to, t)}
              </td>
              <td className={styles.number}>{num(l.distanceNm, 0)}</td>
              <td className={styles.number}>{num(l.stwKn, 1)}</td>
              <td className={styles.number}>{num(l.rpm, 1)}</td>
              <td className={styles.eta}>{utc(l.eta)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Statistics({ data }: { data: Data }) {
  const { t, num, utc } = useFormat();
  const s = data.statistics;
  if (!s) return <Alert type="info" showIcon message={t('speed.plan.none')} />;
  const row = (label: string, actual: string, planned?: string) => (
    <tr key={label}>
      <td style={{ opacity: 0.7 }}>{label}</td>
      <td style={{ textAlign: 'right' }}>{actual}</td>
      <td style={{ textAlign: 'right', opacity: 0.7 }}>{planned ?? ''}</td>
    </tr>
  );
  const h = (x: number) => `${Math.floor(x)} h ${Math.round((x % 1) * 60)} min`;
  return (
    <div data-testid="speed-statistics">
      <div style={{ fontSize: 12, opacity: 0.6, marginBottom: 4 }}>
        {s.voyageNo} ·{' '}
        {s.departedAt ? t('speed.stats.departed', { time: utc(s.departedAt) }) : t('speed.stats.notDeparted')}
      </div>
      <table style={{ width: '100%', fontSize: 13 }}>
        <thead>
          <tr style={{ opacity: 0.7 }}>
            <th />
            <th style={{ textAlign: 'right' }}>{t('speed.stats.actual')}</th>
            <th style={{ textAlign: 'right' }}>{t('speed.stats.plan')}</th>
          </tr>
        </thead>
        <tbody>
          {row(t('speed.stats.distance'), `${num(s.distanceNm, 0)} nm`, `${num(s.plan.distanceNm, 0)} nm`)}
          {row(t('speed.stats.time'), h(s.hours), h(s.plan.hours))}
          {row(
            t('speed.stats.avgSpeed'),
            s.avgSogKn == null ? '—' : `${num(s.avgSogKn, 1)} kn`,
            `${num(s.plan.avgSpeedKn, 1)} kn`,
          )}
          {row(t('speed.stats.hfo'), `${num(s.fuelT.hfo, 1)} t`)}
          {row(t('speed.stats.mgo'), `${num(s.fuelT.mgo, 1)} t`)}
          {row(t('speed.stats.co2'), `${num(s.co2T, 0)} t`)}
          {row(t('speed.stats.perNm'), s.fuelPerNmKg == null ? '—' : `${num(s.fuelPerNmKg, 1)} kg`)}
        </tbody>
      </table>
    </div>
  );
}

function Simulation({ data }: { data: Data }) {
  const { t, num, utc } = useFormat();
  const errorText = useErrorText();
  const { minRpm, maxRpm } = data.model;
  // What the crew typed (null: empty or not a number) and the last rpm inside the engine's range.
  const [rpm, setRpm] = useState<number | null>(() => firstSimulationRpm(data));
  const valid = rpm !== null && rpm >= minRpm && rpm <= maxRpm;
  const [lastValid, setLastValid] = useState<number>(() => firstSimulationRpm(data));
  // The query follows the rpm once it has settled for a moment; nothing is asked for an rpm the engine cannot turn.
  const [asked, setAsked] = useState<number | null>(() => firstSimulationRpm(data));
  useEffect(() => {
    if (valid) setLastValid(rpm);
    const id = setTimeout(() => setAsked(valid ? rpm : null), 300);
    return () => clearTimeout(id);
  }, [rpm, valid]);
  const sim = useRpmSimulation(data.plan && valid ? asked : null);
  if (!data.plan) return <Alert type="info" showIcon message={t('speed.sim.noPlan')} />;
  // No result while the field is empty or wrong; the previous rpm's dimmed while the new one is worked out.
  const r = valid ? sim.data : undefined;
  const stale = asked !== rpm || sim.isPlaceholderData;
  const m = data.model;
  const range = t('speed.sim.range', { min: minRpm, max: maxRpm });
  return (
    <div>
      <div style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
        <Slider
          style={{ flex: 1 }}
          min={minRpm}
          max={maxRpm}
          step={0.1}
          value={valid ? rpm : lastValid}
          onChange={(v) => setRpm(v)}
          aria-label={t('speed.sim.rpm')}
        />
        <NumberInput
          aria-label={`${t('speed.sim.rpm')} (${range})`}
          value={rpm}
          status={valid ? '' : 'error'}
          onChange={(v) => setRpm(v == null || !Number.isFinite(Number(v)) ? null : Number(v))}
          style={{ width: 110 }}
          suffix="rpm"
        />
      </div>
      <div
        style={{ fontSize: 11, opacity: valid ? 0.6 : 1, color: valid ? undefined : '#ff4d4f' }}
        data-testid="sim-range"
        role={valid ? undefined : 'alert'}
      >
        {valid ? range : t('speed.sim.invalid', { min: minRpm, max: maxRpm })}
      </div>
      {!valid ? null : sim.error ? (
        <Alert
          type="error"
          showIcon
          message={errorText(sim.error)}
          data-testid="sim-error"
          style={{ marginTop: 6 }}
        />
      ) : r ? (
        <div
          style={{ ...grid(4), marginTop: 6, opacity: stale ? 0.5 : 1 }}
          data-testid="speed-simulation"
          aria-busy={stale}
        >
          <Field label={t('speed.sim.stw')} value={`${num(r.stwKn, 1)} kn`} testId="sim-stw" />
          <Field label={t('speed.sim.sog')} value={`${num(r.sogKn, 1)} kn`} />
          <Field label={t('speed.sim.power')} value={`${num(r.powerKw, 0)} kW (${num(r.loadPct, 0)} %)`} />
          <Field label={t('speed.sim.perDay')} value={`${num(r.fuelTPerDay, 1)} t`} testId="sim-per-day" />
          <Field label={t('speed.sim.fuel')} value={`${num(r.fuelT, 1)} t`} testId="sim-fuel" />
          <Field label={t('speed.sim.co2')} value={`${num(r.co2T, 0)} t`} />
          <Field label={t('speed.sim.arrival')} value={utc(r.arrival)} testId="sim-arrival" />
          <Field
            label={t('speed.sim.againstRta')}
            value={
              // Within the tenth of an hour shown: on time, not "-0.0 h early".
              Math.abs(r.againstRtaH) < 0.05
                ? t('speed.sim.onTime')
                : r.againstRtaH > 0
                  ? t('speed.sim.late', { hours: num(r.againstRtaH, 1) })
                  : t('speed.sim.early', { hours: num(-r.againstRtaH, 1) })
            }
          />
          {r.cii ? (
            <Field
              label={t('speed.sim.cii', { year: r.cii.year })}
              value={
                <Tag
                  color={RATING_COLORS[r.cii.rating]}
                >{`${r.cii.rating} ${num(r.cii.attainedCii, 2)}`}</Tag>
              }
            />
          ) : null}
          <div style={{ gridColumn: '1 / -1', fontSize: 11, opacity: 0.7 }} data-testid="sim-held">
            {r.heldUntil
              ? t('speed.sim.heldUntil', { rpm: num(r.rpm, 1), until: utc(r.heldUntil) })
              : t('speed.sim.heldAll', { rpm: num(r.rpm, 1) })}
          </div>
        </div>
      ) : (
        <Spin />
      )}
      <div style={{ fontSize: 11, opacity: 0.6, marginTop: 6 }} data-testid="sim-model">
        {t('speed.sim.model')}:{' '}
        {m.basis === 'history'
          ? t('speed.sim.history', { hours: m.hours, r2: num(m.r2, 2), mape: num(m.mapePct, 1) })
          : t('speed.sim.trial')}
      </div>
    </div>
  );
}
