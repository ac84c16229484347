import type { DeviceLoginRequest } from '@ecohelm/contracts';
import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { LoginFrame } from '../../ui/login-frame';
import { loginErrorKey, useDeviceLogin } from './use-device-login';

/** /dcLogin: device code + secret → device token (outside the layout). */
export function DeviceLoginPage() {
  const { t } = useTranslation();
  const login = useDeviceLogin();
  return (
    <LoginFrame
      title={t('session.title')}
      subtitle={t('session.subtitle')}
      error={login.isError ? t(loginErrorKey(login.error)) : undefined}
    >
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
    </LoginFrame>
  );
}
