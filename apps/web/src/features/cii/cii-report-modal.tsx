import type { CiiReportResponse } from '@ecohelm/contracts';
import { Alert, Descriptions, Modal, Spin, Table, Tag } from 'antd';
import { ApiError } from '../../lib/api-client';
import { useFormat } from '../../lib/use-format';
import { RATING_COLORS } from '../../ui/rating-colors';
import { useCiiReport } from './api/get-cii-report';

export const ciiReportKinds = ['seemp', 'dcs', 'trial'] as const;
export type CiiReportKind = (typeof ciiReportKinds)[number];

const right = { align: 'right' as const };

/** "View report": one of the report samples (SEEMP Part III, IMO DCS reporting format, trial CII) of a year. */
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
    </Descriptions>
  );
}

function Seemp({ data }: { data: CiiReportResponse }) {
  const { t, num } = useFormat();
  const f = (k: string) => t(`cii.statistics.fields.${k}`);
  const c = data.seemp.corrective;
  return (
    <div data-testid="cii-report-seemp" style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      <ShipHeader data={data} />
      <h4>{t('cii.statistics.seemp.plan')}</h4>
      <Table
        size="small"
        rowKey="year"
        pagination={false}
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
          {
            title: f('rating'),
            dataIndex: 'rating',
            render: (r: keyof typeof RATING_COLORS | null) =>
              r ? <Tag color={RATING_COLORS[r]}>{r}</Tag> : '—',
          },
          { title: 'A/B', key: 'ab', ...right, render: (_: unknown, y) => num(y.boundaries.superior) },
          { title: 'B/C', key: 'bc', ...right, render: (_: unknown, y) => num(y.boundaries.lower) },
          { title: 'C/D', key: 'cd', ...right, render: (_: unknown, y) => num(y.boundaries.upper) },
          { title: 'D/E', key: 'de', ...right, render: (_: unknown, y) => num(y.boundaries.inferior) },
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
    </div>
  );
}

function Dcs({ data }: { data: CiiReportResponse }) {
  const { t, num, fuel } = useFormat();
  const f = (k: string) => t(`cii.statistics.dcs.${k}`);
  const d = data.dcs;
  const fuels = (r: Record<string, number>) =>
    Object.entries(r)
      .map(([id, v]) => `${fuel(id)}: ${num(v, 1)} t`)
      .join('; ') || '—';
  return (
    <div data-testid="cii-report-dcs" style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
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
    </div>
  );
}

function Trial({ data }: { data: CiiReportResponse }) {
  const { t, num, fuel } = useFormat();
  const f = (k: string) => t(`cii.statistics.fields.${k}`);
  const x = data.trial;
  return (
    <div data-testid="cii-report-trial" style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      <ShipHeader data={data} />
      <Descriptions size="small" column={2} bordered>
        <Descriptions.Item label={f('fuel')} span={2}>
          {Object.entries(x.fuelT)
            .map(([id, v]) => `${fuel(id)}: ${num(v, 1)} t`)
            .join('; ') || '—'}
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
          <li key={r}>{r}</li>
        ))}
      </ul>
    </div>
  );
}
