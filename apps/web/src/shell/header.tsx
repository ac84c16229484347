import type { PageConfig } from '@ecohelm/contracts';
import { useTranslation } from 'react-i18next';
import { shipScope } from '../lib/ship-scope';
import styles from './header.module.css';
import { type HeaderSlots, HeaderTools } from './header-tools';
import type { RouteEntry } from './route-table';
import { TopMenu } from './top-menu';

/** The console header: product name, top menu, tools. */
export function Header({
  root,
  config,
  slots,
}: {
  root: RouteEntry;
  config: PageConfig;
  slots: HeaderSlots;
}) {
  const { t } = useTranslation();
  return (
    <header className={styles.header}>
      {/* Inside one ship's console on a shore, the ship takes the product name's place. */}
      {shipScope() ? slots.scope : <div className={styles.brand}>{t('common.appName')}</div>}
      <TopMenu root={root} />
      <HeaderTools
        shipTimeOffsetMinutes={config.shipTimeOffsetMinutes}
        dcHomeLink={config.dcHomeLink}
        slots={slots}
      />
    </header>
  );
}
