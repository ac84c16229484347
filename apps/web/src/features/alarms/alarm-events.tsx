import { Spin, Timeline } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatShipTime } from '../../lib/ship-time';
import { useAlarmEvents } from './api/get-alarm-events';

/** The complete stored history of one alarm: each transition with its time and who caused it. */
export function AlarmEvents({ id, offsetMinutes }: { id: number; offsetMinutes: number }) {
  const { t } = useTranslation();
  const events = useAlarmEvents(id);
  if (events.isPending) return <Spin size="small" />;
  if (events.isError) return <span>{t('errors.unknown')}</span>;
  return (
    <Timeline
      aria-label={t('alarms.actions.events')}
      items={events.data.items.map((e) => ({
        key: e.id,
        children: (
          <span>
            {formatShipTime(e.at, offsetMinutes, 'second')} · {t(`alarms.events.${e.event}`)} ·{' '}
            {t(`alarms.states.${e.toState}`)} · {e.deviceCode ?? t('alarms.events.byEngine')}
          </span>
        ),
      }))}
    />
  );
}
