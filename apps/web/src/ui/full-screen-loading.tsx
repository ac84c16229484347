import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';

/** The full-screen loading indicator shown while a view loads (SPEC §2, text key `common.loading`). */
export function FullScreenLoading() {
  const { t } = useTranslation();
  return <Spin fullscreen size="large" description={t('common.loading')} />;
}
