import { useTranslation } from 'react-i18next';
import { channelLabel } from '../../lib/channel-label';
import { Chart } from '../../ui/chart';
import { NoData } from '../../ui/panel';
import { useOverviewFactors } from './api/get-overview-factors';
import styles from './overview.module.css';

/** The chosen factors (at most four): value now and a 24-hour sparkline each. */
export function FactorsPanel() {
  const { t } = useTranslation();
  const factors = useOverviewFactors();
  if (!factors.data || factors.data.factors.length === 0) return <NoData />;
  return (
    <div className={styles.factors}>
      {factors.data.factors.map((f) => (
        <div key={f.channel} className={styles.factor} data-factor={f.channel}>
          <div className={styles.factorName}>{channelLabel(f.channel, t, f.label)}</div>
          <div className={styles.factorValue}>
            {f.value === null ? '—' : f.value.toFixed(Math.abs(f.value) >= 100 ? 0 : 2)} <span>{f.unit}</span>
          </div>
          <Chart
            label={channelLabel(f.channel, t, f.label)}
            height={110}
            option={{
              grid: { left: 2, right: 2, top: 4, bottom: 2 },
              xAxis: { type: 'category', show: false, data: f.points.map((p) => p.t) },
              yAxis: { type: 'value', show: false, scale: true },
              tooltip: { trigger: 'axis' },
              series: [
                {
                  type: 'line',
                  symbol: 'none',
                  areaStyle: { opacity: 0.15 },
                  data: f.points.map((p) => p.mean),
                },
              ],
            }}
          />
        </div>
      ))}
    </div>
  );
}
