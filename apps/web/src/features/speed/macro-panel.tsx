import type { MacroOptimisation, SpeedResponse } from '@ecohelm/contracts';
import { Alert, Space, Tag } from 'antd';
import { useMemo } from 'react';
import { useFormat } from '../../lib/use-format';
import { LightChart, type LightChartSpec } from '../../ui/light-chart';
import { RATING_COLORS } from '../../ui/rating-colors';
import { legEndName } from './leg-name';
import styles from './speed-page.module.css';

type Data = SpeedResponse;

export function Macro({ data }: { data: Data }) {
  const { t, num, utc } = useFormat();
  const m = data.macro;
  const legs = m?.legs;
  // Drawn with uPlot, as the overview's charts: the page opens without ECharts' code. Drawn anew only when the legs
  // change (the page's answer comes every 10 s).
  const spec = useMemo<LightChartSpec | undefined>(
    () =>
      legs
        ? {
            categories: legs.map((_, i) => String(i + 1)),
            grid: { left: 36, right: 36, top: 24, bottom: 20 },
            legend: true,
            left: { name: 'kn', fontSize: 9, fromZero: false },
            right: { name: 'kW', fontSize: 9, grid: false },
            series: [
              { name: t('speed.sim.stw'), kind: 'bar', values: legs.map((l) => l.stwKn) },
              { name: t('speed.sim.power'), kind: 'line', axis: 'right', values: legs.map((l) => l.powerKw) },
            ],
          }
        : undefined,
    [legs, t],
  );
  if (!m || !spec)
    return (
      <Alert type="info" showIcon message={t(`speed.advice.noAdvice.${data.noAdviceReason ?? 'no_plan'}`)} />
    );
  return (
    <div
      style={{
        display: 'grid',
        gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1.4fr) minmax(0, 1.2fr)',
        gap: 12,
        height: '100%',
      }}
    >
      <div data-testid="speed-macro">
        <table style={{ width: '100%', fontSize: 13 }}>
          <thead>
            <tr style={{ opacity: 0.7 }}>
              <th />
              <th style={{ textAlign: 'right' }}>{t('speed.macro.fuel')}</th>
              <th style={{ textAlign: 'right' }}>{t('speed.macro.co2')}</th>
              <th style={{ textAlign: 'right' }}>{t('speed.macro.arrival')}</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <td>{t('speed.macro.optimised')}</td>
              <td style={{ textAlign: 'right' }}>{num(m.optimised.fuelT, 1)} t</td>
              <td style={{ textAlign: 'right' }}>{num(m.optimised.co2T, 0)} t</td>
              <td style={{ textAlign: 'right' }} data-testid="macro-eta">
                {utc(m.optimised.eta)}
              </td>
            </tr>
            {m.constant ? (
              <tr>
                <td>{t('speed.macro.constant', { speed: num(m.constant.stwKn, 1) })}</td>
                <td style={{ textAlign: 'right' }}>{num(m.constant.fuelT, 1)} t</td>
                <td style={{ textAlign: 'right' }}>{num(m.constant.co2T, 0)} t</td>
                <td style={{ textAlign: 'right' }}>{utc(m.constant.eta)}</td>
              </tr>
            ) : null}
          </tbody>
        </table>
        {m.savingT != null ? (
          <div style={{ margin: '6px 0', fontSize: 15 }} data-testid="macro-saving">
            {t('speed.macro.saving')}: <strong>{num(m.savingT, 1)} t</strong> · {num(m.savingCo2T, 0)} t CO₂
          </div>
        ) : null}
        <Space size={4} wrap>
          {m.onTime ? (
            m.floorBinds ? (
              <Tag color="gold">{t('speed.macro.early', { hours: num(m.earlyHours, 1) })}</Tag>
            ) : (
              <Tag color="green">{t('speed.macro.onTime')}</Tag>
            )
          ) : (
            <Tag color="red">{t('speed.macro.late', { hours: num(m.lateHours, 1) })}</Tag>
          )}
          <Tag>{t('speed.macro.floor', { speed: num(m.floorKn, 1) })}</Tag>
          {m.roughLegsHeld ? <Tag color="purple">{t('speed.macro.rough')}</Tag> : null}
        </Space>
        <div style={{ marginTop: 6, fontSize: 13 }} data-testid="macro-cii">
          {m.cii ? (
            <>
              {t('speed.macro.cii', { year: m.cii.year })}:{' '}
              <Tag color={RATING_COLORS[m.cii.optimised.rating]}>
                {m.cii.optimised.rating} {num(m.cii.optimised.attainedCii, 2)}
              </Tag>
              {m.cii.constant ? (
                <>
                  {' '}
                  ← {t('speed.macro.constant', { speed: num(m.constant?.stwKn, 1) })}{' '}
                  <Tag color={RATING_COLORS[m.cii.constant.rating]}>
                    {m.cii.constant.rating} {num(m.cii.constant.attainedCii, 2)}
                  </Tag>
                </>
              ) : null}
            </>
          ) : (
            <span style={{ opacity: 0.7 }}>
              {t('speed.macro.ciiUnavailable', { reason: m.ciiUnavailable ?? '—' })}
            </span>
          )}
        </div>
      </div>
      <div>
        <LegTable legs={m.legs} />
      </div>
      <LightChart spec={spec} label={t('speed.macro.speedChart')} />
    </div>
  );
}

/**
 * The remaining legs with the speed, rpm and ETA the optimisation gives each: a plain table with a fixed header in
 * its own scroll box (a voyage has up to a hundred legs; antd's table drew them in ~60 ms of the page's first draw).
 */
function LegTable({ legs }: { legs: MacroOptimisation['legs'] }) {
  const { t, num, utc } = useFormat();
  return (
    <div className={styles.legs}>
      <table aria-label={t('speed.macro.legs')}>
        <thead>
          <tr>
            <th className={styles.index}>#</th>
            <th>{t('speed.macro.leg')}</th>
            <th className={styles.number}>nm</th>
            <th className={styles.number}>kn</th>
            <th className={styles.number}>rpm</th>
            <th>{`${t('speed.macro.eta')} (UTC)`}</th>
          </tr>
        </thead>
        <tbody>
          {legs.map((l, i) => (
            <tr key={`${l.to}|${l.eta}`}>
              <td className={styles.index}>{i + 1}</td>
              <td className={styles.leg} title={`${legEndName(l.from, t)} → ${legEndName(l.to, t)}`}>
                {legEndName(l.from, t)} → {legEndName(l.to, t)}
              </td>
              <td className={styles.number}>{num(l.distanceNm, 0)}</td>
              <td className={styles.number}>{num(l.stwKn, 1)}</td>
              <td className={styles.number}>{num(l.rpm, 1)}</td>
              <td className={styles.eta}>{utc(l.eta)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
