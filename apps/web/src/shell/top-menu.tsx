import { Menu } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { safeStorage, storageKeys } from '../lib/storage';
import { buildMenuItems, findEntry, menuTarget, selectedMenuKey } from './menu-model';
import type { RouteEntry } from './route-table';

/** The top navigation menu built from the route table's root entry (SPEC §2 "Shell"). */
export function TopMenu({ root }: { root: RouteEntry }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const items = useMemo(
    () => buildMenuItems(root, t).map((item) => ({ ...item, type: 'item' as const })),
    [root, t],
  );
  const selected = selectedMenuKey(root, pathname);

  const onSelect = (key: string) => {
    const entry = findEntry(root, key);
    if (!entry) return;
    const target = menuTarget(entry, safeStorage.getItem(storageKeys.accessToken));
    if (target.kind === 'external') window.open(target.url, '_blank', 'noopener');
    else navigate(target.path);
  };

  return (
    <Menu
      mode="horizontal"
      theme="dark"
      aria-label={t('header.menu')}
      selectedKeys={selected ? [selected] : []}
      items={items}
      onClick={({ key }) => onSelect(key)}
      style={{ flex: 1, minWidth: 0, background: 'transparent', borderBottom: 'none', fontSize: 17 }}
    />
  );
}
