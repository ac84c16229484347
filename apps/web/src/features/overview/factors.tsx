import type { OverviewFactorsResponse } from '@ecohelm/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { channelLabel } from '../../lib/channel-label';
import { usePageConfig } from '../../lib/page-config';
import { formatShipTime, utcOffsetLabel } from '../../lib/ship-time';
import { LightChart, type LightChartSpec } from '../../ui/light-chart';
import { NoData } from '../../ui/panel';
import { useOverviewFactors } from './api/get-overview-factors';
import styles from './overview.module.css';

type Factor = OverviewFactorsResponse['factors'][number];

/** A factor's value to the channel's decimals (as the navigation tiles and key factors show it). */
const factorText = (v: number, f: Factor) =>
  v.toLocaleString('en-US', { maximumFractionDigits: f.digits, minimumFractionDigits: f.digits });

/** A factor's last 24 hours: its line over the samples' times, the value with its unit in ship time on hover. */
function FactorSparkline({ factor, offset }: { factor: Factor; offset: number }) {
  const { t } = useTranslation();
  const label = channelLabel(factor.channel, t, factor.label);
  const spec = useMemo<LightChartSpec>(
    () => ({
      // Ship time with its offset, as the header clock; the value with its unit, to the page's digits.
      categories: factor.points.map((p) => `${formatShipTime(p.t, offset)} (${utcOffsetLabel(offset)})`),
      categoryAxis: false,
      grid: { left: 44, right: 4, top: 8, bottom: 6 },
      // The scale to its step's digits, so a nearly flat line's ticks still differ (4,675.9 / 4,676.0).
      left: { fromZero: false, ticks: 2, fontSize: 10, grid: 'rgb(40 44 52 / 15%)' },
      series: [{ kind: 'line', area: true, values: factor.points.map((p) => p.mean) }],
      formatValue: (v) => `${factorText(v, factor)} ${factor.unit}`,
    }),
    [factor, offset],
  );
  return <LightChart label={label} height={110} spec={spec} />;
}

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
            {f.value === null ? '—' : factorText(f.value, f)} <span>{f.unit}</span>
          </div>
          <FactorSparkline factor={f} offset={offset} />
        </div>
      ))}
    </div>
  );
}
