import type { AlarmStatisticsResponse, OverviewResponse, TelemetryLatestValue } from '@ecohelm/contracts';
// Its own module: a value from the package's index brings every contract module's schemas (and zod) with it.
import { overviewNavigation } from '@ecohelm/contracts/overview-navigation';
import { Alert, Modal, Statistic, Tag } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ecaZoneName } from '../../lib/eca-zone-name';
import { useGlobalStore } from '../../lib/store';
import { Doughnut } from '../../ui/doughnut';
import { LightChart, type LightChartSpec } from '../../ui/light-chart';
import { NoData } from '../../ui/panel';
import { RATING_COLORS } from '../../ui/rating-colors';
import { useLiveChannels } from '../../ui/use-live-channels';
import styles from './overview.module.css';

const fmt = (v: number | null | undefined, digits = 2) =>
  v === null || v === undefined || !Number.isFinite(v) ? '—' : v.toFixed(digits);

/** CII rating by day, month or year: attained against required, the year to date and where it heads. */
export function CiiPanel({ cii }: { cii: OverviewResponse['cii'] }) {
  const { t } = useTranslation();
  if (!cii) return <Alert type="info" showIcon title={t('overview.cii.noShip')} />;
  const ytd = cii.yearToDate;
  return (
    <div className={styles.cii}>
      <div className={styles.ciiHead}>
        <div
          className={styles.rating}
          style={{ background: ytd.rating ? RATING_COLORS[ytd.rating] : '#445' }}
        >
          {ytd.rating ?? '—'}
        </div>
        <div className={styles.ciiFigures}>
          <div>
            {t('overview.cii.ytd', { year: ytd.year })}: <b>{fmt(ytd.attained)}</b> / {fmt(ytd.required)}
          </div>
          <div>
            {t('overview.cii.heading')}: <b>{fmt(ytd.projectedAttained)}</b>{' '}
            {ytd.projectedRating ? (
              <Tag color={RATING_COLORS[ytd.projectedRating]}>{ytd.projectedRating}</Tag>
            ) : null}
          </div>
          <div className={styles.unit}>{t('overview.cii.unit')}</div>
        </div>
      </div>
      {cii.points.length === 0 ? <NoData /> : <CiiChart cii={cii} />}
    </div>
  );
}

/** Attained CII per period as bars coloured by rating, the required CII as a line. */
function CiiChart({ cii }: { cii: NonNullable<OverviewResponse['cii']> }) {
  const { t } = useTranslation();
  const spec = useMemo<LightChartSpec>(
    () => ({
      categories: cii.points.map(({ start }) =>
        cii.period === 'day'
          ? start.slice(5, 10)
          : cii.period === 'month'
            ? start.slice(0, 7)
            : start.slice(0, 4),
      ),
      grid: { left: 40, right: 8, top: 24, bottom: 22 },
      legend: true,
      left: { name: 'g/(dwt·nm)', fontSize: 10, grid: '#1e2a44' },
      series: [
        {
          name: t('overview.cii.attained'),
          kind: 'bar',
          values: cii.points.map((p) => (p.attained === null ? null : Number(p.attained.toFixed(3)))),
          colors: cii.points.map((p) => (p.rating ? RATING_COLORS[p.rating] : '#556')),
        },
        {
          name: t('overview.cii.required'),
          kind: 'line',
          values: cii.points.map((p) => Number(p.required.toFixed(3))),
        },
      ],
    }),
    [cii, t],
  );
  return <LightChart label={t('overview.panels.ciiRating')} height="calc(100% - 72px)" spec={spec} />;
}

/** Under this SOG (kn) the ship is taken as stopped: no time to the zone. */
const STOPPED_KN = 0.5;

/**
 * Time to the zone at the current SOG: along the course when it leads into the zone, else the remaining distance
 * shown beside it at that SOG (labelled so); at a standstill none, and it says why.
 */
