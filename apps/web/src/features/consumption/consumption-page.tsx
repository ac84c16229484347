import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../ui/page-frame';

/** Energy consumption distribution. */
export function ConsumptionPage() {
  const { t } = useTranslation();
  return (
    <PageFrame
      title={t('analysis.distributed.title')}
      columns={1}
      rowCount={1}
      panels={[{ id: 'consumptionDistribution', title: t('analysis.panels.consumptionDistribution') }]}
    />
  );
}
