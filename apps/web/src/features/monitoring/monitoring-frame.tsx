import { Button, Segmented } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../ui/page-frame';

export interface MonitoringFrameProps {
  /** `me`, `ge` or `boiler`. */
  equipment: string;
  /** Unit keys under `monitoring.units` (G/E 1–3, boiler 1–2); none for the single main engine. */
  units?: string[];
}

/** Equipment monitoring page frame shared by M/E, G/E and boiler (SPEC §2 "Monitoring"). */
export function MonitoringFrame({ equipment, units = [] }: MonitoringFrameProps) {
  const { t } = useTranslation();
  const [unit, setUnit] = useState(units[0]);
  const title = (id: string) => t(`monitoring.panels.${id}`);
  return (
    <PageFrame
      title={t(`monitoring.${equipment}.title`)}
      actions={
        <>
          {units.length > 1 ? (
            <Segmented
              aria-label={t('monitoring.unit')}
              value={unit}
              onChange={setUnit}
              options={units.map((value) => ({ value, label: t(`monitoring.units.${value}`) }))}
            />
          ) : null}
          <Button disabled>{t('common.downloadImage')}</Button>
        </>
      }
      panels={[
        { id: 'keyFactors', title: title('keyFactors') },
        { id: 'fuelEfficiencyCurve', title: title('fuelEfficiencyCurve'), span: 2 },
        { id: 'equipmentStatus', title: title('equipmentStatus') },
        { id: 'alarmHistory', title: title('alarmHistory'), span: 2 },
      ]}
    />
  );
}
