import type { MonitoringUnit } from '@ecohelm/contracts';
import { Segmented } from 'antd';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChartProps } from '../../ui/chart';
import { PageFrame } from '../../ui/page-frame';
import { AlarmHistory } from './alarm-history';
import { useFirstRunningUnit, useMonitoring } from './api/get-monitoring';
import { DownloadImage } from './download-image';
import { EfficiencyChart } from './efficiency-chart';
import { EquipmentStatus } from './equipment-status';
import { KeyFactors } from './key-factors';

type ChartInstance = Parameters<NonNullable<ChartProps['onReady']>>[0];

export interface MonitoringFrameProps {
  /** `me`, `ge` or `boiler`. */
  equipment: 'me' | 'ge' | 'boiler';
  /** The units of the page (G/E 1–3, boiler 1–2, or the single main engine). */
  units: MonitoringUnit[];
}

/** Equipment monitoring page shared by M/E, G/E and boiler (SPEC §2 "Monitoring"). */
export function MonitoringFrame({ equipment, units }: MonitoringFrameProps) {
  const { t } = useTranslation();
  const [picked, setPicked] = useState<MonitoringUnit | undefined>(undefined);
  // Until the crew picks one, the page shows the first unit that runs (not a stopped G/E 1).
  const running = useFirstRunningUnit(units.length > 1 ? units : []);
  const unit = picked ?? running ?? units[0]!;
  const setUnit = setPicked;
  const monitoring = useMonitoring(unit);
  const chart = useRef<ChartInstance | undefined>(undefined);
  const onReady = useCallback((instance: ChartInstance) => {
    chart.current = instance;
  }, []);
  const title = (id: string) => t(`monitoring.panels.${id}`);
  const unitLabel = t(`monitoring.units.${unit}`);
  return (
    <PageFrame
      title={t(`monitoring.${equipment}.title`)}
      actions={
        <>
          {units.length > 1 ? (
            <Segmented<MonitoringUnit>
              aria-label={t('monitoring.unit')}
              value={unit}
              onChange={setUnit}
              options={units.map((value) => ({ value, label: t(`monitoring.units.${value}`) }))}
            />
          ) : null}
          <DownloadImage
            chart={() => chart.current}
            fileName={`ecohelm-${unit}-${equipment === 'boiler' ? 'steam-fuel' : 'sfoc'}.png`}
            unitLabel={unitLabel}
          />
        </>
      }
      panels={[
        {
          id: 'keyFactors',
          title: `${title('keyFactors')} · ${unitLabel}`,
          children: <KeyFactors unit={unit} />,
        },
        {
          id: 'fuelEfficiencyCurve',
          title: `${title('fuelEfficiencyCurve')} · ${unitLabel}`,
          span: 2,
          children: (
            <EfficiencyChart
              data={monitoring.data}
              loading={monitoring.isPending}
              error={monitoring.error}
              onReady={onReady}
            />
          ),
        },
        {
          id: 'equipmentStatus',
          title: title('equipmentStatus'),
          children: <EquipmentStatus units={units} selected={unit} />,
        },
        {
          id: 'alarmHistory',
          title: `${title('alarmHistory')} · ${unitLabel}`,
          span: 2,
          children: <AlarmHistory unit={unit} />,
        },
      ]}
    />
  );
}
