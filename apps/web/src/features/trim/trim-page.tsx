import type { TrimBinDto, TrimResponse } from '@ecohelm/contracts';
import { TRIM_MIN_SAVING_PCT, trimVerdict } from '@ecohelm/domain';
import { Alert, Button, Descriptions, Empty, Modal, Spin, Table, Tag } from 'antd';
import type { TFunction } from 'i18next';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addAreaStrings } from '../../i18n';
import trimEn from '../../i18n/locales/en_US/trim.json';
import trimZh from '../../i18n/locales/zh_CN/trim.json';
import { useCanWrite } from '../../lib/use-can-write';
import { useFormat } from '../../lib/use-format';
import { Chart, type ChartOption } from '../../ui/chart';
import { ErrorAlert } from '../../ui/error-alert';
import { PageFrame } from '../../ui/page-frame';
import { useTrim } from './api/get-trim';
import { TableImport } from './table-import';

// The page's strings, added when its code loads: they are not in the first route's language chunk (i18n/shell-areas.ts).
addAreaStrings('trim', { en_US: trimEn, zh_CN: trimZh });

type Data = TrimResponse;

/** Trim optimisation: trim and heel now with the optimum and its saving, every speed × draught bin, the curve. */
export function TrimPage() {
  const { t } = useTranslation();
  const trim = useTrim();
  const [detail, setDetail] = useState<TrimBinDto | null>(null);
  const [importing, setImporting] = useState(false);
  const canWrite = useCanWrite('settings:write');
  const title = (id: string) => t(`trim.panels.${id}`);
  const body = (render: (d: Data) => ReactNode) => {
    if (trim.error) return <ErrorAlert error={trim.error} />;
    return trim.data ? render(trim.data) : <Spin />;
  };
  return (
    <>
      <PageFrame
        title={t('trim.title')}
        actions={
          <Button disabled={!canWrite} onClick={() => setImporting(true)}>
            {t('trim.table.open')}
          </Button>
        }
        panels={[
          { id: 'trimMonitor', title: title('trimMonitor'), children: body((d) => <TrimMonitor data={d} />) },
          { id: 'heelMonitor', title: title('heelMonitor'), children: body((d) => <HeelMonitor data={d} />) },
          {
            id: 'trimDetail',
            title: title('trimDetail'),
            children: body((d) => <Bins data={d} onOpen={setDetail} />),
          },
          { id: 'trimCurve', title: title('trimCurve'), span: 3, children: body((d) => <Curve data={d} />) },
        ]}
      />
      <BinModal bin={detail} onClose={() => setDetail(null)} />
      <TableImport open={importing} onClose={() => setImporting(false)} />
    </>
  );
}

function Big({
  label,
  value,
  unit,
  testId,
}: {
  label: string;
  value: string;
  unit: string;
  testId?: string;
}) {
  return (
    <div style={{ flex: 1 }}>
      <div style={{ opacity: 0.7, fontSize: 12 }}>{label}</div>
      <div style={{ fontSize: 26, fontWeight: 600 }} data-testid={testId}>
        {value}
        <span style={{ fontSize: 13, fontWeight: 400, marginLeft: 4 }}>{unit}</span>
      </div>
    </div>
  );
}

/** The advice in words that follow its numbers (see {@link trimVerdict}). */
function TrimAdvice({ a, currentTrimM }: { a: NonNullable<Data['advice']>; currentTrimM: number | null }) {
  const { t } = useTranslation();
  const { num } = useFormat();
  const verdict = trimVerdict({
    currentTrimM,
    optimumM: a.optimumM,
    interval: a.interval,
    savingPct: a.savingPct,
  });
  const message =
    verdict === 'move'
      ? t('trim.adviceMove', {
          optimum: num(a.optimumM, 2),
          saving: num(a.savingPct, 1),
          t: a.savingTPerDay === null ? '—' : num(a.savingTPerDay, 2),
        })
      : verdict === 'at_optimum'
        ? t(a.interval ? 'trim.adviceKeep' : 'trim.adviceKeepTable')
        : t('trim.adviceSmallGain', {
            optimum: num(a.optimumM, 2),
            off: num(Math.abs((currentTrimM ?? a.optimumM) - a.optimumM), 2),
            saving: num(a.savingPct, 1),
            min: num(TRIM_MIN_SAVING_PCT, 1),
          });
  return (
    <Alert
      type={verdict === 'move' ? 'warning' : verdict === 'at_optimum' ? 'success' : 'info'}
      showIcon
      data-testid="trim-advice"
      data-verdict={verdict}
      message={message}
    />
  );
}

