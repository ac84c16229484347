import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../ui/page-frame';

/** Generator load assistant: running status of G/E 1–3, loads, SFC, priorities and curves. */
export function LoadPage() {
  const { t } = useTranslation();
  const title = (id: string) => t(`optimization.panels.${id}`);
  return (
    <PageFrame
      title={t('optimization.load.title')}
      actions={<Button disabled>{t('common.settings')}</Button>}
      panels={[
        { id: 'generatorStatus', title: title('generatorStatus'), span: 2 },
        { id: 'averageSfc', title: title('averageSfc') },
        { id: 'loadComparison', title: title('loadComparison') },
        { id: 'priority', title: title('priority') },
        { id: 'powerSfcCurves', title: title('powerSfcCurves') },
      ]}
    />
  );
}
