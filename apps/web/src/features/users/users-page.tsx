import type { User, UserRole } from '@ecohelm/contracts';
import { Alert, App, Button, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FullScreenLoading } from '../../ui/full-screen-loading';
import { Panel } from '../../ui/panel';
import { useUpdateUser, useUsers } from './api/users';
import { AddUserModal, ResetPasswordModal, reasonOf, roleOptions } from './user-modals';
import styles from './users-page.module.css';
import './users-strings';

/** /users on a shore: the admins' list of accounts — add, change the role, disable or enable, reset a password. */
export function UsersPage() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const users = useUsers();
  const update = useUpdateUser();
  const [adding, setAdding] = useState(false);
  const [resetting, setResetting] = useState<User>();

  const change = async (user: User, changes: { role?: UserRole; disabled?: boolean }) => {
    try {
      await update.mutateAsync({ id: user.id, ...changes });
      void message.success(t('users.page.saved'));
    } catch (error) {
      void message.error(reasonOf(error, t));
    }
  };

  if (users.isPending) return <FullScreenLoading />;
  const columns = [
    { title: t('users.page.username'), dataIndex: 'username', key: 'username' },
    { title: t('users.page.displayName'), dataIndex: 'displayName', key: 'displayName' },
    {
      title: t('users.page.role'),
      key: 'role',
      render: (_: unknown, user: User) => (
        <Select
          aria-label={`${t('users.page.role')} ${user.username}`}
          value={user.role}
          options={roleOptions(t)}
          style={{ width: 180 }}
          onChange={(role: UserRole) => void change(user, { role })}
        />
      ),
    },
    {
      title: t('users.page.status'),
      key: 'status',
      render: (_: unknown, user: User) =>
        user.disabled ? (
          <Tag color="default">{t('users.page.disabled')}</Tag>
        ) : (
          <Tag color="green">{t('users.page.active')}</Tag>
        ),
    },
    {
      title: t('users.page.actions'),
      key: 'actions',
      render: (_: unknown, user: User) => (
        <Space>
          <Button
            size="small"
            onClick={() =>
              user.disabled
                ? void change(user, { disabled: false })
                : modal.confirm({
                    title: t('users.page.confirmDisable', { name: user.displayName }),
                    okText: t('users.page.disable'),
                    cancelText: t('users.page.cancel'),
                    onOk: () => change(user, { disabled: true }),
                  })
            }
          >
            {user.disabled ? t('users.page.enable') : t('users.page.disable')}
          </Button>
          <Button size="small" onClick={() => setResetting(user)}>
            {t('users.page.resetPassword')}
          </Button>
        </Space>
      ),
    },
  ];
  return (
    <div className={styles.page}>
      <Panel
        title={t('users.page.title')}
        extra={
          <Button type="primary" onClick={() => setAdding(true)}>
            {t('users.page.add')}
          </Button>
        }
      >
        {users.isError ? (
          <Alert
            type="error"
            role="alert"
            title={`${t('users.page.loadError')}: ${reasonOf(users.error, t)}`}
          />
        ) : (
          <Table<User>
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={users.data.items}
            columns={columns}
            locale={{ emptyText: t('users.page.empty') }}
          />
        )}
      </Panel>
      <AddUserModal open={adding} onClose={() => setAdding(false)} />
      <ResetPasswordModal user={resetting} onClose={() => setResetting(undefined)} />
    </div>
  );
}
