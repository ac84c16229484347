import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePageConfig } from '../../lib/page-config';
import { useLogout, useUserSession } from './api/session';

/** The header's account menu on a shore: who is signed in, the users page (admins), log out. */
export function AccountMenu() {
  const { t } = useTranslation();
  const { config } = usePageConfig();
  const session = useUserSession(config.shape === 'fleet');
  const logout = useLogout();
  const navigate = useNavigate();
  if (config.shape !== 'fleet') return null;
  const user = session.data?.user;
  const admin = session.data?.permissions.includes('users:write') ?? false;
  const items = [
    ...(admin ? [{ key: 'users', label: t('users.account.users') }] : []),
    { key: 'logout', label: t('users.account.logout') },
  ];
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items,
        onClick: ({ key }) => (key === 'users' ? navigate('/users') : logout.mutate()),
      }}
    >
      <Button type="text" aria-label={t('users.account.menu')}>
        {user?.displayName ?? t('users.account.menu')}
      </Button>
    </Dropdown>
  );
}
