import type { ReportResponse, ReportStay, ReportVoyage } from '@ecohelm/contracts';
import { Table, type TableColumnsType } from 'antd';
import { useFormat } from '../../lib/use-format';
import { Panel } from '../../ui/panel';

const right = { align: 'right' as const };

/** Fuel consumption per fuel type: EU MRV with its EU-scope share, IMO DCS by IMO fuel class. */
export function FuelTotalsTable({ report }: { report: ReportResponse }) {
  const { t, num, fuel } = useFormat();
  const mrv = report.regime === 'eu_mrv';
  const source = mrv ? report.totals.fuelT : report.totals.fuelByImoClassT;
  const rows = Object.keys(source)
    .sort()
    .map((id) => ({
      id,
      total: source[id] ?? 0,
      other: mrv ? (report.totals.euScopeFuelT[id] ?? 0) : (report.dcs?.fuelNotUnderwayT[id] ?? 0),
    }));
  return (
    <div data-testid="report-fuel">
      <Panel title={t('reports.sections.fuel')}>
        <Table
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={rows}
          columns={[
            { title: t('reports.fields.fuelType'), dataIndex: 'id', render: (id: string) => fuel(id) },
            {
              title: `${t('reports.fields.fuelTotal')} (t)`,
              dataIndex: 'total',
              ...right,
              render: (v: number) => num(v),
            },
            {
              title: `${t(mrv ? 'reports.fields.fuelEuScope' : 'reports.fields.fuelNotUnderway')} (t)`,
              dataIndex: 'other',
              ...right,
              render: (v: number) => num(v),
            },
          ]}
        />
      </Panel>
    </div>
  );
}

/** Per-voyage emissions (whole legs), with the EU classification for EU MRV. */
export function VoyagesTable({ report }: { report: ReportResponse }) {
  const { t, num, sum, utc, port } = useFormat();
  const mrv = report.regime === 'eu_mrv';
  const f = (key: string) => t(`reports.fields.${key}`);
  const columns: TableColumnsType<ReportVoyage> = [
    { title: f('voyageNumber'), dataIndex: 'voyageNumber', width: 90 },
    { title: f('from'), render: (_, v) => port(v.fromPort) },
    { title: f('to'), render: (_, v) => port(v.toPort) },
    { title: f('departure'), render: (_, v) => utc(v.departureUtc), width: 140 },
    { title: f('arrival'), render: (_, v) => utc(v.arrivalUtc), width: 140 },
    ...(mrv
      ? ([
          { title: f('euType'), render: (_, v) => t(`reports.euTypes.${v.euType}`) },
          { title: f('euShare'), ...right, render: (_, v) => `${num(v.euSharePercent, 0)} %` },
        ] as TableColumnsType<ReportVoyage>)
      : []),
    { title: `${f('distance')} (nm)`, ...right, render: (_, v) => num(v.distanceNm, 1) },
    { title: `${f('hoursUnderway')} (h)`, ...right, render: (_, v) => num(v.hoursUnderway, 1) },
    { title: `${f('cargo')} (t)`, ...right, render: (_, v) => num(v.cargoT, 0) },
    { title: `${f('fuel')} (t)`, ...right, render: (_, v) => num(sum(v.fuelT)) },
    { title: 'CO2 (t)', ...right, render: (_, v) => num(v.ghg.co2T) },
    ...(mrv && report.includesNonCo2
      ? ([
          { title: 'CH4 (t)', ...right, render: (_, v) => num(v.ghg.ch4T, 4) },
          { title: 'N2O (t)', ...right, render: (_, v) => num(v.ghg.n2oT, 4) },
          { title: 'CO2e (t)', ...right, render: (_, v) => num(v.ghg.co2eT) },
        ] as TableColumnsType<ReportVoyage>)
      : []),
  ];
  return (
    <div data-testid="report-voyages">
      <Panel title={t('reports.sections.voyages')}>
        <Table
          size="small"
          rowKey={(v) => `${v.departureUtc}-${v.arrivalUtc}`}
          pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
          dataSource={report.voyages}
          columns={columns}
        />
      </Panel>
    </div>
  );
}

/** Port calls, anchorages and drifts with their fuel and emissions. */
export function StaysTable({ report }: { report: ReportResponse }) {
  const { t, num, sum, utc, port } = useFormat();
  const mrv = report.regime === 'eu_mrv';
  const f = (key: string) => t(`reports.fields.${key}`);
  const columns: TableColumnsType<ReportStay> = [
    { title: f('kind'), render: (_, s) => t(`reports.stayKinds.${s.kind}`) },
    { title: f('port'), render: (_, s) => port(s.port) },
    { title: f('start'), render: (_, s) => utc(s.startUtc) },
    { title: f('end'), render: (_, s) => utc(s.endUtc) },
    ...(mrv
      ? ([
          {
            title: f('atBerthEea'),
            render: (_, s) => t(s.atBerthEea ? 'reports.yes' : 'reports.no'),
          },
        ] as TableColumnsType<ReportStay>)
      : []),
    { title: `${f('fuel')} (t)`, ...right, render: (_, s) => num(sum(s.fuelT)) },
    { title: 'CO2 (t)', ...right, render: (_, s) => num(s.ghg.co2T) },
    { title: `${f('shorePower')} (kWh)`, ...right, render: (_, s) => num(s.shorePowerKwh, 0) },
  ];
  return (
    <div data-testid="report-stays">
      <Panel title={t('reports.sections.stays')}>
        <Table
          size="small"
          rowKey={(s) => `${s.startUtc}-${s.kind}`}
          pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
          dataSource={report.stays}
          columns={columns}
        />
      </Panel>
    </div>
  );
}
