import { type CiiRatingLetter, type CiiSimulatorResponse, ciiMessages, ciiRatings } from '@ecohelm/contracts';
import { Alert, Button, Form, Select, Table, Tag } from 'antd';
import { useState } from 'react';
import { useFormat } from '../../lib/use-format';
import { Chart } from '../../ui/chart';
import { NumberInput, numberRule } from '../../ui/number-input';
import { PageFrame } from '../../ui/page-frame';
import { RATING_COLORS } from '../../ui/rating-colors';
import { type CiiSimulationInput, useCiiSimulation } from './api/get-cii-simulation';
import { ciiErrorText } from './cii-error';
import './cii-strings';

interface FormValues {
  speedKn?: number;
  days?: number;
  compare?: number[];
  rating: CiiRatingLetter;
}

const right = { align: 'right' as const };
/** Speeds the simulator takes, kn: a speed outside is refused at the field, never clamped. */
const SPEED_RANGE_KN = [0.1, 30] as const;

/**
 * The highest speed keeping the rating, saying when it lies beyond the speeds the model was fitted on (an
 * extrapolation) or at the top of the range searched (it may be higher).
 */
function MaxSpeed({ data }: { data: CiiSimulatorResponse }) {
  const { t, num } = useFormat();
  const v = data.maxSpeed.speedKn;
  const top = data.curve.at(-1)?.speedKn ?? Number.POSITIVE_INFINITY;
  return (
    <span data-testid="cii-max-speed">
      {v === null
        ? t('cii.simulator.noSpeed', { rating: data.maxSpeed.rating })
        : t(v >= top - 0.1 ? 'cii.simulator.maxSpeedTop' : 'cii.simulator.maxSpeed', {
            rating: data.maxSpeed.rating,
            speed: num(v, 1),
          })}
      {v !== null && v > data.model.maxSpeedKn ? (
        <Tag color="orange" style={{ marginLeft: 8 }} data-testid="cii-extrapolated">
          {t('cii.simulator.extrapolated', {
            from: num(data.model.minSpeedKn, 1),
            to: num(data.model.maxSpeedKn, 1),
          })}
        </Tag>
      ) : null}
    </span>
  );
}

