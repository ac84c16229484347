import type {
  BunkerRecord,
  EnergyReportPeriod,
  EnergyReportResponse,
  OilChangeRecord,
} from '@ecohelm/contracts';
import { App, Button, Popconfirm, Segmented, Space, Spin, Table, type TableColumnsType } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addAreaStrings } from '../../i18n';
import energyReportEn from '../../i18n/locales/en_US/energyReport.json';
import energyReportZh from '../../i18n/locales/zh_CN/energyReport.json';
import { usePageConfig } from '../../lib/page-config';
import { failureText } from '../../lib/save-form';
import { formatShipTime } from '../../lib/ship-time';
import { useCanWrite } from '../../lib/use-can-write';
import { useFormat } from '../../lib/use-format';
import { useSearchChoice } from '../../lib/use-search-choice';
import { AuditHistoryButton } from '../../ui/audit-history';
import { CsvButton } from '../../ui/csv-button';
import { enteredCell } from '../../ui/entered-text';
import { ErrorAlert } from '../../ui/error-alert';
import { PageFrame } from '../../ui/page-frame';
import { ScrollTable } from '../../ui/scroll-table';
import { useEnergyReport, useExportEnergyReport } from './api/get-energy-report';
import { useBunkerRecords, useDeleteRecord, useOilChangeRecords } from './api/records';
import { BunkerModal, OilChangeModal } from './record-modals';

// The page's strings, added when its code loads: they are not in the first route's language chunk (i18n/shell-areas.ts).
addAreaStrings('energyReport', { en_US: energyReportEn, zh_CN: energyReportZh });

const KINDS = ['hfo', 'lfo', 'mgo'] as const;
type Row = EnergyReportResponse['rows'][number];

/** Energy reports: the fuel oil report with its exports, bunker records and oil change records. */
export function EnergyReportPage() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const title = (id: string) => t(`energyReport.panels.${id}`);
  const [period, setPeriod] = useSearchChoice<EnergyReportPeriod>(
    'period',
    ['day', 'month', 'voyage'],
    'day',
  );
  const report = useEnergyReport(period);
  const exporter = useExportEnergyReport();
  const [bunker, setBunker] = useState<BunkerRecord | 'new' | null>(null);
  const [oil, setOil] = useState<OilChangeRecord | 'new' | null>(null);
  const canWrite = useCanWrite('records:write');
  const bunkers = useBunkerRecords();
  const oils = useOilChangeRecords();
  const bunkerColumns = useBunkerColumns();
  const oilColumns = useOilChangeColumns();
  const download = async (format: 'xlsx' | 'pdf') => {
    try {
      await exporter.mutateAsync({ period, format, lang: i18n.language === 'en_US' ? 'en_US' : 'zh_CN' });
    } catch (error) {
      void message.error(failureText(error, t));
    }
  };
  return (
    <>
      <PageFrame
        title={t('energyReport.report.title')}
        columns={2}
        panels={[
          {
            id: 'fuelOilReport',
            title: title('fuelOilReport'),
            span: 2,
            extra: (
              <Space>
                <Segmented<EnergyReportPeriod>
                  size="small"
                  value={period}
                  onChange={setPeriod}
                  options={(['day', 'month', 'voyage'] as const).map((p) => ({
                    value: p,
                    label: t(`energyReport.fuelReport.periods.${p}`),
                  }))}
                />
                <CsvButton
                  fileName={`fuel-oil-report-${period}`}
                  disabled={!report.data}
                  rows={() => fuelOilReportCsv(report.data)}
                />
                <Button size="small" loading={exporter.isPending} onClick={() => void download('xlsx')}>
                  {t('energyReport.fuelReport.exportXlsx')}
                </Button>
                <Button size="small" loading={exporter.isPending} onClick={() => void download('pdf')}>
                  {t('energyReport.fuelReport.exportPdf')}
                </Button>
              </Space>
            ),
            children: <Loaded query={report}>{(d) => <FuelOilReport data={d} />}</Loaded>,
          },
          {
            id: 'bunkerRecords',
            title: title('bunkerRecords'),
            extra: (
              <Space>
                <CsvButton
                  fileName="bunker-records"
                  disabled={!bunkers.data}
                  rows={() => [
                    [
                      'port',
                      'fuel_type',
                      'quantity_t',
                      'supplier',
                      'start_utc',
                      'end_utc',
                      'tank',
                      'sulphur_pct',
                      'bdn',
                    ],
                    ...(bunkers.data?.items ?? []).map((r) => [
                      r.port,
                      r.fuelType,
                      r.quantityT,
                      r.supplier,
                      r.startTime,
                      r.endTime,
                      r.tankNumber,
                      r.sulphurPct,
                      r.bdnNumber,
                    ]),
                  ]}
                />
                <Button size="small" type="primary" disabled={!canWrite} onClick={() => setBunker('new')}>
                  {t('energyReport.records.add')}
                </Button>
              </Space>
            ),
            children: (
              <RecordTable kind="bunker" query={bunkers} columns={bunkerColumns} onEdit={setBunker} />
            ),
          },
          {
            id: 'oilChangeRecords',
            title: title('oilChangeRecords'),
            extra: (
              <Space>
                <CsvButton
                  fileName="oil-change-records"
                  disabled={!oils.data}
                  rows={() => [
                    [
                      'equipment',
                      'oil_before',
                      'oil_after',
                      'latitude',
                      'longitude',
                      'start_utc',
                      'end_utc',
                      'reason',
                      'operator',
                    ],
                    ...(oils.data?.items ?? []).map((r) => [
                      r.equipment,
                      r.oilTypeBefore,
                      r.oilTypeAfter,
                      r.latitude,
                      r.longitude,
                      r.startTime,
                      r.endTime,
                      r.reason,
                      r.operator,
                    ]),
                  ]}
                />
                <Button size="small" type="primary" disabled={!canWrite} onClick={() => setOil('new')}>
                  {t('energyReport.records.add')}
                </Button>
              </Space>
            ),
            children: <RecordTable kind="oil-change" query={oils} columns={oilColumns} onEdit={setOil} />,
          },
        ]}
      />
      <BunkerModal record={bunker} onClose={() => setBunker(null)} />
      <OilChangeModal record={oil} onClose={() => setOil(null)} />
    </>
  );
}

