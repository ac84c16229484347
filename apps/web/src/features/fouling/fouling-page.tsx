import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../ui/page-frame';

/** Hull fouling: coefficient trend, tips, cleaning records and curves. */
export function FoulingPage() {
  const { t } = useTranslation();
  const title = (id: string) => t(`optimization.panels.${id}`);
  return (
    <PageFrame
      title={t('optimization.fouling.title')}
      actions={<Button disabled>{t('optimization.addRecord')}</Button>}
      panels={[
        { id: 'foulingTrend', title: title('foulingTrend'), span: 2 },
        { id: 'foulingTips', title: title('foulingTips') },
        { id: 'cleaningRecords', title: title('cleaningRecords'), span: 2 },
        { id: 'foulingCurves', title: title('foulingCurves') },
      ]}
    />
  );
}
