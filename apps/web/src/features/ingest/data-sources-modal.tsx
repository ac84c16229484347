import type { IngestStatusResponse } from '@ecohelm/contracts';
import { Alert, App, Button, Form, Modal, Progress, Select, Table, Tabs, Tag } from 'antd';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useChannels } from '../../lib/api/get-channels';
import { ApiError } from '../../lib/api-client';
import { CsvFileButton } from '../../ui/csv-file-button';
import { ErrorAlert } from '../../ui/error-alert';
import { NumberInput } from '../../ui/number-input';
import { useCsvJob } from './api/get-csv-job';
import { useIngestStatus } from './api/get-ingest-status';
import { useStartCsvImport } from './api/start-csv-import';
import { csvHeader, guessMapping } from './csv-mapping';
import { JobsTable } from './jobs-table';
import { SyncLink } from './sync-link';
import './ingest-strings';

type Source = IngestStatusResponse['sources'][number];
type Link = IngestStatusResponse['adapters'][number];

const stateColor: Record<Link['state'], string> = {
  listening: 'blue',
  connecting: 'gold',
  connected: 'green',
  reconnecting: 'orange',
  error: 'red',
};

/** Data sources: what the ingest path accepted and refused per source, and CSV import with a column mapping. */
export function DataSourcesModal({
  open,
  onClose,
  extraTabs = [],
}: {
  open: boolean;
  onClose: () => void;
  /** Tabs of other features the app adds (backup of the store). */
  extraTabs?: { key: string; label: string; children: ReactNode }[];
}) {
  const { t } = useTranslation();
  return (
    <Modal open={open} title={t('ingest.title')} onCancel={onClose} footer={null} width={900} destroyOnHidden>
      <Tabs
        items={[
          { key: 'status', label: t('ingest.tabs.status'), children: <IngestStatus enabled={open} /> },
          { key: 'csv', label: t('ingest.tabs.csv'), children: <CsvImport /> },
          ...extraTabs,
        ]}
      />
    </Modal>
  );
}

