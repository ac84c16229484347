import type { StartInfo } from '@ecohelm/contracts';
import { App, Button, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageConfig } from '../../lib/page-config';
import { formatShipTime } from '../../lib/ship-time';
import { AuditHistoryButton } from '../../ui/audit-history';
import { enteredCell } from '../../ui/entered-text';
import { useDeleteStartInfo } from './api/delete-start-info';
import { useStartInfo } from './api/get-start-info';
import { StartInfoModal } from './start-info-modal';

/** The start-info list (initial info change types of SPEC §3) with its form modal. */
export function StartInfoList({ canWrite }: { canWrite: boolean }) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const { config } = usePageConfig();
  const list = useStartInfo();
  const remove = useDeleteStartInfo();
  const [editing, setEditing] = useState<{ open: boolean; entry?: StartInfo | undefined }>({ open: false });

  return (
    <div>
      <Space style={{ marginBottom: 8 }}>
        <Button type="primary" disabled={!canWrite} onClick={() => setEditing({ open: true })}>
          {t('ship.startInfo.add')}
        </Button>
      </Space>
      <Table<StartInfo>
        size="small"
        rowKey="id"
        loading={list.isPending}
        dataSource={list.data?.items ?? []}
        pagination={false}
        aria-label={t('ship.startInfo.title')}
        columns={[
          {
            title: t('ship.startInfo.changeType'),
            dataIndex: 'changeType',
            render: (v) => t(`ship.changeTypes.${v}`),
          },
          {
            title: t('ship.startInfo.startTime'),
            dataIndex: 'startTime',
            render: (v) => formatShipTime(v, config.shipTimeOffsetMinutes),
          },
          {
            title: t('ship.startInfo.portNameEn'),
            dataIndex: 'portNameEn',
            render: (v) => enteredCell(v) ?? '—',
          },
          {
            title: t('ship.startInfo.robs'),
            dataIndex: 'robs',
            render: (robs: StartInfo['robs']) =>
              robs.length ? robs.map((r) => `${t(`ship.fuels.${r.fuelType}`)} ${r.robT}`).join(', ') : '—',
          },
          {
            title: t('ship.startInfo.actions'),
            key: 'actions',
            render: (_, entry) => (
              <Space>
                <Button size="small" disabled={!canWrite} onClick={() => setEditing({ open: true, entry })}>
                  {t('ship.actions.edit')}
                </Button>
                <Button
                  size="small"
                  danger
                  disabled={!canWrite}
                  onClick={() =>
                    modal.confirm({
                      title: t('ship.messages.deleteConfirm'),
                      okText: t('ship.actions.ok'),
                      cancelText: t('ship.actions.cancel'),
                      onOk: async () => {
                        await remove.mutateAsync(entry.id);
                        void message.success(t('ship.messages.modified'));
                      },
                    })
                  }
                >
                  {t('ship.actions.delete')}
                </Button>
                <AuditHistoryButton entity="start_info" entityId={entry.id} type="default" />
              </Space>
            ),
          },
        ]}
      />
      <StartInfoModal open={editing.open} entry={editing.entry} onClose={() => setEditing({ open: false })} />
    </div>
  );
}
