import { Badge, Button, Tooltip } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useActiveAlarms } from '../features/notification/api/get-active-alarms';
import { useAlarmSound } from '../features/notification/use-alarm-sound';
import { BellIcon, DataIcon, HomeIcon, ReloadIcon } from '../ui/icons';
import { LanguageToggle } from '../ui/language-toggle';
import styles from './header.module.css';
import { useShipClock } from './use-clock';

// Loaded when first opened: its tables, upload and progress stay out of the shell's first load.
const DataSourcesModal = lazy(() =>
  import('../features/data-import/data-sources-modal').then((m) => ({ default: m.DataSourcesModal })),
);

export interface HeaderToolsProps {
  shipTimeOffsetMinutes: number;
  dcHomeLink: string;
}

/** Right side of the header: clock, reload, notifications, language, portal home (SPEC §2 "Shell"). */
export function HeaderTools({ shipTimeOffsetMinutes, dcHomeLink }: HeaderToolsProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const clock = useShipClock(shipTimeOffsetMinutes);
  const onNotifications = pathname.startsWith('/notification');
  const alarms = useActiveAlarms().data;
  const unread = alarms?.unread ?? 0;
  useAlarmSound(alarms?.items);
  const [dataOpen, setDataOpen] = useState(false);
  return (
    <div className={styles.tools}>
      <div role="timer" className={styles.clock} aria-label={t('header.clock')} aria-live="off">
        {clock}
      </div>
      <Tooltip title={t('header.reload')}>
        <Button
          type="text"
          icon={<ReloadIcon />}
          aria-label={t('header.reload')}
          onClick={() => window.location.reload()}
        />
      </Tooltip>
      <Tooltip title={t('header.notifications')}>
        <Badge
          count={unread}
          size="small"
          overflowCount={99}
          title={t('notification.unreadCount', { count: unread })}
        >
          <Button
            type={onNotifications ? 'primary' : 'text'}
            icon={<BellIcon />}
            aria-label={t('header.notifications')}
            aria-current={onNotifications ? 'page' : undefined}
            aria-description={unread > 0 ? t('notification.unreadCount', { count: unread }) : undefined}
            onClick={() => navigate('/notification')}
          />
        </Badge>
      </Tooltip>
      <Tooltip title={t('dataImport.open')}>
        <Button
          type="text"
          icon={<DataIcon />}
          aria-label={t('dataImport.open')}
          onClick={() => setDataOpen(true)}
        />
      </Tooltip>
      {dataOpen ? (
        <Suspense fallback={null}>
          <DataSourcesModal open={dataOpen} onClose={() => setDataOpen(false)} />
        </Suspense>
      ) : null}
      <LanguageToggle />
      <Tooltip title={t('header.home')}>
        <Button
          type="text"
          icon={<HomeIcon />}
          aria-label={t('header.home')}
          href={dcHomeLink || undefined}
          disabled={!dcHomeLink}
        />
      </Tooltip>
    </div>
  );
}
