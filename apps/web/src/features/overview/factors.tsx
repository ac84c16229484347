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

/** A factor's value as the panel writes it: whole numbers from 100 up, two decimals below. */
const factorText = (v: number) =>
  v.toLocaleString('en-US', {
    maximumFractionDigits: Math.abs(v) >= 100 ? 0 : 2,
    minimumFractionDigits: Math.abs(v) >= 100 ? 0 : 2,
  });

type Factor = OverviewFactorsResponse['factors'][number];

/** A scale at the left: as many digits as tell its ticks apart. */
const scaleText = (v: number) => v.toLocaleString('en-US', { maximumSignificantDigits: 5 });

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
      left: { fromZero: false, ticks: 2, fontSize: 10, format: scaleText, grid: 'rgb(40 44 52 / 15%)' },
      series: [{ kind: 'line', area: true, values: factor.points.map((p) => p.mean) }],
      formatValue: (v) => `${factorText(v)} ${factor.unit}`,
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
            {f.value === null ? '—' : factorText(f.value)} <span>{f.unit}</span>
          </div>
          <FactorSparkline factor={f} offset={offset} />
        </div>
      ))}
    </div>
  );
}
