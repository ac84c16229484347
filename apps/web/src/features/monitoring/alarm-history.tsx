import type { Alarm, MonitoringUnit } from '@ecohelm/contracts';
import { Empty, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePageConfig } from '../../lib/page-config';
import { formatShipTime } from '../../lib/ship-time';
import { useEquipmentAlarms } from './api/get-equipment-alarms';
import { KEY_FACTORS } from './factors';

const PRIORITY_COLOURS: Record<Alarm['priority'], string> = {
  alarm: 'red',
  warning: 'orange',
  caution: 'gold',
};

/** The alarms of one unit from the alarm engine's history, newest first. */
export function AlarmHistory({ unit }: { unit: MonitoringUnit }) {
  const { t } = useTranslation();
  const { config } = usePageConfig();
  const { data, isPending } = useEquipmentAlarms(unit);
  const factorOf = (channel: string | null) => KEY_FACTORS[unit].find((f) => f.channel === channel);
  const item = (a: Alarm) => {
    const f = factorOf(a.channel);
    return f ? t(`monitoring.factors.${f.key}`, f.n ? { n: f.n } : {}) : t(`monitoring.units.${unit}`);
  };
  const num = (v: number | null) => (v === null ? '' : Math.abs(v) >= 100 ? v.toFixed(0) : v.toFixed(2));
  return (
    <Table<Alarm>
      size="small"
      rowKey="id"
      loading={isPending}
      dataSource={data?.items ?? []}
      pagination={false}
      scroll={{ y: 300 }}
      locale={{
        emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('monitoring.alarms.empty')} />,
      }}
      columns={[
        {
          title: t('monitoring.alarms.time'),
          dataIndex: 'raisedAt',
          width: 150,
          render: (v: string) => formatShipTime(v, config.shipTimeOffsetMinutes, 'second'),
        },
        { title: t('monitoring.alarms.item'), key: 'item', render: (_, a) => item(a) },
        {
          title: t('monitoring.alarms.condition'),
          dataIndex: 'condition',
          render: (c: Alarm['condition'], a) => (
            <Tag color={PRIORITY_COLOURS[a.priority]}>{t(`monitoring.alarms.conditions.${c}`)}</Tag>
          ),
        },
        {
          title: t('monitoring.alarms.value'),
          key: 'value',
          render: (_, a) => (a.value === null ? '—' : `${num(a.value)} / ${num(a.limit)} ${a.unit ?? ''}`),
        },
        {
          title: t('monitoring.alarms.state'),
          dataIndex: 'state',
          render: (s: Alarm['state']) => t(`monitoring.alarms.states.${s}`),
        },
      ]}
    />
  );
}
