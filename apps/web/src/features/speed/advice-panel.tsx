import type { SpeedHistory, SpeedResponse } from '@ecohelm/contracts';
import { Alert, Button, Space, Tag } from 'antd';
import { useMemo } from 'react';
import { usePageConfig } from '../../lib/page-config';
import { formatShipTime, shipTimeAxisLabel, utcOffsetLabel } from '../../lib/ship-time';
import { useFormat } from '../../lib/use-format';
import { LightChart, type LightChartSpec } from '../../ui/light-chart';
import { FIRST_HISTORY_HOURS, useSpeedHistory } from './api/speed-api';
import type { SpeedDialog } from './speed-dialogs';
import { Field, grid } from './speed-parts';

type Data = SpeedResponse;

/**
 * The advice history as a light chart: the actual rpm and the advised rpm (held until the next advice) on the history's
 * own grid of times (10 minutes, hourly over long ranges), a time without a point left empty, labelled in ship time
 * with its UTC offset.
 */
export function historySpec(
  points: SpeedHistory['points'],
  shipOffset: number,
  actualName: string,
  advisedName: string,
): LightChartSpec {
  const times = points.map((p) => Date.parse(p.t));
  // The grid's step: the largest whole minute every gap between points is a multiple of.
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
  const gapMinutes = times.slice(1).map((t, i) => Math.round((t - times[i]!) / 60_000));
  const step = Math.max(1, gapMinutes.reduce(gcd, 0) || 10) * 60_000;
  const first = times[0] ?? 0;
  const count = times.length ? Math.round(((times.at(-1) ?? first) - first) / step) + 1 : 0;
  const slot = (t: number) => Math.round((t - first) / step);
  const actual: (number | null)[] = Array.from({ length: count }, () => null);
  const advised: (number | null)[] = Array.from({ length: count }, () => null);
  points.forEach((p, i) => {
    actual[slot(times[i]!)] = p.actualRpm;
    advised[slot(times[i]!)] = p.advisedRpm;
  });
  const grid = Array.from({ length: count }, (_, i) => first + i * step);
  return {
    categories: grid.map((t) => shipTimeAxisLabel(t, shipOffset)),
    titles: grid.map((t) => formatShipTime(t, shipOffset)),
    categoryName: utcOffsetLabel(shipOffset),
    grid: { left: 36, right: 8, top: 24, bottom: 20 },
    legend: true,
    left: { fontSize: 9, fromZero: false },
    series: [
      { name: actualName, kind: 'line', values: actual },
      { name: advisedName, kind: 'line', values: advised, step: true, spanGaps: true },
    ],
  };
}
type Modal = SpeedDialog;

export function Advice({
  data,
  canWrite,
  open,
}: {
  data: Data;
  canWrite: boolean;
  open: (m: Modal) => void;
}) {
  const { t, num, utc } = useFormat();
  const history = useSpeedHistory(FIRST_HISTORY_HOURS);
  const a = data.advice;
  const buttons = (
    <Space size={4} wrap style={{ marginTop: 8 }}>
      <Button size="small" disabled={!canWrite || !a} onClick={() => open('adjust')}>
        {t('speed.advice.adjust')}
      </Button>
      <Button size="small" disabled={!data.plan} onClick={() => open('indicator')}>
        {t('speed.advice.indicator')}
      </Button>
      <Button size="small" onClick={() => open('slip')}>
        {t('speed.advice.slip')}
      </Button>
    </Space>
  );
  const shipOffset = usePageConfig().config.shipTimeOffsetMinutes;
  const h = history.data;
  const historyName = t('speed.advice.historyActual');
  const advisedName = t('speed.advice.historyAdvised');
  const spec = useMemo(
    () => (h ? historySpec(h.points, shipOffset, historyName, advisedName) : undefined),
    [h, shipOffset, historyName, advisedName],
  );
  return (
    <div style={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      {a ? (
        <>
          <div style={{ display: 'flex', alignItems: 'baseline', gap: 8 }}>
            <span style={{ fontSize: 30, fontWeight: 600 }} data-testid="advice-rpm">
              {num(a.rpm, 1)}
            </span>
            <span>rpm</span>
            <Tag
              color={a.optimized ? 'green' : a.optimized === false ? 'orange' : 'default'}
              data-testid="advice-status"
            >
              {a.optimized == null
                ? t('speed.advice.noLive')
                : a.optimized
                  ? t('speed.advice.optimized')
                  : t('speed.advice.notOptimized')}
            </Tag>
          </div>
          <div style={grid(3)}>
            <Field label={t('speed.advice.stw')} value={`${num(a.stwKn, 1)} kn`} />
            <Field
              label={t('speed.advice.current')}
              value={a.currentRpm == null ? '—' : `${num(a.currentRpm, 1)} rpm`}
            />
            <Field
              label={t('speed.advice.applyAt')}
              value={
                Date.parse(a.applyAt) - Date.parse(data.generatedAt) < 60_000
                  ? t('speed.advice.now')
                  : utc(a.applyAt)
              }
              testId="advice-apply"
            />
          </div>
          {a.adjustment ? (
            <div style={{ fontSize: 12, opacity: 0.75, marginTop: 4 }} data-testid="advice-adjustment">
              {t('speed.advice.last', {
                decision: t(`speed.adjust.${a.adjustment.decision}`),
                rpm: num(a.adjustment.rpm, 1),
                reason: a.adjustment.reason || '—',
              })}
            </div>
          ) : null}
        </>
      ) : (
        <Alert
          type="info"
          showIcon
          data-testid="advice-none"
          message={t(`speed.advice.noAdvice.${data.noAdviceReason ?? 'no_plan'}`)}
        />
      )}
      {buttons}
      {spec ? (
        <div style={{ flex: 1, minHeight: 130, marginTop: 6 }}>
          <LightChart spec={spec} label={t('speed.advice.history')} />
        </div>
      ) : null}
    </div>
  );
}
