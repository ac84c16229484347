import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../ui/page-frame';

/** Parameter analysis: track, key-factor trends, fuel statistics. */
export function ParamsPage() {
  const { t } = useTranslation();
  const title = (id: string) => t(`analysis.panels.${id}`);
  return (
    <PageFrame
      title={t('analysis.params.title')}
      panels={[
        { id: 'navigationTrack', title: title('navigationTrack'), span: 2, rows: 2 },
        { id: 'keyFactorTrends', title: title('keyFactorTrends') },
        { id: 'fuelStatistics', title: title('fuelStatistics') },
      ]}
    />
  );
}
