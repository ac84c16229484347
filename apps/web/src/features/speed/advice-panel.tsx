import type { SpeedResponse } from '@ecohelm/contracts';
import { Alert, Button, Space, Tag } from 'antd';
import { usePageConfig } from '../../lib/page-config';
import { shipTimeAxisLabel, utcOffsetLabel } from '../../lib/ship-time';
import { useFormat } from '../../lib/use-format';
import { Chart, type ChartOption } from '../../ui/chart';
import { FIRST_HISTORY_HOURS, useSpeedHistory } from './api/speed-api';
import type { SpeedDialog } from './speed-dialogs';
import { Field, grid } from './speed-parts';

type Data = SpeedResponse;
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
  const option: ChartOption | null = h
    ? {
        grid: { left: 36, right: 8, top: 24, bottom: 20 },
        legend: { top: 0, textStyle: { fontSize: 10 } },
        tooltip: { trigger: 'axis' },
        // Ship time, the offset named (ECharts would print the browser's time zone).
        xAxis: {
          type: 'time',
          name: utcOffsetLabel(shipOffset),
          nameTextStyle: { fontSize: 9 },
          axisLabel: {
            fontSize: 9,
            hideOverlap: true,
            formatter: (v: number) => shipTimeAxisLabel(v, shipOffset),
          },
        },
        yAxis: { type: 'value', scale: true, axisLabel: { fontSize: 9 } },
        series: [
          {
            name: t('speed.advice.historyActual'),
            type: 'line',
            showSymbol: false,
            data: h.points.filter((p) => p.actualRpm != null).map((p) => [p.t, p.actualRpm]),
          },
          {
            name: t('speed.advice.historyAdvised'),
            type: 'line',
            step: 'end',
            showSymbol: false,
            connectNulls: true,
            data: h.points.filter((p) => p.advisedRpm != null).map((p) => [p.t, p.advisedRpm]),
          },
        ],
      }
    : null;
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
      {option ? (
        <div style={{ flex: 1, minHeight: 130, marginTop: 6 }}>
          <Chart option={option} label={t('speed.advice.history')} />
        </div>
      ) : null}
    </div>
  );
}
