import type { SpeedResponse } from '@ecohelm/contracts';
import { Alert, Slider, Spin, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useFormat } from '../../lib/use-format';
import { NumberInput } from '../../ui/number-input';
import { RATING_COLORS } from '../../ui/rating-colors';
import { openingSimulationRpmOf, useRpmSimulation } from './api/speed-api';
import { useErrorText } from './speed-format';
import { Field, grid } from './speed-parts';

type Data = SpeedResponse;

export function Simulation({ data }: { data: Data }) {
  const { t, num, utc } = useFormat();
  const errorText = useErrorText();
  const { minRpm, maxRpm } = data.model;
  // What the crew typed (null: empty or not a number) and the last rpm inside the engine's range.
  const [rpm, setRpm] = useState<number | null>(() => openingSimulationRpmOf(data));
  const valid = rpm !== null && rpm >= minRpm && rpm <= maxRpm;
  const [lastValid, setLastValid] = useState<number>(() => openingSimulationRpmOf(data));
  // The query follows the rpm once it has settled for a moment; nothing is asked for an rpm the engine cannot turn.
  const [asked, setAsked] = useState<number | null>(() => openingSimulationRpmOf(data));
  useEffect(() => {
    if (valid) setLastValid(rpm);
    const id = setTimeout(() => setAsked(valid ? rpm : null), 300);
    return () => clearTimeout(id);
  }, [rpm, valid]);
  const sim = useRpmSimulation(data.plan && valid ? asked : null, data.simulation);
  if (!data.plan) return <Alert type="info" showIcon message={t('speed.sim.noPlan')} />;
  // No result while the field is empty or wrong; the previous rpm's dimmed while the new one is worked out.
  const r = valid ? sim.data : undefined;
  const stale = asked !== rpm || sim.isPlaceholderData;
  const m = data.model;
  const range = t('speed.sim.range', { min: minRpm, max: maxRpm });
  return (
    <div>
      <div style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
        <Slider
          style={{ flex: 1 }}
          min={minRpm}
          max={maxRpm}
          step={0.1}
          value={valid ? rpm : lastValid}
          onChange={(v) => setRpm(v)}
          aria-label={t('speed.sim.rpm')}
        />
        <NumberInput
          aria-label={`${t('speed.sim.rpm')} (${range})`}
          value={rpm}
          status={valid ? '' : 'error'}
          onChange={(v) => setRpm(v == null || !Number.isFinite(Number(v)) ? null : Number(v))}
          style={{ width: 110 }}
          suffix="rpm"
        />
      </div>
      <div
        style={{ fontSize: 11, opacity: valid ? 0.6 : 1, color: valid ? undefined : '#ff4d4f' }}
        data-testid="sim-range"
        role={valid ? undefined : 'alert'}
      >
        {valid ? range : t('speed.sim.invalid', { min: minRpm, max: maxRpm })}
      </div>
      {!valid ? null : sim.error ? (
        <Alert
          type="error"
          showIcon
          message={errorText(sim.error)}
          data-testid="sim-error"
          style={{ marginTop: 6 }}
        />
      ) : r ? (
        <div
          style={{ ...grid(4), marginTop: 6, opacity: stale ? 0.5 : 1 }}
          data-testid="speed-simulation"
          aria-busy={stale}
        >
          <Field label={t('speed.sim.stw')} value={`${num(r.stwKn, 1)} kn`} testId="sim-stw" />
          <Field label={t('speed.sim.sog')} value={`${num(r.sogKn, 1)} kn`} />
          <Field label={t('speed.sim.power')} value={`${num(r.powerKw, 0)} kW (${num(r.loadPct, 0)} %)`} />
          <Field label={t('speed.sim.perDay')} value={`${num(r.fuelTPerDay, 1)} t`} testId="sim-per-day" />
          <Field label={t('speed.sim.fuel')} value={`${num(r.fuelT, 1)} t`} testId="sim-fuel" />
          <Field label={t('speed.sim.co2')} value={`${num(r.co2T, 0)} t`} />
          <Field label={t('speed.sim.arrival')} value={utc(r.arrival)} testId="sim-arrival" />
          <Field
            label={t('speed.sim.againstRta')}
            value={
              // Within the tenth of an hour shown: on time, not "-0.0 h early".
              Math.abs(r.againstRtaH) < 0.05
                ? t('speed.sim.onTime')
                : r.againstRtaH > 0
                  ? t('speed.sim.late', { hours: num(r.againstRtaH, 1) })
                  : t('speed.sim.early', { hours: num(-r.againstRtaH, 1) })
            }
          />
          {r.cii ? (
            <Field
              label={t('speed.sim.cii', { year: r.cii.year })}
              value={
                <Tag
                  color={RATING_COLORS[r.cii.rating]}
                >{`${r.cii.rating} ${num(r.cii.attainedCii, 2)}`}</Tag>
              }
            />
          ) : null}
          <div style={{ gridColumn: '1 / -1', fontSize: 11, opacity: 0.7 }} data-testid="sim-held">
            {r.heldUntil
              ? t('speed.sim.heldUntil', { rpm: num(r.rpm, 1), until: utc(r.heldUntil) })
              : t('speed.sim.heldAll', { rpm: num(r.rpm, 1) })}
          </div>
        </div>
      ) : (
        <Spin />
      )}
      <div style={{ fontSize: 11, opacity: 0.6, marginTop: 6 }} data-testid="sim-model">
        {t('speed.sim.model')}:{' '}
        {m.basis === 'history'
          ? t('speed.sim.history', { hours: m.hours, r2: num(m.r2, 2), mape: num(m.mapePct, 1) })
          : t('speed.sim.trial')}
      </div>
    </div>
  );
}
