import type { DeviceLoginRequest } from '@ecohelm/contracts';
import { Alert, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { LanguageToggle } from '../../ui/language-toggle';
import styles from './device-login-page.module.css';
import { loginErrorKey, useDeviceLogin } from './use-device-login';

/** /dcLogin: device code + secret → device token (outside the layout). */
export function DeviceLoginPage() {
  const { t } = useTranslation();
  const login = useDeviceLogin();
  return (
    <div className={styles.screen}>
      <div className={styles.corner}>
        <LanguageToggle />
      </div>
      <main className={styles.card}>
        <div className={styles.brand}>{t('common.appName')}</div>
        <h1 className={styles.title}>{t('session.title')}</h1>
        <p className={styles.subtitle}>{t('session.subtitle')}</p>
        {login.isError ? (
          <Alert
            type="error"
            showIcon
            role="alert"
            title={t(loginErrorKey(login.error))}
            className={styles.alert}
          />
        ) : null}
        <Form<DeviceLoginRequest>
          layout="vertical"
          requiredMark={false}
          onFinish={(values) => login.mutate({ code: values.code.trim(), secret: values.secret })}
        >
          <Form.Item
            name="code"
            label={t('session.code')}
            rules={[
              { required: true, whitespace: true, message: t('session.codeRequired') },
              { max: 32, message: t('session.codeTooLong') },
            ]}
          >
            <Input autoComplete="username" autoFocus size="large" />
          </Form.Item>
          <Form.Item
            name="secret"
            label={t('session.secret')}
            rules={[{ required: true, message: t('session.secretRequired') }]}
          >
            <Input.Password autoComplete="current-password" size="large" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block size="large" loading={login.isPending}>
            {t('session.submit')}
          </Button>
        </Form>
      </main>
    </div>
  );
}
