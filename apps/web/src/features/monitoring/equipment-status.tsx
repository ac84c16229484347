import type { MonitoringUnit } from '@ecohelm/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePageConfig } from '../../lib/page-config';
import { formatShipTime } from '../../lib/ship-time';
import { useMonitoring } from './api/get-monitoring';
import styles from './monitoring.module.css';

function StatusRow({ unit, selected }: { unit: MonitoringUnit; selected: boolean }) {
  const { t } = useTranslation();
  const { config } = usePageConfig();
  const { data } = useMonitoring(unit);
  const s = data?.status;
  const since = s?.countedFrom
    ? formatShipTime(s.countedFrom, config.shipTimeOffsetMinutes, 'day')
    : undefined;
  return (
    <tr data-unit={unit} className={selected ? styles.selected : undefined}>
      <th scope="row">{t(`monitoring.units.${unit}`)}</th>
      <td>
        {!s ? (
          '—'
        ) : s.running === null ? (
          <Tag>{t('monitoring.unknown')}</Tag>
        ) : (
          <Tag color={s.running ? 'green' : 'default'}>
            {t(s.running ? 'monitoring.running' : 'monitoring.stopped')}
          </Tag>
        )}
      </td>
      <td title={since ? t('monitoring.status.countedFrom', { time: since }) : undefined}>
        {s ? `${s.runningHours.toFixed(1)} ${t('monitoring.status.hoursUnit')}` : '—'}
      </td>
      <td>{s ? `${s.runningHoursWindow.toFixed(1)} ${t('monitoring.status.hoursUnit')}` : '—'}</td>
    </tr>
  );
}

/** Running or stopped and running hours of every unit of the page; the selected one highlighted. */
export function EquipmentStatus({ units, selected }: { units: MonitoringUnit[]; selected: MonitoringUnit }) {
  const { t } = useTranslation();
  const { config } = usePageConfig();
  const countedFrom = useMonitoring(selected).data?.status.countedFrom;
  return (
    <div className={styles.status}>
      <table className={styles.statusTable}>
        <thead>
          <tr>
            <th scope="col">{t('monitoring.status.unit')}</th>
            <th scope="col">{t('monitoring.status.state')}</th>
            <th scope="col">{t('monitoring.status.runningHours')}</th>
            <th scope="col">{t('monitoring.status.last24h')}</th>
          </tr>
        </thead>
        <tbody>
          {units.map((u) => (
            <StatusRow key={u} unit={u} selected={u === selected} />
          ))}
        </tbody>
      </table>
      {countedFrom ? (
        <p className={styles.note}>
          {t('monitoring.status.countedFrom', {
            time: formatShipTime(countedFrom, config.shipTimeOffsetMinutes),
          })}
        </p>
      ) : null}
    </div>
  );
}
