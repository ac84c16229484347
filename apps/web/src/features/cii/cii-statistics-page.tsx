import { Alert, Button, DatePicker, Input, Segmented, Select, Space, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useFormat } from '../../lib/use-format';
import { PageFrame } from '../../ui/page-frame';
import { RATING_COLORS } from '../../ui/rating-colors';
import { useCiiStatistics } from './api/get-cii-statistics';
import { CiiGauge, CiiTrendChart } from './cii-charts';
import { ciiErrorText } from './cii-error';
import { type CiiReportKind, CiiReportModal, ciiReportKinds } from './cii-report-modal';
import { CiiVoyageTable } from './cii-voyage-table';
import './cii-strings';

const dimensions = ['annual', 'voyage', 'custom'] as const;
const units = ['week', 'month', 'year'] as const;
type Dimension = (typeof dimensions)[number];
type Unit = (typeof units)[number];

const pick = <T extends string>(v: string | null, all: readonly T[], fallback: T): T =>
  (all as readonly string[]).includes(v ?? '') ? (v as T) : fallback;

/** CII statistics: dimension and unit (in the URL), gauge, trend, voyage rows and the report samples. */
export function CiiStatisticsPage() {
  const { t, num } = useFormat();
  const [params, setParams] = useSearchParams();
  const dimension = pick<Dimension>(params.get('dimension'), dimensions, 'annual');
  const unit = pick<Unit>(params.get('unit'), units, 'month');
  const year = Number(params.get('year')) || undefined;
  const from = params.get('from') ?? undefined;
  const to = params.get('to') ?? undefined;
  const search = params.get('search') ?? undefined;
  const [text, setText] = useState(search ?? '');
  const [range, setRange] = useState<[string, string] | null>(from && to ? [from, to] : null);
  const [report, setReport] = useState<CiiReportKind | null>(null);
  const set = (next: Record<string, string | undefined>) =>
    setParams(
      (p) => {
        const n = new URLSearchParams(p);
        for (const [k, v] of Object.entries(next)) {
          if (v === undefined || v === '') n.delete(k);
          else n.set(k, v);
        }
        return n;
      },
      { replace: true },
    );
  const customReady = dimension !== 'custom' || (from !== undefined && to !== undefined);
  const stats = useCiiStatistics({ dimension, unit, year, from, to, search }, customReady);
  const data = stats.data;
  const shownYear = year ?? data?.summary.year ?? new Date().getUTCFullYear();
  const title = (id: string) => t(`cii.panels.${id}`);
  const error = stats.error ? ciiErrorText(stats.error, t) : null;
  const s = data?.summary;

  return (
    <>
      <PageFrame
        title={t('cii.statistics.title')}
        actions={
          <Space wrap>
            <Segmented
              value={dimension}
              onChange={(v) => set({ dimension: v })}
              options={dimensions.map((value) => ({ value, label: t(`cii.dimension.${value}`) }))}
            />
            <Segmented
              value={unit}
              onChange={(v) => set({ unit: v })}
              disabled={dimension === 'voyage'}
              options={units.map((value) => ({ value, label: t(`cii.unit.${value}`) }))}
            />
            {dimension === 'custom' ? (
              <DatePicker.RangePicker
                aria-label={t('cii.statistics.period')}
                value={range ? [dayjs(range[0]), dayjs(range[1])] : null}
                onChange={(v) =>
                  setRange(v?.[0] && v[1] ? [v[0].format('YYYY-MM-DD'), v[1].format('YYYY-MM-DD')] : null)
                }
              />
            ) : (
              <Select
                aria-label={t('cii.statistics.year')}
                style={{ width: 100 }}
                value={shownYear}
                onChange={(v) => set({ year: String(v) })}
                options={(data?.years ?? [shownYear]).map((y) => ({ value: y, label: String(y) }))}
              />
            )}
            <Input
              allowClear
              style={{ width: 180 }}
              aria-label={t('cii.statistics.searchPlaceholder')}
              placeholder={t('cii.statistics.searchPlaceholder')}
              value={text}
              onChange={(e) => setText(e.target.value)}
              onPressEnter={() => set({ search: text.trim(), from: range?.[0], to: range?.[1] })}
            />
            <Button
              type="primary"
              onClick={() => set({ search: text.trim(), from: range?.[0], to: range?.[1] })}
            >
              {t('common.search')}
            </Button>
          </Space>
        }
        panels={[
          {
            id: 'ciiGauge',
            title: title('ciiGauge'),
            extra: s?.rating ? <Tag color={RATING_COLORS[s.rating]}>{s.rating}</Tag> : null,
            children: error ? (
              <Alert type="warning" message={error} />
            ) : !customReady ? (
              <Alert type="info" message={t('cii.statistics.pickRange')} />
            ) : s ? (
              <div style={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
                <div style={{ flex: 1, minHeight: 0 }}>
                  <CiiGauge figure={s} />
                </div>
                <div
                  data-testid="cii-summary"
                  style={{ display: 'flex', justifyContent: 'space-around', fontSize: 12 }}
                >
                  <span>
                    {t('cii.statistics.attained')}: <b>{num(s.attainedCii)}</b>
                  </span>
                  <span>
                    {t('cii.statistics.required')}: <b>{num(s.requiredCii)}</b>
                  </span>
                  <span>
                    CO₂: <b>{num(s.co2T, 0)}</b> t
                  </span>
                  <span>
                    <b>{num(s.distanceNm, 0)}</b> nm
                  </span>
                </div>
              </div>
            ) : undefined,
          },
          {
            id: 'ciiTrend',
            title: title('ciiTrend'),
            span: 2,
            children: data && data.series.length > 0 ? <CiiTrendChart series={data.series} /> : undefined,
          },
          {
            id: 'ciiTable',
            title: title('ciiTable'),
            span: 2,
            children: data && data.voyages.length > 0 ? <CiiVoyageTable rows={data.voyages} /> : undefined,
          },
          {
            id: 'reportSamples',
            title: title('reportSamples'),
            children: (
              <div style={{ display: 'flex', flexDirection: 'column', gap: 12, padding: 8 }}>
                {ciiReportKinds.map((k) => (
                  <div
                    key={k}
                    style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}
                  >
                    <span>{t(`cii.statistics.reports.${k}`)}</span>
                    <Button
                      size="small"
                      onClick={() => setReport(k)}
                      aria-label={`${t('cii.statistics.viewReport')} ${t(`cii.statistics.reports.${k}`)}`}
                    >
                      {t('cii.statistics.viewReport')}
                    </Button>
                  </div>
                ))}
              </div>
            ),
          },
        ]}
      />
      <CiiReportModal kind={report} year={shownYear} onClose={() => setReport(null)} />
    </>
  );
}
