import { Button, Segmented } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../ui/page-frame';

const periods = ['day', 'month', 'year'] as const;

/** The default landing page (SPEC §2 "Overview"). */
export function OverviewPage() {
  const { t } = useTranslation();
  const [period, setPeriod] = useState<(typeof periods)[number]>('day');
  const title = (id: string) => t(`overview.panels.${id}`);
  const periodSelector = (
    <Segmented
      size="small"
      value={period}
      onChange={setPeriod}
      options={periods.map((value) => ({ value, label: t(`overview.period.${value}`) }))}
    />
  );
  return (
    <PageFrame
      title={t('overview.title')}
      columns={4}
      rowCount={3}
      actions={<Button disabled>{t('common.settings')}</Button>}
      panels={[
        { id: 'ciiRating', title: title('ciiRating'), extra: periodSelector },
        { id: 'factorStatistics', title: title('factorStatistics'), span: 2 },
        { id: 'ecaWarning', title: title('ecaWarning') },
        { id: 'navigationStatus', title: title('navigationStatus'), span: 2 },
        { id: 'co2Management', title: title('co2Management'), span: 2 },
        { id: 'bunkerRecord', title: title('bunkerRecord'), span: 2 },
        { id: 'alarmStatistics', title: title('alarmStatistics'), span: 2 },
      ]}
    />
  );
}
