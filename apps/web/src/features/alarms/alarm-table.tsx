import type { Alarm, AlarmPriority } from '@ecohelm/contracts';
import { App, Button, Space, Table, type TablePaginationConfig, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../lib/api-client';
import { formatShipTime } from '../../lib/ship-time';
import { AlarmEvents } from './alarm-events';
import { alarmMessage } from './alarm-text';
import styles from './alarms.module.css';
import { useAcknowledgeAlarm } from './api/acknowledge-alarm';
import { useMarkAlarmsRead } from './api/mark-alarms-read';
import { useSilenceAlarm } from './api/silence-alarm';

const priorityColor: Record<AlarmPriority, string> = { alarm: 'red', warning: 'orange', caution: 'blue' };
const stateColor: Record<Alarm['state'], string> = {
  active_unacknowledged: 'red',
  active_silenced: 'volcano',
  active_acknowledged: 'gold',
  rectified_unacknowledged: 'purple',
  cleared: 'default',
};
const unacknowledged = (a: Alarm) =>
  a.state === 'active_unacknowledged' ||
  a.state === 'active_silenced' ||
  a.state === 'rectified_unacknowledged';

export interface AlarmTableProps {
  items: Alarm[];
  loading: boolean;
  realtime: boolean;
  canAcknowledge: boolean;
  offsetMinutes: number;
  pagination: false | TablePaginationConfig;
  label: string;
  /** Height of the scrolling body, px (the page is laid out at 1920 × 1080). */
  scrollY: number;
}

/** Alarms as a table: real-time with acknowledge and silence, history with each alarm's transitions. */
export function AlarmTable(props: AlarmTableProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const ack = useAcknowledgeAlarm();
  const silence = useSilenceAlarm();
  const read = useMarkAlarmsRead();
  const fail = (e: unknown) => void message.error(t((e as ApiError).messageKey ?? 'errors.unknown'));

  return (
    <Table<Alarm>
      size="small"
      rowKey="id"
      aria-label={props.label}
      loading={props.loading}
      dataSource={props.items}
      pagination={props.pagination}
      scroll={{ y: props.scrollY }}
      rowClassName={(a) => (a.read ? '' : styles.unread!)}
      locale={{ emptyText: t(props.realtime ? 'alarms.realtimeEmpty' : 'alarms.historyEmpty') }}
      expandable={
        props.realtime
          ? undefined
          : { expandedRowRender: (a) => <AlarmEvents id={a.id} offsetMinutes={props.offsetMinutes} /> }
      }
      columns={[
        {
          title: t('alarms.columns.time'),
          dataIndex: 'raisedAt',
          width: 170,
          render: (v: string) => formatShipTime(v, props.offsetMinutes, 'second'),
        },
        {
          title: t('alarms.columns.type'),
          dataIndex: 'category',
          width: 150,
          render: (v: Alarm['category']) => t(`alarms.panels.${v}`),
        },
        {
          title: t('alarms.columns.equipment'),
          dataIndex: 'equipment',
          width: 110,
          render: (v: Alarm['equipment']) => t(`alarms.equipment.${v}`),
        },
        {
          title: t('alarms.columns.message'),
          key: 'message',
          render: (_, a) => (
            <span>
              {a.read ? null : <span className={styles.dot} role="img" aria-label={t('alarms.unread')} />}
              {alarmMessage(a, t)}
            </span>
          ),
        },
        {
          title: t('alarms.columns.priority'),
          dataIndex: 'priority',
          width: 120,
          render: (v: AlarmPriority, a) => (
            <Space size={4}>
              <Tag color={priorityColor[v]}>{t(`alarms.priorities.${v}`)}</Tag>
              {a.escalated ? <Tag color="magenta">{t('alarms.escalated')}</Tag> : null}
            </Space>
          ),
        },
        {
          title: t('alarms.columns.state'),
          dataIndex: 'state',
          width: 190,
          render: (v: Alarm['state'], a) => (
            <Tooltip
              title={
                a.silencedUntil
                  ? t('alarms.silencedUntil', {
                      time: formatShipTime(a.silencedUntil, props.offsetMinutes, 'second'),
                    })
                  : undefined
              }
            >
              <Tag color={stateColor[v]}>{t(`alarms.states.${v}`)}</Tag>
            </Tooltip>
          ),
        },
        {
          title: t('alarms.columns.acknowledgedBy'),
          dataIndex: 'acknowledgedBy',
          width: 130,
          render: (v: string | null) => v ?? '—',
        },
        ...(props.realtime
          ? []
          : [
              {
                title: t('alarms.columns.cleared'),
                dataIndex: 'clearedAt',
                width: 170,
                render: (v: string | null) => formatShipTime(v, props.offsetMinutes, 'second'),
              },
            ]),
        {
          title: t('alarms.columns.actions'),
          key: 'actions',
          width: props.realtime ? 300 : 120,
          render: (_, a) => (
            <Space size={6}>
              {props.realtime && a.state === 'active_unacknowledged' ? (
                <Button
                  size="small"
                  disabled={!props.canAcknowledge}
                  loading={silence.isPending && silence.variables === a.id}
                  onClick={() => silence.mutate(a.id, { onError: fail })}
                >
                  {t('alarms.actions.silence')}
                </Button>
              ) : null}
              {props.realtime && unacknowledged(a) ? (
                <Button
                  size="small"
                  type="primary"
                  disabled={!props.canAcknowledge}
                  loading={ack.isPending && ack.variables === a.id}
                  onClick={() => ack.mutate(a.id, { onError: fail })}
                >
                  {t('alarms.actions.acknowledge')}
                </Button>
              ) : null}
              {a.read ? null : (
                <Button size="small" type="link" onClick={() => read.mutate([a.id], { onError: fail })}>
                  {t('alarms.actions.markRead')}
                </Button>
              )}
            </Space>
          ),
        },
      ]}
    />
  );
}
