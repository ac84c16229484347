import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../ui/page-frame';

const eventTypes = ['equipmentAlarm', 'focWarning', 'equipmentAssessment', 'energyDistribution'];

/** Message center: one panel per event type (SPEC §2 "Message center"). */
export function NotificationPage() {
  const { t } = useTranslation();
  return (
    <PageFrame
      title={t('notification.title')}
      columns={2}
      panels={eventTypes.map((id) => ({ id, title: t(`notification.panels.${id}`) }))}
    />
  );
}
