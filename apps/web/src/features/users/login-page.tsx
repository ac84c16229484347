import type { UserLoginRequest } from '@ecohelm/contracts';
import { Alert, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { LanguageToggle } from '../../ui/language-toggle';
import { loginError, useUserLogin } from './api/login';
import styles from './login-page.module.css';

/** /login on a shore: user name + password → a user session (outside the layout). */
export function LoginPage() {
  const { t } = useTranslation();
  const login = useUserLogin();
  const failure = login.isError ? loginError(login.error) : undefined;
  return (
    <div className={styles.screen}>
      <div className={styles.corner}>
        <LanguageToggle />
      </div>
      <main className={styles.card}>
        <div className={styles.brand}>{t('common.appName')}</div>
        <h1 className={styles.title}>{t('users.login.title')}</h1>
        <p className={styles.subtitle}>{t('users.login.subtitle')}</p>
        {failure ? (
          <Alert
            type="error"
            showIcon
            role="alert"
            title={t(failure.key, { minutes: failure.minutes })}
            className={styles.alert}
          />
        ) : null}
        <Form<UserLoginRequest>
          layout="vertical"
          requiredMark={false}
          onFinish={(values) => login.mutate({ username: values.username.trim(), password: values.password })}
        >
          <Form.Item
            name="username"
            label={t('users.login.username')}
            rules={[{ required: true, whitespace: true, message: t('users.login.usernameRequired') }]}
          >
            <Input autoComplete="username" autoFocus size="large" maxLength={64} />
          </Form.Item>
          <Form.Item
            name="password"
            label={t('users.login.password')}
            rules={[{ required: true, message: t('users.login.passwordRequired') }]}
          >
            <Input.Password autoComplete="current-password" size="large" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block size="large" loading={login.isPending}>
            {t('users.login.submit')}
          </Button>
        </Form>
      </main>
    </div>
  );
}
