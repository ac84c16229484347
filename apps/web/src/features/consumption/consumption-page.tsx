import type { ConsumptionPeriod, ConsumptionResponse } from '@ecohelm/contracts';
import { Alert, Button, DatePicker, Spin, Table } from 'antd';
import type { Dayjs } from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { addAreaStrings } from '../../i18n';
import consumptionEn from '../../i18n/locales/en_US/consumption.json';
import consumptionZh from '../../i18n/locales/zh_CN/consumption.json';
import { ApiError } from '../../lib/api-client';
import { usePageConfig } from '../../lib/page-config';
import { useFormat } from '../../lib/use-format';
import { useShipRange } from '../../lib/use-ship-range';
import { Chart, type ChartOption } from '../../ui/chart';
import { downloadCsv } from '../../ui/csv-button';
import { PageFrame } from '../../ui/page-frame';
import { useConsumption } from './api/get-consumption';

// The page's strings, added when its code loads: they are not in the first route's language chunk (i18n/shell-areas.ts).
addAreaStrings('consumption', { en_US: consumptionEn, zh_CN: consumptionZh });

const CONSUMERS = ['me', 'ge1', 'ge2', 'ge3', 'boiler1', 'boiler2'] as const;
const MODES = ['sea_passage', 'manoeuvring', 'port', 'anchorage', 'drifting'] as const;
const MODE_COLORS = ['#4f9cf9', '#f2c94c', '#2fbf71', '#9b51e0', '#eb5757'];
const DAY_FORMAT = 'YYYY-MM-DD';

type Row = { consumer: string; total: number; co2: number; energy: number; previous: number } & Record<
  (typeof MODES)[number],
  number
>;

/** Energy consumption distribution: fuel by consumer and operating mode for a range, against the period before. */
export function ConsumptionPage() {
  const { t } = useTranslation();
  const { num } = useFormat();
  const { config } = usePageConfig();
  const range = useShipRange(config.shipTimeOffsetMinutes);
  const consumption = useConsumption(range.api);
  const body = (render: (d: ConsumptionResponse) => ReactNode) => {
    if (consumption.error) {
      return (
        <Alert
          type="error"
          showIcon
          message={t(consumption.error instanceof ApiError ? consumption.error.messageKey : 'errors.unknown')}
        />
      );
    }
    return consumption.data ? render(consumption.data) : <Spin />;
  };
  const consumerName = (c: string) => t(`consumption.consumers.${c}`);
  const rows = (d: ConsumptionResponse): Row[] =>
    CONSUMERS.map((consumer) => {
      const cur = d.current.byConsumer.find((x) => x.consumer === consumer)!;
      const prev = d.previous.byConsumer.find((x) => x.consumer === consumer)!;
      const cells = Object.fromEntries(
        MODES.map((m) => [
          m,
          d.current.matrix.find((x) => x.consumer === consumer && x.mode === m)?.fuelT ?? 0,
        ]),
      ) as Record<(typeof MODES)[number], number>;
      return {
        consumer,
        ...cells,
        total: cur.fuelT,
        co2: cur.co2T,
        energy: cur.energyGj,
        previous: prev.fuelT,
      };
    });
  const exportCsv = () => {
    const d = consumption.data;
    if (!d) return;
    const header = [
      t('consumption.consumer'),
      ...MODES.map((m) => `${t(`consumption.modes.${m}`)} (t)`),
      `${t('consumption.total')} (t)`,
      'CO2 (t)',
      `${t('consumption.energy')} (GJ)`,
      `${t('consumption.previous')} (t)`,
    ];
    const lines = rows(d).map((r) => [
      consumerName(r.consumer),
      ...MODES.map((m) => r[m].toFixed(3)),
      r.total.toFixed(3),
      r.co2.toFixed(3),
      r.energy.toFixed(1),
      r.previous.toFixed(3),
    ]);
    downloadCsv(`consumption-${range.start.format(DAY_FORMAT)}-${range.end.format(DAY_FORMAT)}.csv`, [
      header,
      ...lines,
    ]);
  };
  return (
    <PageFrame
      title={t('consumption.distributed.title')}
      actions={
        <>
          <DatePicker.RangePicker
            aria-label={t('consumption.range')}
            allowClear={false}
            value={[range.start, range.end]}
            disabledDate={(d) => d.isAfter(range.today, 'day')}
            presets={[7, 30, 90, 365].map((n) => ({
              label: t('consumption.lastDays', { n }),
              value: [range.today.subtract(n - 1, 'day'), range.today] as [Dayjs, Dayjs],
            }))}
            onChange={(v) => {
              if (v?.[0] && v[1]) range.set(v[0], v[1]);
            }}
          />
          <Button disabled={!consumption.data} onClick={exportCsv}>
            {t('consumption.exportCsv')}
          </Button>
        </>
      }
      panels={[
        {
          id: 'consumptionDistribution',
          title: t('consumption.panels.consumptionDistribution'),
          span: 2,
          children: body((d) => <ByConsumer data={d.current} />),
        },
        {
          id: 'consumptionByMode',
          title: t('consumption.panels.consumptionByMode'),
          children: body((d) => <ByMode data={d.current} />),
        },
        {
          id: 'consumptionTable',
          title: t('consumption.panels.consumptionTable'),
          span: 3,
          children: body((d) => (
            <div>
              <Summary data={d} />
              <Table<Row>
                size="small"
                rowKey="consumer"
                pagination={false}
                dataSource={rows(d)}
                summary={(all) => (
                  <Table.Summary.Row>
                    <Table.Summary.Cell index={0}>
                      <b>{t('consumption.total')}</b>
                    </Table.Summary.Cell>
                    {MODES.map((m, i) => (
                      <Table.Summary.Cell key={m} index={i + 1} align="right">
                        {num(
                          all.reduce((s, r) => s + r[m], 0),
                          2,
                        )}
                      </Table.Summary.Cell>
                    ))}
                    <Table.Summary.Cell index={MODES.length + 1} align="right">
                      <b>{num(d.current.total.fuelT, 2)}</b>
                    </Table.Summary.Cell>
                    <Table.Summary.Cell index={MODES.length + 2} align="right">
                      {num(d.current.total.co2T, 2)}
                    </Table.Summary.Cell>
                    <Table.Summary.Cell index={MODES.length + 3} align="right">
                      {num(d.current.total.energyGj, 0)}
                    </Table.Summary.Cell>
                    <Table.Summary.Cell index={MODES.length + 4} align="right">
                      {change(d.current.total.fuelT, d.previous.total.fuelT, num)}
                    </Table.Summary.Cell>
                  </Table.Summary.Row>
                )}
                columns={[
                  {
                    title: t('consumption.consumer'),
                    dataIndex: 'consumer',
                    render: (c: string) => consumerName(c),
                  },
                  ...MODES.map((m) => ({
                    title: `${t(`consumption.modes.${m}`)} (t)`,
                    dataIndex: m,
                    align: 'right' as const,
                    render: (v: number) => num(v, 2),
                  })),
                  {
                    title: `${t('consumption.total')} (t)`,
                    dataIndex: 'total',
                    align: 'right',
                    render: (v: number) => <b>{num(v, 2)}</b>,
                  },
                  { title: 'CO₂ (t)', dataIndex: 'co2', align: 'right', render: (v: number) => num(v, 2) },
                  {
                    title: `${t('consumption.energy')} (GJ)`,
                    dataIndex: 'energy',
                    align: 'right',
                    render: (v: number) => num(v, 0),
                  },
                  {
                    title: t('consumption.change'),
                    key: 'change',
                    align: 'right',
                    render: (_, r) => change(r.total, r.previous, num),
                  },
                ]}
              />
            </div>
          )),
        },
      ]}
    />
  );
}

