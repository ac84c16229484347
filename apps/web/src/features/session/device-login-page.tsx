import type { DeviceLoginRequest } from '@ecohelm/contracts';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { addAreaStrings } from '../../i18n';
import sessionEn from '../../i18n/locales/en_US/session.json';
import sessionZh from '../../i18n/locales/zh_CN/session.json';
import { LoginForm, LoginFrame } from '../../ui/login-frame';
import { loginErrorKey, useDeviceLogin } from './use-device-login';

// The page's strings, added when its code loads: they are not in the first route's language chunk (i18n/shell-areas.ts).
addAreaStrings('session', { en_US: sessionEn, zh_CN: sessionZh });

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
      <LoginForm<DeviceLoginRequest>
        secret={{ name: 'secret', label: t('session.secret'), required: t('session.secretRequired') }}
        submit={t('session.submit')}
        pending={login.isPending}
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
      </LoginForm>
    </LoginFrame>
  );
}