function IngestStatus({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation();
  const status = useIngestStatus(enabled);
  const rejected = (s: Source) => Object.values(s.rejected).reduce((a, b) => a + (b ?? 0), 0);
  return (
    <>
      {status.error ? <ErrorAlert error={status.error} style={{ marginBottom: 8 }} /> : null}
      <SyncLink enabled={enabled} />
      <h4 style={{ marginTop: 0 }}>{t('ingest.adapters')}</h4>
      {status.data && status.data.adapters.length === 0 ? <p>{t('ingest.noAdapters')}</p> : null}
      {status.data?.adapters.length ? (
        <Table<Link>
          size="small"
          rowKey="name"
          dataSource={status.data.adapters}
          pagination={false}
          style={{ marginBottom: 12 }}
          columns={[
            { title: t('ingest.connection'), dataIndex: 'name' },
            {
              title: t('ingest.state'),
              dataIndex: 'state',
              render: (state: Link['state']) => (
                <Tag color={stateColor[state]} data-testid="adapter-state">
                  {t(`ingest.link.${state}`)}
                </Tag>
              ),
            },
            { title: t('ingest.detail'), dataIndex: 'detail', render: (v: string | null) => v ?? '—' },
            {
              title: t('ingest.since'),
              dataIndex: 'since',
              render: (v: string) => v.replace('T', ' ').slice(0, 19),
            },
          ]}
        />
      ) : null}
      <h4>{t('ingest.counters')}</h4>
      <Table<Source>
        size="small"
        rowKey="source"
        loading={status.isLoading}
        dataSource={status.data?.sources ?? []}
        pagination={false}
        columns={[
          { title: t('ingest.source'), dataIndex: 'source' },
          { title: t('ingest.accepted'), dataIndex: 'accepted', align: 'right' },
          { title: t('ingest.rejected'), key: 'rejected', align: 'right', render: (_, s) => rejected(s) },
          {
            title: t('ingest.reasons'),
            key: 'reasons',
            render: (_, s) =>
              Object.entries(s.rejected)
                .map(([reason, n]) => `${t(`ingest.reason.${reason}`)}: ${n}`)
                .join(', ') || '—',
          },
          {
            title: t('ingest.lastAccepted'),
            dataIndex: 'lastAcceptedAt',
            render: (v: string | null) => (v ? v.replace('T', ' ').slice(0, 19) : '—'),
          },
        ]}
      />
      <JobsTable enabled={enabled} />
    </>
  );
}

function CsvImport() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const channels = useChannels();
  const start = useStartCsvImport();
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [timeColumn, setTimeColumn] = useState<string | null>(null);
  const [mapping, setMapping] = useState<Record<string, string | null>>({});
  const [offset, setOffset] = useState<number>(0);
  const [jobId, setJobId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const job = useCsvJob(jobId);
  const header = useMemo(() => (file ? csvHeader(file.text) : null), [file]);

  useEffect(() => {
    if (!header || !channels.data) return;
    const guess = guessMapping(header.columns, channels.data.channels);
    setTimeColumn(guess.timeColumn);
    setMapping(guess.columns);
  }, [header, channels.data]);

  const channelOptions = (channels.data?.channels ?? []).map((c) => ({
    value: c.id,
    label: `${c.label} (${c.unit})`,
  }));
  const mapped = Object.entries(mapping).filter(([, ch]) => ch !== null) as [string, string][];

  const onImport = async () => {
    if (!file || !header) return;
    if (!timeColumn) return setError(t('ingest.needTime'));
    if (mapped.length === 0) return setError(t('ingest.needColumn'));
    // Letters in the offset are refused at the field, not read as the last number.
    if (!Number.isFinite(offset)) return;
    setError(null);
    try {
      const created = await start.mutateAsync({
        csv: file.text,
        source: `csv:${file.name}`.slice(0, 80),
        mapping: {
          timeColumn,
          utcOffsetMinutes: offset,
          delimiter: header.delimiter,
          columns: Object.fromEntries(mapped.map(([column, channel]) => [column, { channel }])),
        },
      });
      setJobId(created.id);
    } catch (e) {
      // The file and the mapping stay as they are; the server's reason is shown.
      setError(e instanceof ApiError ? e.message : t('errors.unknown'));
      void message.error(t('ingest.failed'));
    }
  };

  const running = job.data?.status === 'running' || start.isPending;
  return (
    <Form layout="vertical">
      <CsvFileButton
        label={t('ingest.chooseFile')}
        onFile={(chosen) => {
          setFile(chosen);
          setJobId(null);
          setError(null);
        }}
      />
      {file && header ? (
        <>
          <p style={{ marginTop: 8 }}>
            {t('ingest.fileInfo', { name: file.name, rows: header.rows, columns: header.columns.length })}
          </p>
          <div style={{ display: 'flex', gap: 16 }}>
            <Form.Item label={t('ingest.timeColumn')} style={{ minWidth: 240 }}>
              <Select
                aria-label={t('ingest.timeColumn')}
                value={timeColumn}
                onChange={(v) => {
                  setTimeColumn(v);
                  setMapping((m) => {
                    const { [v]: _dropped, ...rest } = m;
                    return rest;
                  });
                }}
                options={header.columns.map((c) => ({ value: c, label: c }))}
              />
            </Form.Item>
            <Form.Item
              label={t('ingest.utcOffset')}
              {...(Number.isFinite(offset)
                ? {}
                : {
                    validateStatus: 'error' as const,
                    help: t('common.number.notANumber', { field: t('ingest.utcOffset') }),
                  })}
            >
              <NumberInput
                aria-label={t('ingest.utcOffset')}
                defaultValue={0}
                min={-720}
                max={840}
                step={60}
                onChange={(v) => setOffset(v ?? 0)}
              />
            </Form.Item>
          </div>
          <Table
            size="small"
            rowKey="column"
            pagination={false}
            scroll={{ y: 240 }}
            dataSource={header.columns.filter((c) => c !== timeColumn).map((column) => ({ column }))}
            columns={[
              { title: t('ingest.column'), dataIndex: 'column', width: 220 },
              {
                title: t('ingest.channel'),
                key: 'channel',
                render: (_, row) => (
                  <Select
                    allowClear
                    showSearch
                    optionFilterProp="label"
                    aria-label={`${t('ingest.channel')} ${row.column}`}
                    placeholder={t('ingest.ignore')}
                    style={{ width: '100%' }}
                    value={mapping[row.column] ?? undefined}
                    onChange={(v) => setMapping((m) => ({ ...m, [row.column]: v ?? null }))}
                    options={channelOptions}
                  />
                ),
              },
            ]}
          />
          <p style={{ marginTop: 8, opacity: 0.75 }}>{t('ingest.unitsHint')}</p>
          {error ? <Alert type="error" showIcon message={error} style={{ marginBottom: 8 }} /> : null}
          <Button type="primary" onClick={onImport} loading={running} disabled={running}>
            {t('ingest.import')}
          </Button>
          {job.data ? (
            <div style={{ marginTop: 12 }} data-testid="csv-progress">
              <Progress
                percent={Math.round(job.data.progress * 100)}
                status={
                  job.data.status === 'failed'
                    ? 'exception'
                    : job.data.status === 'done'
                      ? 'success'
                      : 'active'
                }
              />
              <p>
                {t(`ingest.status.${job.data.status}`, {
                  done: job.data.rowsDone,
                  total: job.data.rowsTotal,
                  accepted: job.data.accepted,
                  rejected: job.data.rejected,
                })}
                {job.data.error ? ` ${job.data.error}` : ''}
              </p>
            </div>
          ) : null}
        </>
      ) : null}
    </Form>
  );
}
