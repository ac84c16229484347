import type { SpeedResponse } from '@ecohelm/contracts';
import { Alert } from 'antd';
import { useFormat } from '../../lib/use-format';

type Data = SpeedResponse;

export function Statistics({ data }: { data: Data }) {
  const { t, num, utc } = useFormat();
  const s = data.statistics;
  if (!s) return <Alert type="info" showIcon message={t('speed.plan.none')} />;
  const row = (label: string, actual: string, planned?: string) => (
    <tr key={label}>
      <td style={{ opacity: 0.7 }}>{label}</td>
      <td style={{ textAlign: 'right' }}>{actual}</td>
      <td style={{ textAlign: 'right', opacity: 0.7 }}>{planned ?? ''}</td>
    </tr>
  );
  const h = (x: number) => `${Math.floor(x)} h ${Math.round((x % 1) * 60)} min`;
  return (
    <div data-testid="speed-statistics">
      <div style={{ fontSize: 12, opacity: 0.6, marginBottom: 4 }}>
        {s.voyageNo} ·{' '}
        {s.departedAt ? t('speed.stats.departed', { time: utc(s.departedAt) }) : t('speed.stats.notDeparted')}
      </div>
      <table style={{ width: '100%', fontSize: 13 }}>
        <thead>
          <tr style={{ opacity: 0.7 }}>
            <th />
            <th style={{ textAlign: 'right' }}>{t('speed.stats.actual')}</th>
            <th style={{ textAlign: 'right' }}>{t('speed.stats.plan')}</th>
          </tr>
        </thead>
        <tbody>
          {row(t('speed.stats.distance'), `${num(s.distanceNm, 0)} nm`, `${num(s.plan.distanceNm, 0)} nm`)}
          {row(t('speed.stats.time'), h(s.hours), h(s.plan.hours))}
          {row(
            t('speed.stats.avgSpeed'),
            s.avgSogKn == null ? '—' : `${num(s.avgSogKn, 1)} kn`,
            `${num(s.plan.avgSpeedKn, 1)} kn`,
          )}
          {row(t('speed.stats.hfo'), `${num(s.fuelT.hfo, 1)} t`)}
          {row(t('speed.stats.mgo'), `${num(s.fuelT.mgo, 1)} t`)}
          {row(t('speed.stats.co2'), `${num(s.co2T, 0)} t`)}
          {row(t('speed.stats.perNm'), s.fuelPerNmKg == null ? '—' : `${num(s.fuelPerNmKg, 1)} kg`)}
        </tbody>
      </table>
    </div>
  );
}
