import { type AlarmLimitSetting, alarmEquipmentOrder } from '@ecohelm/contracts';
import { Button, Modal, Select, Space, Table, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { channelLabel } from '../../lib/channel-label';
import { usePageConfig } from '../../lib/page-config';
import { formatShipTime } from '../../lib/ship-time';
import { useGlobalStore } from '../../lib/store';
import { useAlarmLimits } from './api/get-alarm-limits';
import { LimitEditor } from './limit-editor';

/** The alarm-limit settings of every channel, by equipment; each row opens the editor. */
export function LimitsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const limits = useAlarmLimits(open);
  const offset = usePageConfig().config.shipTimeOffsetMinutes;
  const [equipment, setEquipment] = useState('me');
  const [editing, setEditing] = useState<AlarmLimitSetting | undefined>();
  const permissions = useGlobalStore((s) => s.permissions);
  const canWrite = permissions.length === 0 || permissions.includes('settings:write');
  const show = (v: number | null) => (v === null ? t('alarms.limits.off') : String(v));
  const rows = (limits.data?.items ?? []).filter((s) => s.equipment === equipment);

  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      width={1280}
      title={t('alarms.limits.title')}
      destroyOnHidden
    >
      <Space style={{ marginBottom: 12 }}>
        <Select
          aria-label={t('alarms.filters.equipment')}
          style={{ width: 180 }}
          value={equipment}
          onChange={setEquipment}
          options={alarmEquipmentOrder.map((e) => ({ value: e, label: t(`alarms.equipment.${e}`) }))}
        />
        {canWrite ? null : <Tag>{t('alarms.limits.noPermission')}</Tag>}
      </Space>
      <Table<AlarmLimitSetting>
        size="small"
        rowKey="channel"
        aria-label={t('alarms.limits.title')}
        loading={limits.isPending}
        dataSource={rows}
        pagination={false}
        scroll={{ y: 520 }}
        columns={[
          {
            title: t('alarms.limits.channel'),
            key: 'channel',
            render: (_, s) =>
              s.updatedAt ? (
                <Tooltip
                  title={t('alarms.limits.customised', {
                    time: formatShipTime(s.updatedAt, offset, 'second'),
                    device: s.updatedBy ?? '—',
                  })}
                >
                  <span>{channelLabel(s.channel, t)} *</span>
                </Tooltip>
              ) : (
                channelLabel(s.channel, t)
              ),
          },
          { title: t('alarms.limits.unit'), dataIndex: 'unit', width: 80 },
          {
            title: t('alarms.limits.range'),
            key: 'range',
            width: 140,
            render: (_, s) => `${s.range[0]} … ${s.range[1]}`,
          },
          ...(['lowlow', 'low', 'high', 'highhigh'] as const).map((level) => ({
            title: t(`alarms.limits.${level}`),
            key: level,
            width: 100,
            render: (_: unknown, s: AlarmLimitSetting) => show(s.limits[level]),
          })),
          { title: t('alarms.limits.hysteresis'), dataIndex: 'hysteresis', width: 100 },
          { title: t('alarms.limits.delaySeconds'), dataIndex: 'delaySeconds', width: 90 },
          {
            title: t('alarms.limits.enabled'),
            dataIndex: 'enabled',
            width: 80,
            render: (v: boolean) => (v ? '✓' : t('alarms.limits.off')),
          },
          {
            title: t('alarms.columns.actions'),
            key: 'actions',
            width: 90,
            render: (_, s) => (
              <Button size="small" disabled={!canWrite} onClick={() => setEditing(s)}>
                {t('alarms.limits.edit')}
              </Button>
            ),
          },
        ]}
      />
      {editing ? <LimitEditor setting={editing} onClose={() => setEditing(undefined)} /> : null}
    </Modal>
  );
}