function EcaTime({ eca }: { eca: OverviewResponse['eca'] }) {
  const { t } = useTranslation();
  const sogKn = eca.position?.sogKn ?? 0;
  if (eca.hours !== null)
    return <Statistic title={t('overview.eca.time')} value={fmt(eca.hours, 1)} suffix="h" />;
  if (sogKn < STOPPED_KN || eca.distanceNm === null)
    return (
      <Statistic
        title={t('overview.eca.time')}
        value="—"
        suffix={<small>{t('overview.eca.stopped')}</small>}
      />
    );
  return (
    <Statistic
      title={<span title={t('overview.eca.offCourseNote')}>{t('overview.eca.timeDistance')}</span>}
      value={fmt(eca.distanceNm / sogKn, 1)}
      suffix="h"
    />
  );
}

/** ECA warning: nearest zone, remaining distance and time at SOG; opens the warning modal at 10 nm. */
export function EcaPanel({ eca }: { eca: OverviewResponse['eca'] }) {
  const { t } = useTranslation();
  const visible = useGlobalStore((s) => s.ecaWarningModalVisible);
  const setVisible = useGlobalStore((s) => s.setEcaWarningModalVisible);
  const warning = eca.state === 'warning';
  // Opens once per approach: when the state turns to warning; closes when it is over.
  useEffect(() => {
    setVisible(warning);
  }, [warning, setVisible]);
  if (!eca.position) return <NoData />;
  return (
    <div className={styles.eca}>
      <Tag color={eca.inside ? 'green' : warning ? 'orange' : 'blue'}>
        {eca.inside
          ? t('overview.eca.inside', { zone: eca.insideZone ? ecaZoneName(eca.insideZone, t) : '' })
          : t('overview.eca.outside')}
      </Tag>
      <div className={styles.zone} title={eca.nearestZone ?? undefined}>
        <span className={styles.unit}>{t('overview.eca.nearest')}: </span>
        {eca.nearestZone ? ecaZoneName(eca.nearestZone, t) : '—'}
      </div>
      <div className={styles.stats}>
        <Statistic title={t('overview.eca.distance')} value={fmt(eca.distanceNm, 1)} suffix="nm" />
        <EcaTime eca={eca} />
      </div>
      <Modal
        open={visible}
        title={t('overview.eca.warningTitle')}
        onOk={() => setVisible(false)}
        onCancel={() => setVisible(false)}
        cancelButtonProps={{ style: { display: 'none' } }}
      >
        <p>
          {t('overview.eca.warningText', {
            zone: eca.nearestZone ? ecaZoneName(eca.nearestZone, t) : '',
            distance: fmt(eca.distanceNm, 1),
            limit: eca.warningDistanceNm,
          })}
        </p>
        {eca.changeOverTip ? <Alert type="warning" showIcon title={t('overview.eca.changeOverTip')} /> : null}
      </Modal>
    </div>
  );
}

const NAVIGATION_CHANNELS = overviewNavigation.map((n) => n.channel);

/**
 * Trim, power, rotation, rudder angle, UKC and heading, live at 1 Hz; `initial`, the latest values that came with the
 * page's answer, are drawn until the stream's first event (it opens once the page has loaded).
 */
export function NavigationPanel({ initial }: { initial?: readonly TelemetryLatestValue[] }) {
  const { t } = useTranslation();
  const live = useLiveChannels(NAVIGATION_CHANNELS, { initial });
  return (
    <div className={styles.navigation} data-stale={live.stale}>
      {live.stale ? <Tag color="orange">{t('overview.navigation.stale')}</Tag> : null}
      <div className={styles.navGrid}>
        {overviewNavigation.map((n) => {
          const v = live.values[n.channel];
          return (
            <Statistic
              key={n.key}
              title={t(`overview.navigation.${n.key}`)}
              value={v ? v.value.toFixed(v.digits) : '—'}
              suffix={v?.unit}
            />
          );
        })}
      </div>
    </div>
  );
}

