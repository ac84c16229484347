import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../ui/page-frame';

/** Equipment assessment: energy assessment (with its detail modal later) and device parameters. */
export function EquipmentPage() {
  const { t } = useTranslation();
  const title = (id: string) => t(`analysis.panels.${id}`);
  return (
    <PageFrame
      title={t('analysis.device.title')}
      columns={2}
      rowCount={1}
      panels={[
        { id: 'energyAssessment', title: title('energyAssessment') },
        { id: 'equipmentParameters', title: title('equipmentParameters') },
      ]}
    />
  );
}