/** CII simulator: planned speed(s) and sailing days → year-end attained CII and rating from the ship's own model. */
export function CiiSimulatorPage() {
  const { t, num } = useFormat();
  const [form] = Form.useForm<FormValues>();
  const [input, setInput] = useState<CiiSimulationInput | null>(null);
  const sim = useCiiSimulation(input);
  const data = sim.data;
  const title = (id: string) => t(`cii.panels.${id}`);
  const f = (k: string) => t(`cii.simulator.${k}`);
  const submit = (v: FormValues) => {
    const speeds = [v.speedKn as number, ...(v.compare ?? [])].filter((s) => s > 0).slice(0, 6);
    setInput({ speeds, days: v.days as number, rating: v.rating });
  };
  const error = sim.error ? ciiErrorText(sim.error, t) : null;

  return (
    <PageFrame
      title={t('cii.simulator.title')}
      panels={[
        {
          id: 'simulatorInputs',
          title: title('simulatorInputs'),
          rows: 2,
          children: (
            <Form<FormValues>
              form={form}
              layout="vertical"
              initialValues={{ rating: 'C' }}
              onFinish={submit}
              style={{ padding: 8 }}
            >
              <Form.Item
                name="speedKn"
                label={`${f('speed')} (kn)`}
                rules={[
                  {
                    required: true,
                    message: t(`cii.simulator.messages.speed`, { defaultValue: ciiMessages.speed }),
                  },
                  numberRule(t, f('speed')),
                  {
                    type: 'number',
                    min: SPEED_RANGE_KN[0],
                    max: SPEED_RANGE_KN[1],
                    message: t('cii.simulator.messages.speedRange', {
                      min: SPEED_RANGE_KN[0],
                      max: SPEED_RANGE_KN[1],
                    }),
                  },
                ]}
              >
                {/* No min/max on the field: it would clamp what was typed without a word; the rule says it. */}
                <NumberInput step={0.5} style={{ width: '100%' }} />
              </Form.Item>
              <Form.Item
                name="days"
                label={f('days')}
                rules={[
                  {
                    required: true,
                    message: t(`cii.simulator.messages.days`, { defaultValue: ciiMessages.days }),
                  },
                  numberRule(t, f('days')),
                  {
                    type: 'number',
                    min: 1,
                    max: 366,
                    message: t('cii.simulator.messages.daysRange', { min: 1, max: 366 }),
                  },
                ]}
              >
                <NumberInput step={1} style={{ width: '100%' }} />
              </Form.Item>
              <Form.Item
                name="compare"
                label={`${f('compare')} (kn)`}
                rules={[
                  {
                    validator: (_, vs: (string | number)[] | undefined) =>
                      (vs ?? []).every((x) => {
                        const v = Number(x);
                        return Number.isFinite(v) && v >= SPEED_RANGE_KN[0] && v <= SPEED_RANGE_KN[1];
                      })
                        ? Promise.resolve()
                        : Promise.reject(
                            new Error(
                              t('cii.simulator.messages.speedRange', {
                                min: SPEED_RANGE_KN[0],
                                max: SPEED_RANGE_KN[1],
                              }),
                            ),
                          ),
                  },
                ]}
                normalize={(vs: (string | number)[]) =>
                  vs.map((x) => (Number.isFinite(Number(x)) ? Number(x) : x))
                }
              >
                <Select
                  mode="tags"
                  maxCount={5}
                  tokenSeparators={[',', ' ']}
                  placeholder={f('comparePlaceholder')}
                />
              </Form.Item>
              <Form.Item name="rating" label={f('keepRating')}>
                <Select options={ciiRatings.slice(0, 4).map((r) => ({ value: r, label: r }))} />
              </Form.Item>
              <Button type="primary" htmlType="submit" block loading={sim.isFetching}>
                {f('simulate')}
              </Button>
              {data ? <ModelNote data={data} /> : null}
            </Form>
          ),
        },
        {
          id: 'simulatorChart',
          title: title('simulatorChart'),
          span: 2,
          children: error ? (
            <Alert type="warning" message={error} />
          ) : data ? (
            <SimulatorChart data={data} />
          ) : undefined,
        },
        {
          id: 'simulatorCompare',
          title: title('simulatorCompare'),
          span: 2,
          extra: data ? <MaxSpeed data={data} /> : null,
          children: data ? (
            <Table
              data-testid="cii-scenarios"
              size="small"
              rowKey="speedKn"
              pagination={false}
              dataSource={data.scenarios}
              columns={[
                {
                  title: `${f('speed')} (kn)`,
                  dataIndex: 'speedKn',
                  render: (v: number) =>
                    v < data.model.minSpeedKn || v > data.model.maxSpeedKn ? (
                      <span>
                        {num(v, 1)}{' '}
                        <Tag
                          color="orange"
                          title={t('cii.simulator.extrapolated', {
                            from: num(data.model.minSpeedKn, 1),
                            to: num(data.model.maxSpeedKn, 1),
                          })}
                        >
                          {f('outside')}
                        </Tag>
                      </span>
                    ) : (
                      num(v, 1)
                    ),
                },
                {
                  title: `${f('dailyFuel')} (t/d)`,
                  dataIndex: 'dailyFuelT',
                  ...right,
                  render: (v: number) => num(v, 1),
                },
                {
                  title: `${f('plannedDistance')} (nm)`,
                  dataIndex: 'plannedDistanceNm',
                  ...right,
                  render: (v: number) => num(v, 0),
                },
                {
                  title: `${f('plannedFuel')} (t)`,
                  dataIndex: 'plannedFuelT',
                  ...right,
                  render: (v: number) => num(v, 0),
                },
                {
                  title: `${f('yearCo2')} (t)`,
                  dataIndex: 'yearCo2T',
                  ...right,
                  render: (v: number) => num(v, 0),
                },
                { title: f('attained'), dataIndex: 'attainedCii', ...right, render: (v: number) => num(v) },
                {
                  title: f('rating'),
                  dataIndex: 'rating',
                  render: (r: CiiRatingLetter) => <Tag color={RATING_COLORS[r]}>{r}</Tag>,
                },
              ]}
            />
          ) : undefined,
        },
      ]}
    />
  );
}

