import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../ui/page-frame';

/** CII simulator: inputs (sailing speed, expected sailing days) and the simulated rating chart. */
export function CiiSimulatorPage() {
  const { t } = useTranslation();
  const title = (id: string) => t(`carbon.panels.${id}`);
  return (
    <PageFrame
      title={t('carbon.ciiSimulator.title')}
      rowCount={1}
      panels={[
        { id: 'simulatorInputs', title: title('simulatorInputs') },
        { id: 'simulatorChart', title: title('simulatorChart'), span: 2 },
      ]}
    />
  );
}
