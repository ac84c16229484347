import { type CiiReportResponse, ruleSetText } from '@ecohelm/contracts';
import { Alert, Descriptions, Modal, Spin, Table, type TableProps, Tag } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { useFormat } from '../../lib/use-format';
import { RATING_COLORS } from '../../ui/rating-colors';
import { useCiiReport } from './api/get-cii-report';
import { CII_BOUNDARIES } from './boundaries';

export const ciiReportKinds = ['seemp1', 'seemp2', 'seemp', 'dcs', 'trial'] as const;
export type CiiReportKind = (typeof ciiReportKinds)[number];

const right = { align: 'right' as const };

/** "View report": one of the report samples (SEEMP Parts I to III, IMO DCS reporting format, trial CII) of a year. */
export function CiiReportModal(props: { kind: CiiReportKind | null; year: number; onClose: () => void }) {
  const { t } = useFormat();
  const report = useCiiReport(props.year, props.kind !== null);
  const data = report.data;
  return (
    <Modal
      open={props.kind !== null}
      onCancel={props.onClose}
      footer={null}
      width={960}
      title={props.kind ? `${t(`cii.statistics.reports.${props.kind}`)} · ${props.year}` : ''}
    >
      {report.isPending ? <Spin /> : null}
      {report.error ? (
        <Alert
          type="error"
          message={t(report.error instanceof ApiError ? report.error.messageKey : 'errors.unknown')}
        />
      ) : null}
      {data && props.kind === 'seemp1' ? <SeempPart1 data={data} /> : null}
      {data && props.kind === 'seemp2' ? <SeempPart2 data={data} /> : null}
      {data && props.kind === 'seemp' ? <Seemp data={data} /> : null}
      {data && props.kind === 'dcs' ? <Dcs data={data} /> : null}
      {data && props.kind === 'trial' ? <Trial data={data} /> : null}
    </Modal>
  );
}

function ShipHeader({ data }: { data: CiiReportResponse }) {
  const { t, num } = useFormat();
  const f = (k: string) => t(`cii.statistics.fields.${k}`);
  return (
    <Descriptions size="small" column={3} bordered>
      <Descriptions.Item label={f('shipName')}>{data.ship.nameEn}</Descriptions.Item>
      <Descriptions.Item label={f('imo')}>{data.ship.imoNumber}</Descriptions.Item>
      <Descriptions.Item label={f('shipType')}>
        {t(`ship.shipTypes.${data.ship.shipType}`, { defaultValue: data.ship.shipType })}
      </Descriptions.Item>
      <Descriptions.Item label={f('capacity')}>
        {num(data.ship.capacity, 0)} ({data.ship.capacityBasis})
      </Descriptions.Item>
      <Descriptions.Item label={f('flag')}>{data.ship.flagState}</Descriptions.Item>
      <Descriptions.Item label={f('generatedAt')}>
        {data.generatedAt.slice(0, 16).replace('T', ' ')} UTC
      </Descriptions.Item>
      <Descriptions.Item label={f('ruleSet')} span={3}>
        {ruleSetText(data.ruleSet)}
      </Descriptions.Item>
    </Descriptions>
  );
}

/** One report sample: the ship's particulars on top (all but the DCS format), then its own parts. */
function Sheet({
  kind,
  data,
  intro,
  children,
}: {
  kind: CiiReportKind;
  data?: CiiReportResponse;
  intro?: string;
  children: ReactNode;
}) {
  return (
    <div data-testid={`cii-report-${kind}`} style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      {data ? <ShipHeader data={data} /> : null}
      {intro === undefined ? null : <p style={{ margin: 0 }}>{intro}</p>}
      {children}
    </div>
  );
}

/** A report's table: every row on one page. */
function SheetTable<T extends object>(props: Omit<TableProps<T>, 'size' | 'pagination'>) {
  return <Table<T> size="small" pagination={false} {...props} />;
}

/** The CII rating column, a coloured tag or a dash. */
function ratingColumn(title: string) {
  return {
    title,
    dataIndex: 'rating',
    render: (r: keyof typeof RATING_COLORS | null) => (r ? <Tag color={RATING_COLORS[r]}>{r}</Tag> : '—'),
  };
}

/** Fuel masses by fuel type, "HFO: 12.3 t; MGO: 1.0 t", or a dash when there are none. */
function useFuelList() {
  const { num, fuel } = useFormat();
  return (r: Record<string, number>) =>
    Object.entries(r)
      .map(([id, v]) => `${fuel(id)}: ${num(v, 1)} t`)
      .join('; ') || '—';
}

