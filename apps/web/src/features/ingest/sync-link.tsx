import type { FleetShip } from '@ecohelm/contracts';
import { Descriptions, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSyncStatus } from './api/get-sync-status';

const utc = (v: string | null) => (v ? `${v.replace('T', ' ').slice(0, 19)} UTC` : '—');

/**
 * The ship-to-shore link (fleet sync) when one is configured: on a ship, whether it is up, what waits to be sent
 * and since when, and the last acknowledgement from the shore; on the shore, the ships heard from. Nothing when
 * the sync is off or its state cannot be read.
 */
export function SyncLink({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation();
  const { data } = useSyncStatus(enabled);
  if (!data || data.role === 'off') return null;
  return (
    <section aria-label={t('ingest.sync.title')} style={{ marginBottom: 12 }}>
      <h4 style={{ marginTop: 0 }}>{t('ingest.sync.title')}</h4>
      <Descriptions size="small" bordered column={2}>
        <Descriptions.Item label={t('ingest.sync.state')}>
          <Tag color={data.connected ? 'green' : 'orange'} data-testid="sync-state">
            {t(data.connected ? 'ingest.sync.connected' : 'ingest.sync.disconnected')}
          </Tag>
        </Descriptions.Item>
        <Descriptions.Item label={t('ingest.sync.lastContact')}>{utc(data.lastContactAt)}</Descriptions.Item>
        {data.role === 'ship' ? (
          <>
            <Descriptions.Item label={t('ingest.sync.shipId')}>{data.shipId ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('ingest.sync.cap')}>
              {data.maxKbits === null ? '—' : `${data.maxKbits} kbit/s`}
            </Descriptions.Item>
            <Descriptions.Item label={t('ingest.sync.backlog')}>{data.backlog.count}</Descriptions.Item>
            <Descriptions.Item label={t('ingest.sync.oldest')}>
              {utc(data.backlog.oldestAt)}
            </Descriptions.Item>
          </>
        ) : null}
        {data.error ? (
          <Descriptions.Item label={t('ingest.sync.error')} span={2}>
            {data.error}
          </Descriptions.Item>
        ) : null}
      </Descriptions>
      {data.role === 'shore' ? (
        <Table<FleetShip>
          size="small"
          rowKey="shipId"
          dataSource={data.ships}
          pagination={false}
          style={{ marginTop: 8 }}
          columns={[
            { title: t('ingest.sync.shipId'), dataIndex: 'shipId' },
            { title: t('ingest.sync.name'), dataIndex: 'name', render: (v: string | null) => v ?? '—' },
            { title: t('ingest.sync.lastContact'), dataIndex: 'lastContactAt', render: utc },
            { title: t('ingest.sync.records'), dataIndex: 'records', align: 'right' },
            { title: t('ingest.sync.rollups'), dataIndex: 'rollups', align: 'right' },
          ]}
        />
      ) : null}
    </section>
  );
}
