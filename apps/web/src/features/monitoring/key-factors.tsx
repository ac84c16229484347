import type { MonitoringUnit } from '@ecohelm/contracts';
import { digitsOfDisplayUnit } from '@ecohelm/domain';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLiveChannels } from '../../ui/use-live-channels';
import { useMonitoring, useOilFired } from './api/get-monitoring';
import { KEY_FACTORS } from './factors';
import styles from './monitoring.module.css';

/** The unit's main channels live at 1 Hz in their display units; "stale" once the data stops. */
export function KeyFactors({ unit }: { unit: MonitoringUnit }) {
  const { t } = useTranslation();
  const factors = KEY_FACTORS[unit];
  const live = useLiveChannels(factors.filter((f) => f.source !== 'now').map((f) => f.channel));
  // The set now as the server computes it (the same object the load page shows): SFOC at ISO LCV.
  const now = useMonitoring(unit).data?.now;
  const oilFired = useOilFired()(unit);
  return (
    <div className={styles.factors} data-stale={live.stale}>
      <div className={styles.liveRow}>
        {live.stale ? (
          <Tag color="orange">{t('monitoring.live.stale')}</Tag>
        ) : (
          <Tag color="green">{t('monitoring.live.live')}</Tag>
        )}
      </div>
      <dl className={styles.factorGrid} data-columns={factors.length > 8 ? 2 : 1}>
        {factors.map((f) => {
          const v =
            f.source === 'now'
              ? now?.sfocGPerKwh == null
                ? undefined
                : { value: now.sfocGPerKwh, unit: 'g/kWh', digits: digitsOfDisplayUnit('g/kWh') }
              : live.values[f.channel];
          const isFlag = v?.unit === 'on/off';
          return (
            <div key={f.channel} className={styles.factor} data-factor={f.channel}>
              <dt>{t(`monitoring.factors.${f.key}`, f.n ? { n: f.n } : {})}</dt>
              <dd>
                {f.key === 'fuel' && oilFired === false ? (
                  <span data-testid="no-fuel">{t('monitoring.noFuelEconomiser')}</span>
                ) : !v ? (
                  '—'
                ) : isFlag ? (
                  <Tag color={v.value > 0 ? 'green' : 'default'}>
                    {t(v.value > 0 ? 'monitoring.running' : 'monitoring.stopped')}
                  </Tag>
                ) : (
                  <>
                    <b>{v.value.toFixed(v.digits)}</b> <span className={styles.unit}>{v.unit}</span>
                  </>
                )}
              </dd>
            </div>
          );
        })}
      </dl>
    </div>
  );
}