function SeempPart1({ data }: { data: CiiReportResponse }) {
  const { t, num } = useFormat();
  const p = (k: string) => t(`cii.statistics.seemp1.${k}`);
  const f = (k: string) => t(`cii.statistics.fields.${k}`);
  return (
    <Sheet kind="seemp1" data={data} intro={p('intro')}>
      <h4>{p('measures')}</h4>
      <SheetTable
        rowKey="id"
        dataSource={data.seempPart1.measures}
        columns={[
          { title: p('measure'), dataIndex: 'id', render: (id: string) => p(`items.${id}`) },
          {
            title: p('monitoredOn'),
            dataIndex: 'page',
            render: (page: string) => <Link to={page}>{p('open')}</Link>,
          },
        ]}
      />
      <h4>{p('figures')}</h4>
      <SheetTable
        rowKey="year"
        dataSource={data.seempPart1.years}
        columns={[
          { title: f('year'), dataIndex: 'year' },
          { title: `${f('fuel')} (t)`, dataIndex: 'fuelT', ...right, render: (v: number) => num(v, 1) },
          { title: `${f('co2')} (t)`, dataIndex: 'co2T', ...right, render: (v: number) => num(v, 1) },
          {
            title: `${f('distance')} (nm)`,
            dataIndex: 'distanceNm',
            ...right,
            render: (v: number) => num(v, 1),
          },
          {
            title: p('fuelPerDistance'),
            dataIndex: 'fuelPerDistanceTPerNm',
            ...right,
            render: (v: number | null) => num(v, 4),
          },
          { title: f('attained'), dataIndex: 'attainedCii', ...right, render: (v: number | null) => num(v) },
          ratingColumn(f('rating')),
        ]}
      />
    </Sheet>
  );
}

function SeempPart2({ data }: { data: CiiReportResponse }) {
  const { t, num, fuel } = useFormat();
  const p = (k: string, o: Record<string, unknown> = {}) => t(`cii.statistics.seemp2.${k}`, o);
  const x = data.seempPart2;
  return (
    <Sheet kind="seemp2" data={data} intro={p('intro')}>
      <h4>{p('engines')}</h4>
      <SheetTable
        rowKey="kind"
        dataSource={x.engines}
        columns={[
          { title: p('kind'), dataIndex: 'kind', render: (k: string) => p(`kinds.${k}`) },
          { title: p('count'), dataIndex: 'count', ...right },
          { title: p('power'), dataIndex: 'ratedPowerKw', ...right, render: (v: number | null) => num(v, 0) },
        ]}
      />
      <h4>{p('fuels')}</h4>
      <SheetTable
        rowKey="fuelType"
        dataSource={x.fuels}
        columns={[
          { title: p('fuelType'), dataIndex: 'fuelType', render: (id: string) => fuel(id) },
          { title: p('imoClass'), dataIndex: 'imoFuelId', render: (id: string) => fuel(id) },
          { title: p('cf'), dataIndex: 'cfCo2TPerT', ...right, render: (v: number) => num(v, 3) },
          {
            title: p('capacity'),
            dataIndex: 'maxCapacityT',
            ...right,
            render: (v: number | null) => num(v, 0),
          },
        ]}
      />
      <h4>{p('methods')}</h4>
      <Descriptions size="small" column={1} bordered>
        <Descriptions.Item label={p('consumption')}>
          {t(`ship.methods.${x.consumptionMethod}`, { defaultValue: x.consumptionMethod })}
        </Descriptions.Item>
        <Descriptions.Item label={p('distance')}>{p('distanceText')}</Descriptions.Item>
        <Descriptions.Item label={p('hours')}>{p('hoursText')}</Descriptions.Item>
        <Descriptions.Item label={p('ruleSet')}>{ruleSetText(x.ruleSet)}</Descriptions.Item>
      </Descriptions>
      <h4>{p('quality')}</h4>
      <ul style={{ margin: 0 }}>
        <li>{p('qualitySpeed', { speed: num(x.quality.maxLegSpeedKn, 1) })}</li>
        <li>{p('qualityLong', { hours: x.quality.longLegHours, nm: x.quality.minLongLegDistanceNm })}</li>
        <li>
          {p('qualityRob', {
            t: num(x.quality.robToleranceT, 1),
            pct: num(x.quality.robTolerancePercent, 0),
          })}
        </li>
        <li>{p('qualityDates')}</li>
      </ul>
    </Sheet>
  );
}

function Seemp({ data }: { data: CiiReportResponse }) {
  const { t, num } = useFormat();
  const f = (k: string) => t(`cii.statistics.fields.${k}`);
  const c = data.seemp.corrective;
  return (
    <Sheet kind="seemp" data={data}>
      <h4>{t('cii.statistics.seemp.plan')}</h4>
      <SheetTable
        rowKey="year"
        dataSource={data.seemp.years}
        columns={[
          { title: f('year'), dataIndex: 'year' },
          {
            title: f('kind'),
            dataIndex: 'kind',
            render: (k: string) => t(`cii.statistics.seemp.${k}`),
          },
          { title: f('required'), dataIndex: 'requiredCii', ...right, render: (v: number) => num(v) },
          {
            title: f('attainedOrTarget'),
            dataIndex: 'attainedCii',
            ...right,
            render: (v: number | null) => num(v),
          },
          ratingColumn(f('rating')),
          ...CII_BOUNDARIES.map((b) => ({
            title: b.name,
            key: b.key,
            ...right,
            render: (_: unknown, y: CiiReportResponse['seemp']['years'][number]) => num(y.boundaries[b.key]),
          })),
        ]}
      />
      <Alert
        type={c.required ? 'warning' : 'success'}
        message={
          c.required
            ? t(`cii.statistics.seemp.corrective.${c.reason}`, { years: c.years.join(', ') })
            : t('cii.statistics.seemp.corrective.none')
        }
        description={c.source}
      />
      <h4>{t(c.required ? 'cii.statistics.seemp.correctiveActions' : 'cii.statistics.seemp.measures')}</h4>
      <ol>
        {data.seemp.actions.map((a) => (
          <li key={a}>{t(`cii.statistics.actions.${a}`)}</li>
        ))}
      </ol>
    </Sheet>
  );
}