function TrimMonitor({ data }: { data: Data }) {
  const { t } = useTranslation();
  const { num } = useFormat();
  const c = data.current;
  const a = data.advice;
  return (
    <div>
      <div style={{ display: 'flex', gap: 12, marginBottom: 8 }}>
        <Big label={t('trim.current')} value={num(c.trimM, 2)} unit="m" testId="trim-now" />
        <Big label={t('trim.optimum')} value={a ? num(a.optimumM, 2) : '—'} unit="m" testId="trim-optimum" />
        <Big label={t('trim.saving')} value={a ? num(a.savingPct, 1) : '—'} unit="%" testId="trim-saving" />
      </div>
      {a ? (
        <TrimAdvice a={a} currentTrimM={c.trimM} />
      ) : (
        <Alert
          type="info"
          showIcon
          data-testid="trim-advice"
          message={t(`trim.reasons.${data.reason ?? 'no_bin'}`)}
        />
      )}
      <Descriptions size="small" column={2} style={{ marginTop: 8 }}>
        <Descriptions.Item label={t('trim.source')} span={2}>
          <span data-testid="trim-source">
            {data.table
              ? t('trim.fromTable', { name: data.table.fileName, at: data.table.uploadedAt.slice(0, 10) })
              : t('trim.fromHistory', { blocks: data.blocks })}
          </span>
        </Descriptions.Item>
        <Descriptions.Item label={t('trim.speed')}>{`${num(c.speedKn, 1)} kn`}</Descriptions.Item>
        <Descriptions.Item label={t('trim.draft')}>{`${num(c.draftM, 2)} m`}</Descriptions.Item>
        {a?.interval ? (
          <Descriptions.Item label={t('trim.interval')} span={2}>
            {`${num(a.interval[0], 2)} – ${num(a.interval[1], 2)} m`}
          </Descriptions.Item>
        ) : null}
      </Descriptions>
    </div>
  );
}

