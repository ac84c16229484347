import { useTranslation } from 'react-i18next';
import { channelLabel } from '../../lib/channel-label';
import { usePageConfig } from '../../lib/page-config';
import { formatShipTime, utcOffsetLabel } from '../../lib/ship-time';
import { Chart } from '../../ui/chart';
import { NoData } from '../../ui/panel';
import { useOverviewFactors } from './api/get-overview-factors';
import styles from './overview.module.css';

/** A factor's value as the panel writes it: whole numbers from 100 up, two decimals below. */
const factorText = (v: number) =>
  v.toLocaleString('en-US', {
    maximumFractionDigits: Math.abs(v) >= 100 ? 0 : 2,
    minimumFractionDigits: Math.abs(v) >= 100 ? 0 : 2,
  });

/** The chosen factors (at most four): value now and a 24-hour sparkline each. */
export function FactorsPanel() {
  const { t } = useTranslation();
  const factors = useOverviewFactors();
  const { config } = usePageConfig();
  const offset = config.shipTimeOffsetMinutes;
  if (!factors.data || factors.data.factors.length === 0) return <NoData />;
  return (
    <div className={styles.factors}>
      {factors.data.factors.map((f) => (
        <div key={f.channel} className={styles.factor} data-factor={f.channel}>
          <div className={styles.factorName}>{channelLabel(f.channel, t, f.label)}</div>
          <div className={styles.factorValue}>
            {f.value === null ? '—' : factorText(f.value)} <span>{f.unit}</span>
          </div>
          <Chart
            label={channelLabel(f.channel, t, f.label)}
            height={110}
            option={{
              grid: { left: 44, right: 4, top: 8, bottom: 4 },
              // Ship time with its offset, as the header clock; the value with its unit, to the page's digits.
              xAxis: {
                type: 'category',
                show: false,
                data: f.points.map((p) => `${formatShipTime(p.t, offset)} (${utcOffsetLabel(offset)})`),
              },
              // A scale at the left: as many digits as tell its ticks apart.
              yAxis: {
                type: 'value',
                scale: true,
                splitNumber: 2,
                axisLabel: {
                  fontSize: 10,
                  formatter: (v: number) => v.toLocaleString('en-US', { maximumSignificantDigits: 5 }),
                },
                splitLine: { lineStyle: { opacity: 0.15 } },
              },
              tooltip: {
                trigger: 'axis',
                confine: true,
                valueFormatter: (v) =>
                  typeof v === 'number' ? `${factorText(v)} ${f.unit}` : String(v ?? '—'),
              },
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