function Dcs({ data }: { data: CiiReportResponse }) {
  const { t, num } = useFormat();
  const fuels = useFuelList();
  const f = (k: string) => t(`cii.statistics.dcs.${k}`);
  const d = data.dcs;
  return (
    <Sheet kind="dcs">
      <Descriptions size="small" column={2} bordered>
        <Descriptions.Item label={f('imo')}>{d.imoNumber}</Descriptions.Item>
        <Descriptions.Item label={f('period')}>
          {d.periodStart} – {d.periodEnd}
        </Descriptions.Item>
        <Descriptions.Item label={f('shipType')}>
          {t(`ship.shipTypes.${d.shipType}`, { defaultValue: d.shipType })}
        </Descriptions.Item>
        <Descriptions.Item label={f('tonnage')}>
          GT {num(d.grossTonnage, 0)} / NT {num(d.netTonnage, 0)} / DWT {num(d.deadweightT, 0)}
        </Descriptions.Item>
        <Descriptions.Item label={f('power')}>
          {num(d.mainEnginePowerKw, 0)} kW / {num(d.auxiliaryEnginePowerKw, 0)} kW
        </Descriptions.Item>
        <Descriptions.Item label={f('eedi')}>
          {num(d.attainedEedi)} / {num(d.attainedEexi)}
        </Descriptions.Item>
        <Descriptions.Item label={f('iceClass')}>{d.iceClass ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={f('method')}>
          {t(`ship.methods.${d.method}`, { defaultValue: d.method })}
        </Descriptions.Item>
        <Descriptions.Item label={f('fuel')} span={2}>
          {fuels(d.fuelByTypeT)}
        </Descriptions.Item>
        <Descriptions.Item label={f('distance')}>{num(d.distanceNm, 1)} nm</Descriptions.Item>
        <Descriptions.Item label={f('hours')}>{num(d.hoursUnderway, 1)} h</Descriptions.Item>
        <Descriptions.Item label={f('notUnderway')} span={2}>
          {fuels(d.fuelNotUnderwayT)}
        </Descriptions.Item>
        <Descriptions.Item label={f('work')}>{num(d.transportWorkTNm, 0)} t·nm</Descriptions.Item>
        <Descriptions.Item label={f('co2')}>{num(d.co2T, 1)} t</Descriptions.Item>
      </Descriptions>
    </Sheet>
  );
}

function Trial({ data }: { data: CiiReportResponse }) {
  const { t, num } = useFormat();
  const fuels = useFuelList();
  const f = (k: string) => t(`cii.statistics.fields.${k}`);
  const x = data.trial;
  return (
    <Sheet kind="trial" data={data}>
      <Descriptions size="small" column={2} bordered>
        <Descriptions.Item label={f('fuel')} span={2}>
          {fuels(x.fuelT)}
        </Descriptions.Item>
        <Descriptions.Item label={`${f('co2')} (t)`}>{num(x.co2T, 1)}</Descriptions.Item>
        <Descriptions.Item label={`${f('distance')} (nm)`}>{num(x.distanceNm, 1)}</Descriptions.Item>
        <Descriptions.Item label={f('reference')}>{num(x.referenceCii)}</Descriptions.Item>
        <Descriptions.Item label={f('reduction')}>{num(x.reductionFactorPct, 0)} %</Descriptions.Item>
        <Descriptions.Item label={f('required')}>{num(x.requiredCii)}</Descriptions.Item>
        <Descriptions.Item label={f('attained')}>{num(x.attainedCii)}</Descriptions.Item>
        <Descriptions.Item label={f('rating')}>
          {x.rating ? <Tag color={RATING_COLORS[x.rating]}>{x.rating}</Tag> : '—'}
        </Descriptions.Item>
        <Descriptions.Item label={f('formula')}>{t('cii.statistics.formula')}</Descriptions.Item>
      </Descriptions>
      <ul style={{ color: '#8fa3c7', fontSize: 12 }}>
        {x.rules.map((r) => (
          // The resolutions' table rows name the ship type by its id: shown by its name in the user's language.
          <li key={r}>
            {r.replaceAll(
              data.ship.shipType,
              t(`ship.shipTypes.${data.ship.shipType}`, { defaultValue: data.ship.shipType }),
            )}
          </li>
        ))}
      </ul>
    </Sheet>
  );
}