function ModelNote({ data }: { data: CiiSimulatorResponse }) {
  const { t, num } = useFormat();
  return (
    <p data-testid="cii-model" style={{ marginTop: 16, fontSize: 12, color: '#8fa3c7' }}>
      {t(data.model.constrained ? 'cii.simulator.modelHeld' : 'cii.simulator.model', {
        a: num(data.model.a, 4),
        b: num(data.model.b, 2),
        r2: num(data.model.r2, 2),
        n: data.model.n,
        source: t(`cii.simulator.sources.${data.model.source}`),
        from: num(data.model.minSpeedKn, 1),
        to: num(data.model.maxSpeedKn, 1),
      })}
      {data.model.constrained ? ` ${t('cii.simulator.constrained')}` : ''}
      <br />
      {t('cii.simulator.soFar', {
        year: data.year,
        cii: num(data.soFar.attainedCii),
        rating: data.soFar.rating ?? '—',
      })}
    </p>
  );
}

function SimulatorChart({ data }: { data: CiiSimulatorResponse }) {
  const { t } = useFormat();
  const b = data.boundaries;
  const hline = (name: string, y: number, color: string) => ({
    name,
    yAxis: Number(y.toFixed(3)),
    lineStyle: { color, type: 'dashed' as const },
    label: { formatter: name, color },
  });
  return (
    <Chart
      label={t('cii.simulator.chart')}
      option={{
        animation: false,
        tooltip: { trigger: 'axis' },
        legend: { top: 0, textStyle: { color: '#c9d6f2' } },
        grid: { left: 56, right: 96, top: 36, bottom: 36 },
        xAxis: { type: 'value', name: 'kn', min: data.curve[0]?.speedKn, max: data.curve.at(-1)?.speedKn },
        yAxis: {
          type: 'value',
          name: 'gCO₂/(t·nm)',
          scale: true,
          splitLine: { lineStyle: { color: '#24324f' } },
        },
        series: [
          {
            type: 'line',
            name: t('cii.simulator.curve'),
            showSymbol: false,
            data: data.curve.map((p) => [p.speedKn, Number(p.attainedCii.toFixed(3))]),
            lineStyle: { color: '#4378F3', width: 2 },
            itemStyle: { color: '#4378F3' },
            markLine: {
              symbol: 'none',
              data: [
                hline('A/B', b.superior, RATING_COLORS.A),
                hline('B/C', b.lower, RATING_COLORS.B),
                hline(t('cii.statistics.required'), data.requiredCii, '#c9d6f2'),
                hline('C/D', b.upper, RATING_COLORS.D),
                hline('D/E', b.inferior, RATING_COLORS.E),
                ...(data.maxSpeed.speedKn !== null
                  ? [
                      {
                        xAxis: data.maxSpeed.speedKn,
                        lineStyle: { color: RATING_COLORS[data.maxSpeed.rating], type: 'solid' as const },
                        label: { formatter: `${data.maxSpeed.speedKn} kn`, color: '#c9d6f2' },
                      },
                    ]
                  : []),
              ],
            },
          },
          {
            // Points only: the compared speeds, coloured by their rating.
            type: 'line',
            name: t('cii.simulator.scenarios'),
            symbolSize: 12,
            lineStyle: { width: 0 },
            data: data.scenarios.map((s) => ({
              value: [s.speedKn, Number(s.attainedCii.toFixed(3))],
              itemStyle: { color: RATING_COLORS[s.rating] },
            })),
          },
        ],
      }}
    />
  );
}