const change = (now: number, before: number, num: (v: number, d?: number) => string) =>
  before > 0 ? `${now >= before ? '+' : '−'}${num((Math.abs(now - before) / before) * 100, 1)} %` : '—';

function Summary({ data }: { data: ConsumptionResponse }) {
  const { t } = useTranslation();
  const { num } = useFormat();
  const c = data.current;
  const p = data.previous;
  return (
    <p style={{ margin: '0 0 8px', fontSize: 13 }} data-testid="consumption-summary">
      {t('consumption.summary', {
        fuel: num(c.total.fuelT, 1),
        co2: num(c.total.co2T, 1),
        hours: c.hours,
        previous: num(p.total.fuelT, 1),
        change: change(c.total.fuelT, p.total.fuelT, num),
      })}
    </p>
  );
}

function ByConsumer({ data }: { data: ConsumptionPeriod }) {
  const { t } = useTranslation();
  const { num } = useFormat();
  const option: ChartOption = {
    grid: { left: 56, right: 16, top: 36, bottom: 28 },
    legend: { top: 0, right: 8, textStyle: { color: '#c9d6ea' } },
    tooltip: { trigger: 'axis', valueFormatter: (v) => `${num(Number(v), 2)} t` },
    xAxis: { type: 'category', data: CONSUMERS.map((c) => t(`consumption.consumers.${c}`)) },
    yAxis: { type: 'value', name: 't', splitLine: { lineStyle: { opacity: 0.15 } } },
    series: MODES.map((m, i) => ({
      name: t(`consumption.modes.${m}`),
      type: 'bar' as const,
      stack: 'fuel',
      itemStyle: { color: MODE_COLORS[i] },
      data: CONSUMERS.map((c) => data.matrix.find((x) => x.consumer === c && x.mode === m)?.fuelT ?? 0),
    })),
  };
  return <Chart option={option} label={t('consumption.byConsumerLabel')} height="100%" />;
}

function ByMode({ data }: { data: ConsumptionPeriod }) {
  const { t } = useTranslation();
  const { num } = useFormat();
  const option: ChartOption = {
    tooltip: { trigger: 'item', valueFormatter: (v) => `${num(Number(v), 2)} t` },
    legend: { bottom: 0, textStyle: { color: '#c9d6ea' } },
    series: [
      {
        type: 'pie',
        radius: ['35%', '65%'],
        center: ['50%', '45%'],
        label: { color: '#c9d6ea', formatter: '{d}%' },
        data: MODES.map((m, i) => {
          const x = data.byMode.find((b) => b.mode === m)!;
          return {
            name: `${t(`consumption.modes.${m}`)} · ${x.hours} h`,
            value: x.fuelT,
            itemStyle: { color: MODE_COLORS[i] },
          };
        }).filter((x) => x.value > 0),
      },
    ],
  };
  return <Chart option={option} label={t('consumption.byModeLabel')} height="100%" />;
}
