import { Button, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { HomeIcon, ReloadIcon } from '../ui/icons';
import { LanguageToggle } from '../ui/language-toggle';
import styles from './header.module.css';
import { useShipClock } from './use-clock';

/** Header tools that belong to features (alarms' bell, ingest's data sources), composed in by the app. */
export interface HeaderSlots {
  alarms?: ReactNode;
  dataSources?: ReactNode;
  /** The signed-in user's menu (shore only: users, log out). */
  account?: ReactNode;
  /** Which ship a shore's console shows, with the way back to the fleet (shore only). */
  scope?: ReactNode;
}

export interface HeaderToolsProps {
  shipTimeOffsetMinutes: number;
  dcHomeLink: string;
  slots: HeaderSlots;
}

/** Right side of the header: clock, reload, notifications, language, portal home (SPEC §2 "Shell"). */
export function HeaderTools({ shipTimeOffsetMinutes, dcHomeLink, slots }: HeaderToolsProps) {
  const { t } = useTranslation();
  const clock = useShipClock(shipTimeOffsetMinutes);
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
      {slots.alarms}
      {slots.dataSources}
      <LanguageToggle />
      {slots.account}
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
