import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../ui/page-frame';

/** Energy reports: fuel oil report, bunker records, oil change records. */
export function EnergyReportPage() {
  const { t } = useTranslation();
  const title = (id: string) => t(`analysis.panels.${id}`);
  return (
    <PageFrame
      title={t('analysis.report.title')}
      rowCount={1}
      panels={[
        { id: 'fuelOilReport', title: title('fuelOilReport') },
        { id: 'bunkerRecords', title: title('bunkerRecords') },
        { id: 'oilChangeRecords', title: title('oilChangeRecords') },
      ]}
    />
  );
}