function Loaded<T>({
  query,
  children,
}: {
  query: { data: T | undefined; error: unknown };
  children: (d: T) => ReactNode;
}) {
  if (query.error) return <ErrorAlert error={query.error} />;
  return query.data === undefined ? <Spin /> : children(query.data);
}

/** The fuel oil report as CSV rows: one per period, t by fuel kind and consumer, bunkered and ROB, oldest first. */
function fuelOilReportCsv(data: EnergyReportResponse | undefined): (string | number | null)[][] {
  const consumers = ['me', 'ge1', 'ge2', 'ge3', 'boiler1', 'boiler2'] as const;
  return [
    [
      'period',
      'from_utc',
      'to_utc',
      ...KINDS.map((k) => `consumed_${k}_t`),
      ...consumers.map((c) => `${c}_t`),
      ...KINDS.map((k) => `bunkered_${k}_t`),
      ...KINDS.map((k) => `rob_${k}_t`),
      'distance_nm',
    ],
    ...(data?.rows ?? []).map((r) => [
      r.label,
      r.from,
      r.to,
      ...KINDS.map((k) => r.consumedT[k]),
      ...consumers.map((c) => r.byConsumerT[c]),
      ...KINDS.map((k) => r.bunkeredT[k]),
      ...KINDS.map((k) => r.robT[k]),
      r.distanceNm,
    ]),
  ];
}

