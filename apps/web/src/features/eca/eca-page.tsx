import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../ui/page-frame';

/** ECA monitoring: monitor, alarms, alarm history; alarm setting, settings and ECA updates as actions. */
export function EcaPage() {
  const { t } = useTranslation();
  const title = (id: string) => t(`analysis.panels.${id}`);
  return (
    <PageFrame
      title={t('analysis.eca.title')}
      actions={
        <>
          <Button disabled>{t('analysis.addPosition')}</Button>
          <Button disabled>{t('analysis.addRange')}</Button>
          <Button disabled>{t('analysis.alarmSetting')}</Button>
          <Button disabled>{t('common.settings')}</Button>
        </>
      }
      panels={[
        { id: 'ecaMonitor', title: title('ecaMonitor'), span: 2, rows: 2 },
        { id: 'ecaAlarms', title: title('ecaAlarms') },
        { id: 'ecaAlarmHistory', title: title('ecaAlarmHistory') },
      ]}
    />
  );
}
