import { Button, Segmented } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../ui/page-frame';

const dimensions = ['annual', 'voyage', 'custom'] as const;
const units = ['week', 'month', 'year'] as const;

/** CII statistics: dimension and unit selectors, gauge, trend, voyage table and report samples. */
export function CiiStatisticsPage() {
  const { t } = useTranslation();
  const [dimension, setDimension] = useState<(typeof dimensions)[number]>('annual');
  const [unit, setUnit] = useState<(typeof units)[number]>('month');
  const title = (id: string) => t(`carbon.panels.${id}`);
  return (
    <PageFrame
      title={t('carbon.ciiStatistics.title')}
      actions={
        <>
          <Segmented
            value={dimension}
            onChange={setDimension}
            options={dimensions.map((value) => ({ value, label: t(`carbon.dimension.${value}`) }))}
          />
          <Segmented
            value={unit}
            onChange={setUnit}
            options={units.map((value) => ({ value, label: t(`carbon.unit.${value}`) }))}
          />
          <Button type="primary" disabled>
            {t('common.search')}
          </Button>
        </>
      }
      panels={[
        { id: 'ciiGauge', title: title('ciiGauge') },
        { id: 'ciiTrend', title: title('ciiTrend'), span: 2 },
        { id: 'ciiTable', title: title('ciiTable'), span: 2 },
        { id: 'reportSamples', title: title('reportSamples') },
      ]}
    />
  );
}
