import { Button, Dropdown } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePageConfig } from '../../lib/page-config';
import { withStyles } from '../../ui/on-demand';
import { useLogout, useUserSession } from './api/session';
import './users-strings';

// The dialog and its form rules load when the user opens it.
const ChangePasswordModal = lazy(
  withStyles(() => import('./user-modals').then((m) => ({ default: m.ChangePasswordModal }))),
);

/** The header's account menu on a shore: who is signed in, the users page (admins), own password, log out. */
export function AccountMenu() {
  const { t } = useTranslation();
  const { config } = usePageConfig();
  const session = useUserSession(config.shape === 'fleet');
  const logout = useLogout();
  const navigate = useNavigate();
  const [changing, setChanging] = useState(false);
  if (config.shape !== 'fleet') return null;
  const user = session.data?.user;
  const admin = session.data?.permissions.includes('users:write') ?? false;
  const items = [
    ...(admin ? [{ key: 'users', label: t('users.account.users') }] : []),
    { key: 'password', label: t('users.account.changePassword') },
    { key: 'logout', label: t('users.account.logout') },
  ];
  const choose = (key: string) => {
    if (key === 'users') void navigate('/users');
    else if (key === 'password') setChanging(true);
    else logout.mutate();
  };
  return (
    <>
      <Dropdown trigger={['click']} menu={{ items, onClick: ({ key }) => choose(key) }}>
        <Button type="text" aria-label={t('users.account.menu')}>
          {user?.displayName ?? t('users.account.menu')}
        </Button>
      </Dropdown>
      {changing ? (
        <Suspense fallback={null}>
          <ChangePasswordModal open onClose={() => setChanging(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
