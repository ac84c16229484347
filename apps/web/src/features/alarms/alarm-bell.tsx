import { Badge, Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { BellIcon } from '../../ui/icons';
import { useActiveAlarms } from './api/get-active-alarms';
import { useAlarmSound } from './use-alarm-sound';

/** The header's notifications button: unread count, audible signal, highlighted on /notification (SPEC §2). */
export function AlarmBell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const onNotifications = pathname.startsWith('/notification');
  const alarms = useActiveAlarms().data;
  const unread = alarms?.unread ?? 0;
  useAlarmSound(alarms?.items);
  return (
    <Tooltip title={t('header.notifications')}>
      <Badge
        count={unread}
        size="small"
        overflowCount={99}
        title={t('alarms.unreadCount', { count: unread })}
      >
        <Button
          type={onNotifications ? 'primary' : 'text'}
          icon={<BellIcon />}
          aria-label={t('header.notifications')}
          aria-current={onNotifications ? 'page' : undefined}
          aria-description={unread > 0 ? t('alarms.unreadCount', { count: unread }) : undefined}
          onClick={() => navigate('/notification')}
        />
      </Badge>
    </Tooltip>
  );
}
