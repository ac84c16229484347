import type { FleetShipRow } from '@ecohelm/contracts';
import { useTranslation } from 'react-i18next';
import { RATING_COLORS } from '../../ui/rating-colors';
import { SeaMap, type SeaMapOption, seaGeo } from '../../ui/sea-map';
import { shipName } from './fleet-format';

const NO_RATING = '#9fb3d9';

/** Each ship at its last known position, coloured by its CII rating (grey without one); a stale ship is hollow. */
export function FleetMap({ ships }: { ships: FleetShipRow[] }) {
  const { t, i18n } = useTranslation();
  const placed = ships.filter((s) => s.position);
  const option: SeaMapOption = {
    geo: seaGeo([placed[0]?.position?.lon ?? 115, placed[0]?.position?.lat ?? 25], 1.2),
    tooltip: { trigger: 'item' },
    series: [
      {
        type: 'scatter',
        coordinateSystem: 'geo',
        symbol: 'circle',
        symbolSize: 16,
        z: 5,
        itemStyle: { color: NO_RATING, opacity: 1 },
        label: { show: true, position: 'right', formatter: '{b}', color: '#d6e2ff', fontSize: 11 },
        data: placed.map((s) => {
          const colour = s.cii?.rating ? RATING_COLORS[s.cii.rating] : NO_RATING;
          return {
            name: `${shipName(s, i18n.language)} ${s.cii?.rating ?? ''}`.trim(),
            value: [s.position?.lon ?? 0, s.position?.lat ?? 0],
            itemStyle: s.stale
              ? { color: 'transparent', borderColor: colour, borderWidth: 2 }
              : { color: colour, borderColor: '#ffffff', borderWidth: 1 },
          };
        }),
      },
    ],
  };
  return (
    <div
      style={{ height: '100%', minHeight: 260 }}
      data-testid="fleet-map"
      data-ships={placed.map((s) => `${s.shipId}:${s.cii?.rating ?? '-'}`).join(',')}
    >
      <SeaMap option={option} label={t('fleet.mapLabel')} />
    </div>
  );
}