function HeelMonitor({ data }: { data: Data }) {
  const { t } = useTranslation();
  const { num } = useFormat();
  const heel = data.current.heelDeg;
  const option: ChartOption = {
    series: [
      {
        type: 'gauge',
        min: -10,
        max: 10,
        startAngle: 200,
        endAngle: -20,
        radius: '95%',
        axisLine: {
          lineStyle: {
            width: 10,
            color: [
              [0.35, '#eb5757'],
              [0.45, '#f2c94c'],
              [0.55, '#2fbf71'],
              [0.65, '#f2c94c'],
              [1, '#eb5757'],
            ],
          },
        },
        axisLabel: { color: '#8da2c0', distance: 14, fontSize: 10 },
        splitLine: { length: 8 },
        pointer: { width: 4 },
        detail: {
          formatter: () => `${num(heel, 1)}°`,
          fontSize: 18,
          color: '#e6eefc',
          offsetCenter: [0, '35%'],
        },
        data: [{ value: heel ?? 0 }],
      },
    ],
  };
  return (
    <div style={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <div style={{ flex: 1, minHeight: 120 }}>
        <Chart option={option} label={t('trim.heelGauge')} height="100%" />
      </div>
      <p style={{ margin: 0, fontSize: 12, opacity: 0.75 }} data-testid="heel-note">
        {heel === null
          ? t('trim.reasons.no_live_data')
          : Math.abs(heel) > 2
            ? t('trim.heelHigh')
            : t('trim.heelOk')}
      </p>
    </div>
  );
}

function Bins({ data, onOpen }: { data: Data; onOpen: (b: TrimBinDto) => void }) {
  const { t } = useTranslation();
  const { num } = useFormat();
  const current = (b: TrimBinDto) => data.advice?.speedKn === b.speedKn && data.advice.draftM === b.draftM;
  return (
    <Table<TrimBinDto>
      size="small"
      rowKey={(b) => `${b.speedKn}/${b.draftM}`}
      pagination={false}
      scroll={{ y: 200 }}
      dataSource={[...data.bins].sort(
        (x, y) =>
          Number(current(y)) - Number(current(x)) ||
          Number(y.status === 'ok') - Number(x.status === 'ok') ||
          y.samples - x.samples,
      )}
      locale={{ emptyText: t('trim.noBins') }}
      onRow={(b) => ({ onClick: () => onOpen(b), style: { cursor: 'pointer' } })}
      rowClassName={(b) => (current(b) ? 'ant-table-row-selected' : '')}
      columns={[
        {
          title: t('trim.speed'),
          dataIndex: 'speedKn',
          render: (v: number) => `${num(v - 0.5, 0)}–${num(v + 0.5, 0)} kn`,
        },
        {
          title: t('trim.draft'),
          dataIndex: 'draftM',
          render: (v: number) => `${num(v - 0.5, 0)}–${num(v + 0.5, 0)} m`,
        },
        { title: t('trim.samples'), dataIndex: 'samples', align: 'right' },
        {
          title: t('trim.optimum'),
          key: 'optimum',
          align: 'right',
          render: (_, b) =>
            b.optimumM === null ? <Tag>{t(`trim.status.${b.status}`)}</Tag> : `${num(b.optimumM, 2)} m`,
        },
      ]}
    />
  );
}

type Series = Extract<NonNullable<ChartOption['series']>, readonly unknown[]>[number];

/**
 * A trim curve's chart, power against trim, with the current and the optimum trim marked on it. With `bounds` the
 * trim axis spans them; without, both axes leave zero out.
 */
function curveOption(
  t: TFunction,
  num: (v: number, decimals: number) => string,
  parts: { bounds?: [number, number]; series: Series[]; current: number[]; optimum: number[] },
): ChartOption {
  const free = { axisLine: { onZero: false } };
  const [min, max] = parts.bounds ?? [];
  return {
    grid: { left: 56, right: 24, top: 44, bottom: 36 },
    legend: { top: 0, right: 8, textStyle: { color: '#c9d6ea' } },
    tooltip: { trigger: 'item', valueFormatter: (v) => `${num(Number(v), 2)}` },
    xAxis: {
      type: 'value',
      name: t('trim.trimAxis'),
      nameLocation: 'middle',
      nameGap: 24,
      ...(parts.bounds ? { min, max } : free),
    },
    yAxis: {
      type: 'value',
      name: t('trim.powerAxis'),
      ...(parts.bounds ? {} : free),
      splitLine: { lineStyle: { opacity: 0.15 } },
    },
    series: [
      ...parts.series,
      {
        name: t('trim.current'),
        type: 'scatter',
        symbolSize: 14,
        itemStyle: { color: '#f2994a' },
        data: [parts.current],
      },
      {
        name: t('trim.optimum'),
        type: 'scatter',
        symbol: 'diamond',
        symbolSize: 14,
        itemStyle: { color: '#2fbf71' },
        data: [parts.optimum],
      },
    ],
  };
}

function Curve({ data }: { data: Data }) {
  const { t } = useTranslation();
  const { num } = useFormat();
  if (data.advice?.source === 'table' && data.tableCurve.length > 0 && data.current.trimM !== null) {
    const curve = data.tableCurve;
    const at = (x: number) => {
      const i = curve.findIndex(([cx]) => cx >= x);
      return i <= 0 ? curve[Math.max(0, i)]![1] : curve[i]![1];
    };
    const option = curveOption(t, num, {
      series: [{ name: t('trim.tableCurve'), type: 'line', showSymbol: false, data: curve }],
      current: [data.current.trimM, at(data.current.trimM)],
      optimum: [data.advice.optimumM, at(data.advice.optimumM)],
    });
    return <Chart option={option} label={t('trim.tableCurveLabel')} height="100%" />;
  }
  const bin = data.advice
    ? data.bins.find((b) => b.speedKn === data.advice!.speedKn && b.draftM === data.advice!.draftM)
    : undefined;
  if (!bin?.fit || data.current.trimM === null)
    return <Empty description={t(`trim.reasons.${data.reason ?? 'no_bin'}`)} />;
  const { a, b, c } = bin.fit;
  const [lo, hi] = bin.trimRange;
  const curve = Array.from({ length: 41 }, (_, i) => {
    const x = lo + ((hi - lo) * i) / 40;
    return [x, a + b * x + c * x * x];
  });
  const y = (x: number) => a + b * x + c * x * x;
  const now = Math.min(hi, Math.max(lo, data.current.trimM));
  const option = curveOption(t, num, {
    bounds: [Math.floor(lo * 2) / 2, Math.ceil(hi * 2) / 2],
    series: [
      {
        name: t('trim.blocks'),
        type: 'scatter',
        symbolSize: 4,
        itemStyle: { opacity: 0.35 },
        data: data.points.map((p) => [p.trimM, p.excessPct]),
      },
      {
        name: t('trim.fit'),
        type: 'line',
        showSymbol: false,
        smooth: true,
        data: curve,
        lineStyle: { width: 2 },
      },
    ],
    current: [now, y(now)],
    optimum: [data.advice!.optimumM, y(data.advice!.optimumM)],
  });
  return (
    <Chart
      option={option}
      label={t('trim.curveLabel', { speed: num(bin.speedKn, 1), draft: num(bin.draftM, 1) })}
      height="100%"
    />
  );
}

function BinModal({ bin, onClose }: { bin: TrimBinDto | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { num } = useFormat();
  return (
    <Modal open={bin !== null} title={t('trim.detailTitle')} onCancel={onClose} footer={null} destroyOnHidden>
      {bin ? (
        <Descriptions size="small" column={1} bordered data-testid="trim-detail">
          <Descriptions.Item
            label={t('trim.speed')}
          >{`${num(bin.speedKn - 0.5, 0)}–${num(bin.speedKn + 0.5, 0)} kn`}</Descriptions.Item>
          <Descriptions.Item
            label={t('trim.draft')}
          >{`${num(bin.draftM - 0.5, 0)}–${num(bin.draftM + 0.5, 0)} m`}</Descriptions.Item>
          <Descriptions.Item label={t('trim.samples')}>{bin.samples}</Descriptions.Item>
          <Descriptions.Item
            label={t('trim.range')}
          >{`${num(bin.trimRange[0], 2)} – ${num(bin.trimRange[1], 2)} m`}</Descriptions.Item>
          <Descriptions.Item label={t('trim.statusLabel')}>
            {t(`trim.status.${bin.status}`)}
          </Descriptions.Item>
          <Descriptions.Item label={t('trim.optimum')}>
            {bin.optimumM === null ? '—' : `${num(bin.optimumM, 2)} m`}
          </Descriptions.Item>
          <Descriptions.Item label={t('trim.interval')}>
            {bin.interval ? `${num(bin.interval[0], 2)} – ${num(bin.interval[1], 2)} m` : '—'}
          </Descriptions.Item>
          <Descriptions.Item label={t('trim.fitLabel')}>
            {bin.fit
              ? `ΔP = ${num(bin.fit.a, 2)} ${sign(bin.fit.b)} ${num(Math.abs(bin.fit.b), 2)}·x ${sign(bin.fit.c)} ${num(Math.abs(bin.fit.c), 2)}·x² %`
              : '—'}
          </Descriptions.Item>
          <Descriptions.Item label="R²">{bin.r2 === null ? '—' : num(bin.r2, 2)}</Descriptions.Item>
        </Descriptions>
      ) : null}
    </Modal>
  );
}

const sign = (v: number) => (v < 0 ? '−' : '+');
