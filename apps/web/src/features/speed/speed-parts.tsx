import type { WeatherPoint } from '@ecohelm/contracts';
import type { ReactNode } from 'react';
import { useFormat } from '../../lib/use-format';

/** Small pieces the speed page's panels share: a labelled value, a direction arrow, a weather table. */

export function Field({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <div style={{ minWidth: 0 }}>
      <div style={{ fontSize: 12, opacity: 0.65 }}>{label}</div>
      <div style={{ fontSize: 16, fontWeight: 500 }} data-testid={testId}>
        {value}
      </div>
    </div>
  );
}

export const grid = (columns: number) => ({
  display: 'grid',
  gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
  gap: '10px 16px',
});

/** An arrow pointing where the wind, waves or swell go (from + 180°) or where the current sets. */
export function Arrow({ towardsDeg, label }: { towardsDeg: number; label: string }) {
  return (
    <svg
      width="18"
      height="18"
      viewBox="-9 -9 18 18"
      role="img"
      aria-label={label}
      style={{ verticalAlign: 'middle' }}
    >
      <g transform={`rotate(${towardsDeg})`}>
        <line x1="0" y1="7" x2="0" y2="-6" stroke="currentColor" strokeWidth="1.6" />
        <path d="M0,-8 L-4,-2 L4,-2 Z" fill="currentColor" />
      </g>
    </svg>
  );
}

export function WeatherRows({ w }: { w: WeatherPoint }) {
  const { t, num } = useFormat();
  const rows: [string, number, string][] = [
    [
      t('speed.weather.wind'),
      (w.windFromDeg + 180) % 360,
      `${num(w.windKn, 0)} kn · ${num(w.windFromDeg, 0)}°`,
    ],
    [
      t('speed.weather.wave'),
      (w.waveFromDeg + 180) % 360,
      `${num(w.waveHsM, 1)} m · ${num(w.waveFromDeg, 0)}°`,
    ],
    [
      t('speed.weather.swell'),
      (w.swellFromDeg + 180) % 360,
      `${num(w.swellHsM, 1)} m${w.swellPeriodS != null ? ` ${num(w.swellPeriodS, 0)} s` : ''} · ${num(w.swellFromDeg, 0)}°`,
    ],
    [t('speed.weather.current'), w.currentSetDeg, `${num(w.currentKn, 1)} kn · ${num(w.currentSetDeg, 0)}°`],
  ];
  return (
    <table style={{ width: '100%', fontSize: 12 }}>
      <tbody>
        {rows.map(([label, towards, text]) => (
          <tr key={label}>
            <td style={{ opacity: 0.7 }}>{label}</td>
            <td style={{ width: 22 }}>
              <Arrow towardsDeg={towards} label={`${label} ${text}`} />
            </td>
            <td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>{text}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
