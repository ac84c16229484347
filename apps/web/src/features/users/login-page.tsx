import type { UserLoginRequest } from '@ecohelm/contracts';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { LoginForm, LoginFrame } from '../../ui/login-frame';
import { loginError, useUserLogin } from './api/login';
import './users-strings';

/** /login on a shore: user name + password → a user session (outside the layout). */
export function LoginPage() {
  const { t } = useTranslation();
  const login = useUserLogin();
  const failure = login.isError ? loginError(login.error) : undefined;
  return (
    <LoginFrame
      title={t('users.login.title')}
      subtitle={t('users.login.subtitle')}
      error={failure ? t(failure.key, { minutes: failure.minutes }) : undefined}
    >
      <LoginForm<UserLoginRequest>
        secret={{
          name: 'password',
          label: t('users.login.password'),
          required: t('users.login.passwordRequired'),
        }}
        submit={t('users.login.submit')}
        pending={login.isPending}
        onFinish={(values) => login.mutate({ username: values.username.trim(), password: values.password })}
      >
        <Form.Item
          name="username"
          label={t('users.login.username')}
          rules={[{ required: true, whitespace: true, message: t('users.login.usernameRequired') }]}
        >
          <Input autoComplete="username" autoFocus size="large" maxLength={64} />
        </Form.Item>
      </LoginForm>
    </LoginFrame>
  );
}