/** Daily CO2 and the cumulative CO2 against the allowance implied by the required CII. */
export function Co2Panel({ co2 }: { co2: OverviewResponse['co2'] }) {
  const { t } = useTranslation();
  const spec = useMemo<LightChartSpec | undefined>(
    () =>
      co2
        ? {
            categories: co2.days.map((d) => d.day.slice(5)),
            grid: { left: 48, right: 48, top: 28, bottom: 22 },
            legend: true,
            left: { name: t('common.tPerDay'), grid: '#1e2a44' },
            right: { name: 't', grid: false },
            series: [
              {
                name: t('overview.co2.daily'),
                kind: 'bar',
                color: '#4378F3',
                values: co2.days.map((d) => Number(d.co2T.toFixed(1))),
              },
              {
                name: t('overview.co2.cumulative'),
                kind: 'line',
                axis: 'right',
                values: co2.days.map((d) => Number(d.cumulativeCo2T.toFixed(0))),
              },
              {
                name: t('overview.co2.allowance'),
                kind: 'line',
                axis: 'right',
                dashed: true,
                values: co2.days.map((d) => Number(d.cumulativeAllowanceT.toFixed(0))),
              },
            ],
          }
        : undefined,
    [co2, t],
  );
  if (!co2 || co2.days.length === 0 || !spec) return <NoData />;
  return <LightChart label={t('overview.panels.co2Management')} spec={spec} />;
}

/**
 * Fuel oil, diesel oil and lubricating oil: last bunkered quantity and remaining on board. Three
 * rows: a plain table keeps antd's Table (and its 130 KB) out of the overview's first load.
 */
export function BunkerPanel({ bunker }: { bunker: OverviewResponse['bunker'] }) {
  const { t } = useTranslation();
  const qty = (v: number | null, unit: string) => (v === null ? '—' : `${v.toFixed(1)} ${unit}`);
  return (
    <table className={styles.bunker}>
      <thead>
        <tr>
          <th>{t('overview.bunker.kind')}</th>
          <th>{t('overview.bunker.quantity')}</th>
          <th>{t('overview.bunker.time')}</th>
          <th>{t('overview.bunker.rob')}</th>
        </tr>
      </thead>
      <tbody>
        {bunker.items.map((r) => (
          <tr key={r.kind}>
            <td>{t(`overview.bunker.kinds.${r.kind}`)}</td>
            <td>{qty(r.lastBunkerQuantity, r.unit)}</td>
            <td>{r.lastBunkerTime ? r.lastBunkerTime.slice(0, 10) : '—'}</td>
            <td>{qty(r.remainingOnBoard, r.unit)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const GROUP_COLOURS: Record<string, string> = { me: '#4378F3', ge: '#2fb36b', boiler: '#f08a24' };

/** Alarms raised in the last 30 days per equipment group: main engine, generators, boilers. */
export function AlarmStatisticsPanel({ stats }: { stats: AlarmStatisticsResponse | undefined }) {
  const { t } = useTranslation();
  if (!stats) return <NoData />;
  return (
    <div className={styles.alarms}>
      <div className={styles.unit}>
        {t('overview.alarms.period', { from: stats.from.slice(0, 10), to: stats.to.slice(0, 10) })} ·{' '}
        {t('overview.alarms.total', { count: stats.total })}
      </div>
      {stats.total === 0 ? (
        <div className={styles.noAlarms}>{t('overview.alarms.none')}</div>
      ) : (
        <Doughnut
          label={t('overview.panels.alarmStatistics')}
          height="calc(100% - 24px)"
          items={stats.items.map((i) => ({
            name: t(`overview.alarms.groups.${i.group}`),
            value: i.count,
            color: GROUP_COLOURS[i.group] ?? '#556',
          }))}
        />
      )}
    </div>
  );
}
