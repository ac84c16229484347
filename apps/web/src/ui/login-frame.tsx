import { Alert } from 'antd';
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
