import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../ui/page-frame';

/** Trim optimization: trim and heel monitors by speed and draft, curve and details. */
export function TrimPage() {
  const { t } = useTranslation();
  const title = (id: string) => t(`optimization.panels.${id}`);
  return (
    <PageFrame
      title={t('optimization.trim.title')}
      panels={[
        { id: 'trimMonitor', title: title('trimMonitor') },
        { id: 'heelMonitor', title: title('heelMonitor') },
        { id: 'trimDetail', title: title('trimDetail') },
        { id: 'trimCurve', title: title('trimCurve'), span: 3 },
      ]}
    />
  );
}