function FuelOilReport({ data }: { data: EnergyReportResponse }) {
  const { t } = useTranslation();
  const { num } = useFormat();
  const kind = (k: string) => t(`energyReport.fuelReport.kinds.${k}`);
  const rows = [...data.rows].reverse();
  return (
    <ScrollTable<Row>
      rowKey="label"
      className="fuel-oil-report"
      height={250}
      dataSource={rows}
      locale={{ emptyText: t('energyReport.fuelReport.empty') }}
      summary={() => (
        <Table.Summary fixed>
          <Table.Summary.Row>
            <Table.Summary.Cell index={0}>
              <b>{t('energyReport.fuelReport.total')}</b>
            </Table.Summary.Cell>
            {KINDS.map((k, i) => (
              <Table.Summary.Cell key={k} index={i + 1} align="right">
                {num(data.total.consumedT[k], 2)}
              </Table.Summary.Cell>
            ))}
            <Table.Summary.Cell index={4} align="right">
              <b>
                {num(
                  KINDS.reduce((s, k) => s + data.total.consumedT[k], 0),
                  2,
                )}
              </b>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={5} align="right">
              {num(data.total.byConsumerT.me, 2)}
            </Table.Summary.Cell>
            <Table.Summary.Cell index={6} align="right">
              {num(data.total.byConsumerT.ge1 + data.total.byConsumerT.ge2 + data.total.byConsumerT.ge3, 2)}
            </Table.Summary.Cell>
            <Table.Summary.Cell index={7} align="right">
              {num(data.total.byConsumerT.boiler1 + data.total.byConsumerT.boiler2, 2)}
            </Table.Summary.Cell>
            <Table.Summary.Cell index={8} align="right">
              {num(
                KINDS.reduce((s, k) => s + data.total.bunkeredT[k], 0),
                1,
              )}
            </Table.Summary.Cell>
            <Table.Summary.Cell index={9} colSpan={3} />
          </Table.Summary.Row>
        </Table.Summary>
      )}
      columns={[
        {
          title: t(`energyReport.fuelReport.period.${data.period}`),
          dataIndex: 'label',
          width: 110,
          // A voyage is named by its ports as the crew entered them; days and months by their dates.
          render: (v: string) => (data.period === 'voyage' ? enteredCell(v) : v),
        },
        ...KINDS.map((k) => ({
          title: `${kind(k)} (t)`,
          key: `c-${k}`,
          align: 'right' as const,
          render: (_: unknown, r: Row) => num(r.consumedT[k], 2),
        })),
        {
          title: `${t('energyReport.fuelReport.total')} (t)`,
          key: 'total',
          align: 'right',
          render: (_, r) => (
            <b>
              {num(
                KINDS.reduce((s, k) => s + r.consumedT[k], 0),
                2,
              )}
            </b>
          ),
        },
        { title: 'M/E (t)', key: 'me', align: 'right', render: (_, r) => num(r.byConsumerT.me, 2) },
        {
          title: 'G/E (t)',
          key: 'ge',
          align: 'right',
          render: (_, r) => num(r.byConsumerT.ge1 + r.byConsumerT.ge2 + r.byConsumerT.ge3, 2),
        },
        {
          title: `${t('energyReport.fuelReport.boilers')} (t)`,
          key: 'boilers',
          align: 'right',
          render: (_, r) => num(r.byConsumerT.boiler1 + r.byConsumerT.boiler2, 2),
        },
        {
          title: `${t('energyReport.fuelReport.bunkered')} (t)`,
          key: 'bunkered',
          align: 'right',
          render: (_, r) => {
            const b = KINDS.reduce((s, k) => s + r.bunkeredT[k], 0);
            return b > 0 ? num(b, 1) : '—';
          },
        },
        ...KINDS.map((k) => ({
          title: `${t('energyReport.fuelReport.rob')} ${kind(k)} (t)`,
          key: `r-${k}`,
          align: 'right' as const,
          render: (_: unknown, r: Row) => num(r.robT[k], 1),
        })),
      ]}
    />
  );
}

function useDelete(kind: 'bunker' | 'oil-change') {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const remove = useDeleteRecord();
  return async (id: number) => {
    try {
      await remove.mutateAsync({ kind, id });
      void message.success(t('energyReport.records.deleted'));
    } catch (error) {
      void message.error(failureText(error, t));
    }
  };
}

