import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../ui/page-frame';

/** Speed optimization (SPEC §2 "Efficiency optimization (speed)"). */
export function SpeedPage() {
  const { t } = useTranslation();
  const title = (id: string) => t(`optimization.panels.${id}`);
  return (
    <PageFrame
      title={t('optimization.speed.title')}
      columns={4}
      rowCount={3}
      panels={[
        { id: 'navigationData', title: title('navigationData'), span: 2 },
        { id: 'shipStatus', title: title('shipStatus') },
        { id: 'optimizedRpm', title: title('optimizedRpm') },
        { id: 'weatherForecast', title: title('weatherForecast'), span: 2 },
        { id: 'voyagePlan', title: title('voyagePlan'), span: 2 },
        { id: 'macroOptimization', title: title('macroOptimization') },
        { id: 'voyageStatistics', title: title('voyageStatistics') },
        { id: 'rpmSimulation', title: title('rpmSimulation'), span: 2 },
      ]}
    />
  );
}
