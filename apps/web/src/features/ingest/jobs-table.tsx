import type { JobState } from '@ecohelm/contracts';
import { Table, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useJobs } from './api/get-jobs';

const utc = (v: string | null) => (v ? `${v.replace('T', ' ').slice(0, 19)} UTC` : '—');

/** The server's background jobs: what each does, when it ran last, how long it took, whether it failed, when next. */
export function JobsTable({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation();
  const { data } = useJobs(enabled);
  if (!data) return null;
  return (
    <section aria-label={t('ingest.jobs.title')} style={{ marginBottom: 12 }}>
      <h4>{t('ingest.jobs.title')}</h4>
      <Table<JobState>
        size="small"
        rowKey="name"
        dataSource={data.jobs}
        pagination={false}
        columns={[
          {
            title: t('ingest.jobs.job'),
            dataIndex: 'name',
            render: (name: string) => t(`ingest.jobs.names.${name}`, { defaultValue: name }),
          },
          { title: t('ingest.jobs.lastRun'), dataIndex: 'lastRunAt', render: utc },
          {
            title: t('ingest.jobs.duration'),
            dataIndex: 'lastDurationMs',
            align: 'right',
            render: (v: number | null) =>
              v === null ? '—' : t('ingest.jobs.seconds', { value: (v / 1000).toFixed(1) }),
          },
          {
            title: t('ingest.jobs.result'),
            key: 'result',
            render: (_, j) =>
              j.running ? (
                <Tag color="blue">{t('ingest.jobs.running')}</Tag>
              ) : j.lastRunAt === null ? (
                <Tag>{t('ingest.jobs.notYet')}</Tag>
              ) : j.lastError ? (
                <Tooltip title={j.lastError}>
                  <Tag color="red" data-testid="job-failed">
                    {t('ingest.jobs.failed')}
                  </Tag>
                </Tooltip>
              ) : (
                <Tag color="green">{t('ingest.jobs.ok')}</Tag>
              ),
          },
          { title: t('ingest.jobs.failures'), dataIndex: 'failures', align: 'right' },
          { title: t('ingest.jobs.nextRun'), dataIndex: 'nextRunAt', render: utc },
        ]}
      />
    </section>
  );
}