function Actions({
  canWrite,
  onEdit,
  onDelete,
  history,
}: {
  canWrite: boolean;
  onEdit: () => void;
  onDelete: () => void;
  history: { entity: 'bunker' | 'oil_change'; entityId: string };
}) {
  const { t } = useTranslation();
  return (
    <Space size={4}>
      <Button size="small" type="link" disabled={!canWrite} onClick={onEdit}>
        {t('energyReport.records.edit')}
      </Button>
      <Popconfirm
        title={t('energyReport.records.deleteConfirm')}
        okText={t('energyReport.records.delete')}
        cancelText={t('energyReport.records.cancel')}
        onConfirm={onDelete}
        disabled={!canWrite}
      >
        <Button size="small" type="link" danger disabled={!canWrite}>
          {t('energyReport.records.delete')}
        </Button>
      </Popconfirm>
      <AuditHistoryButton {...history} />
    </Space>
  );
}

/** The ship's time of a record's start, as the records tables show it. */
function useStartColumn() {
  const { t } = useTranslation();
  const { config } = usePageConfig();
  return {
    title: t('energyReport.records.start'),
    dataIndex: 'startTime',
    render: (v: string) => formatShipTime(v, config.shipTimeOffsetMinutes),
  };
}

/** Each record table's class (the browser tests find it by it), rows a page and the audit trail's entity. */
const RECORD_TABLES = {
  bunker: { className: 'bunker-records', pageSize: 5, entity: 'bunker' },
  'oil-change': { className: 'oil-change-records', pageSize: 6, entity: 'oil_change' },
} as const;

/** A page of bunker or oil change records, each row with its edit, delete and history actions. */
function RecordTable<R extends { id: number }>({
  kind,
  query,
  columns,
  onEdit,
}: {
  kind: keyof typeof RECORD_TABLES;
  query: { data: { items: R[] } | undefined; error: unknown };
  columns: TableColumnsType<R>;
  onEdit: (r: R) => void;
}) {
  const { t } = useTranslation();
  const canWrite = useCanWrite('records:write');
  const remove = useDelete(kind);
  const { className, pageSize, entity } = RECORD_TABLES[kind];
  return (
    <Loaded query={query}>
      {(d) => (
        <Table<R>
          size="small"
          rowKey="id"
          className={className}
          pagination={{ pageSize, size: 'small' }}
          dataSource={d.items}
          locale={{ emptyText: t('energyReport.records.none') }}
          columns={[
            ...columns,
            {
              title: '',
              key: 'actions',
              render: (_, r) => (
                <Actions
                  canWrite={canWrite}
                  onEdit={() => onEdit(r)}
                  onDelete={() => void remove(r.id)}
                  history={{ entity, entityId: String(r.id) }}
                />
              ),
            },
          ]}
        />
      )}
    </Loaded>
  );
}

function useBunkerColumns(): TableColumnsType<BunkerRecord> {
  const { t } = useTranslation();
  const { num, fuel } = useFormat();
  const start = useStartColumn();
  return [
    { title: t('energyReport.records.port'), dataIndex: 'port', ellipsis: true, render: enteredCell },
    { title: t('energyReport.records.fuelType'), dataIndex: 'fuelType', render: (v: string) => fuel(v) },
    {
      title: `${t('energyReport.records.quantity')} (t)`,
      dataIndex: 'quantityT',
      align: 'right',
      render: (v: number) => num(v, 1),
    },
    { title: t('energyReport.records.supplier'), dataIndex: 'supplier', ellipsis: true, render: enteredCell },
    start,
    { title: t('energyReport.records.tank'), dataIndex: 'tankNumber' },
  ];
}

function useOilChangeColumns(): TableColumnsType<OilChangeRecord> {
  const { t } = useTranslation();
  const start = useStartColumn();
  return [
    { title: t('energyReport.records.equipment'), dataIndex: 'equipment', ellipsis: true },
    {
      title: t('energyReport.records.oilChange'),
      key: 'oil',
      ellipsis: true,
      render: (_, r) => `${r.oilTypeBefore} → ${r.oilTypeAfter}`,
    },
    start,
    { title: t('energyReport.records.operator'), dataIndex: 'operator', ellipsis: true },
  ];
}
