import { Alert, Button, Form, Input } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageToggle } from './language-toggle';
import styles from './login-frame.module.css';

/**
 * The frame of a login screen outside the console's layout (a ship's device login, a shore user's login): the
 * language toggle, the product's name, the title and subtitle, the failure if any, and the form.
 */
export function LoginFrame({
  title,
  subtitle,
  error,
  children,
}: {
  title: string;
  subtitle: string;
  /** The failed attempt's message, shown above the form. */
  error?: string | undefined;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className={styles.screen}>
      <div className={styles.corner}>
        <LanguageToggle />
      </div>
      <main className={styles.card}>
        <div className={styles.brand}>{t('common.appName')}</div>
        <h1 className={styles.title}>{title}</h1>
        <p className={styles.subtitle}>{subtitle}</p>
        {error ? <Alert type="error" showIcon role="alert" title={error} className={styles.alert} /> : null}
        {children}
      </main>
    </div>
  );
}

/**
 * A login screen's form: the name field given as children, then the secret's field (required) and the submit
 * button, busy while the attempt is under way.
 */
export function LoginForm<T>({
  secret,
  submit,
  pending,
  onFinish,
  children,
}: {
  /** The secret's form name, label and the message when it is left empty. */
  secret: { name: string; label: string; required: string };
  submit: string;
  pending: boolean;
  onFinish: (values: T) => void;
  children: ReactNode;
}) {
  return (
    <Form<T> layout="vertical" requiredMark={false} onFinish={onFinish}>
      {children}
      <Form.Item
        name={secret.name}
        label={secret.label}
        rules={[{ required: true, message: secret.required }]}
      >
        <Input.Password autoComplete="current-password" size="large" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block size="large" loading={pending}>
        {submit}
      </Button>
    </Form>
  );
}
