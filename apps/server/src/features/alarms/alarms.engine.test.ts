import { channelById } from '@ecohelm/domain';
import { describe, expect, it } from 'vitest';
import { AlarmEngine, type ConditionInput, type Transition } from './alarms.engine.ts';
import {
  channelWatched,
  defaultLimitSetting,
  ecaConditions,
  expectedMeFuelKgPerH,
  FOC_DELAY_MS,
  focCondition,
  fuelKindsOf,
  type Latest,
  limitConditions,
  signalLostCondition,
  tankInUse,
} from './alarms.rules.ts';

const K = (c: number) => c + 273.15;
const cyl = channelById('propulsion.main.cylinders.3.exhaustTemperature')!;
const cylSetting = defaultLimitSetting(cyl); // high 430 °C, high-high 460 °C, 5 s, 7.2 K band

/** Feeds one value of the cylinder channel at `t` seconds; returns the events. */
function feed(engine: AlarmEngine, celsius: number, t: number, running = true): string[] {
  const inputs = limitConditions(cyl, cylSetting, K(celsius), running);
  return engine.observe(inputs, t * 1000).map((x) => `${x.alarm.condition}:${x.event}`);
}

const simple = (over: Partial<ConditionInput> = {}): ConditionInput => ({
  key: 'k',
  category: 'equipmentAlarm',
  condition: 'high',
  equipment: 'me',
  channel: null,
  priority: 'warning',
  raise: true,
  clear: false,
  delayMs: 0,
  value: 1,
  limit: 0,
  ...over,
});
const on = (over: Partial<ConditionInput> = {}) => simple(over);
const off = (over: Partial<ConditionInput> = {}) => simple({ raise: false, clear: true, ...over });
const events = (ts: Transition[]) => ts.map((t) => `${t.event}:${t.to}`);

describe('limit conditions', () => {
  it('raises only after the value stays above the limit for the minimum duration', () => {
    const e = new AlarmEngine();
    expect(feed(e, 440, 0)).toEqual([]);
    expect(feed(e, 441, 4)).toEqual([]);
    expect(feed(e, 442, 5)).toEqual(['high:raised']);
    expect(e.open()[0]).toMatchObject({ state: 'active_unacknowledged', priority: 'warning' });
  });

  it('does not raise when a noisy value dips below the limit within the minimum duration', () => {
    const e = new AlarmEngine();
    for (let t = 0; t < 60; t++) expect(feed(e, t % 3 === 2 ? 425 : 435, t)).toEqual([]);
  });

  it('keeps the alarm inside the hysteresis band and rectifies only below limit − band for the duration', () => {
    const e = new AlarmEngine();
    feed(e, 440, 0);
    feed(e, 440, 5);
    // 425 °C is below the 430 °C limit but inside the 7.2 K band: no change however long.
    for (let t = 6; t < 40; t++) expect(feed(e, 425, t)).toEqual([]);
    expect(feed(e, 420, 40)).toEqual([]);
    expect(feed(e, 420, 44)).toEqual([]);
    expect(feed(e, 420, 45)).toEqual(['high:rectified']);
    expect(e.open()[0]?.state).toBe('rectified_unacknowledged');
  });

  it('records the worst value beyond the limit, not the value it rectifies with', () => {
    const e = new AlarmEngine();
    feed(e, 440, 0);
    feed(e, 440, 5);
    feed(e, 452, 6);
    feed(e, 445, 7);
    for (let t = 8; t <= 13; t++) feed(e, 410, t);
    const a = e.open()[0]!;
    expect(a.state).toBe('rectified_unacknowledged');
    expect(a.value).toBeCloseTo(K(452), 9);
  });

  it('raises high and high-high as separate alarms, high-high with alarm priority', () => {
    const e = new AlarmEngine();
    feed(e, 470, 0);
    expect(feed(e, 470, 5).sort()).toEqual(['high:raised', 'highhigh:raised']);
    expect(e.open().find((a) => a.condition === 'highhigh')?.priority).toBe('alarm');
  });

  it('blocks limits of stopped machinery: an active alarm rectifies at once when the engine stops', () => {
    const e = new AlarmEngine();
    feed(e, 440, 0);
    feed(e, 440, 5);
    expect(feed(e, 440, 6, false)).toEqual(['high:rectified']);
    expect(feed(e, 440, 7, false)).toEqual([]);
  });

  it('ignores samples older than one already evaluated', () => {
    const e = new AlarmEngine();
    feed(e, 440, 10);
    expect(feed(e, 420, 9)).toEqual([]);
    expect(feed(e, 440, 15)).toEqual(['high:raised']);
  });
});

describe('IEC 62923 alert states', () => {
  it('acknowledged while active, then cleared when the condition goes', () => {
    const e = new AlarmEngine();
    e.observe([on()], 0);
    const a = e.open()[0]!;
    a.id = 1;
    const ack = e.acknowledge(1, 'BRIDGE-01', 1000);
    expect(ack.ok && events(ack.transitions)).toEqual(['acknowledged:active_acknowledged']);
    expect(a.acknowledgedBy).toBe('BRIDGE-01');
    expect(events(e.observe([off()], 2000))).toEqual(['cleared:cleared']);
    expect(e.open()).toEqual([]);
  });

  it('rectified-unacknowledged stays listed until acknowledged, then clears', () => {
    const e = new AlarmEngine();
    e.observe([on()], 0);
    e.open()[0]!.id = 7;
    expect(events(e.observe([off()], 1000))).toEqual(['rectified:rectified_unacknowledged']);
    expect(e.open()).toHaveLength(1);
    const ack = e.acknowledge(7, 'ECR-01', 2000);
    expect(ack.ok && ack.transitions.map((t) => [t.event, t.from, t.to, t.source, t.deviceCode])).toEqual([
      ['acknowledged', 'rectified_unacknowledged', 'cleared', 'device', 'ECR-01'],
    ]);
    expect(e.open()).toEqual([]);
  });

  it('returns to active-unacknowledged when the condition comes back before acknowledgement', () => {
    const e = new AlarmEngine();
    e.observe([on()], 0);
    e.observe([off()], 1000);
    expect(events(e.observe([on()], 2000))).toEqual(['returned:active_unacknowledged']);
    expect(e.open()).toHaveLength(1);
  });

  it('a new occurrence after clearing is a new alarm', () => {
    const e = new AlarmEngine();
    e.observe([on()], 0);
    const first = e.open()[0]!;
    first.id = 1;
    e.acknowledge(1, 'B', 500);
    e.observe([off()], 1000);
    expect(events(e.observe([on()], 2000))).toEqual(['raised:active_unacknowledged']);
    expect(e.open()[0]).not.toBe(first);
  });

  it('silence is timed and re-sounds; it is not an acknowledgement', () => {
    const e = new AlarmEngine();
    e.observe([on()], 0);
    e.open()[0]!.id = 3;
    const s = e.silence(3, 'BRIDGE-01', 1000, 30_000);
    expect(s.ok && events(s.transitions)).toEqual(['silenced:active_silenced']);
    expect(e.open()[0]?.acknowledgedAt).toBeNull();
    expect(events(e.tick(30_000))).toEqual([]);
    expect(events(e.tick(31_000))).toEqual(['resounded:active_unacknowledged']);
  });

  it('cannot silence or acknowledge what is already acknowledged', () => {
    const e = new AlarmEngine();
    e.observe([on()], 0);
    e.open()[0]!.id = 2;
    e.acknowledge(2, 'B', 1);
    expect(e.silence(2, 'B', 2, 30_000)).toEqual({ ok: false, reason: 'not_allowed' });
    expect(e.acknowledge(2, 'B', 3)).toEqual({ ok: false, reason: 'not_allowed' });
    expect(e.acknowledge(99, 'B', 3)).toEqual({ ok: false, reason: 'not_found' });
  });

  it('escalates an unacknowledged warning to an alarm once, silenced or not', () => {
    const e = new AlarmEngine({ escalateAfterMs: { warning: 60_000 } });
    e.observe([on()], 0);
    e.open()[0]!.id = 4;
    e.silence(4, 'B', 10_000, 30_000);
    expect(events(e.tick(59_000)).filter((x) => x.startsWith('escalated'))).toEqual([]);
    expect(events(e.tick(60_000)).filter((x) => x.startsWith('escalated'))).toEqual([
      'escalated:active_unacknowledged',
    ]);
    expect(e.open()[0]).toMatchObject({ escalated: true, priority: 'alarm' });
    expect(e.tick(200_000).filter((t) => t.event === 'escalated')).toEqual([]);
  });

  it('does not escalate an acknowledged alarm or a caution', () => {
    const e = new AlarmEngine({ escalateAfterMs: { warning: 60_000, alarm: 60_000 } });
    e.observe([on(), on({ key: 'c', priority: 'caution' })], 0);
    const w = e.open().find((a) => a.key === 'k')!;
    w.id = 5;
    e.acknowledge(5, 'B', 1000);
    expect(e.tick(120_000)).toEqual([]);
  });

  it('restores open alarms after a restart without raising them again', () => {
    const e = new AlarmEngine();
    e.observe([on()], 0);
    e.open()[0]!.id = 8;
    const restarted = new AlarmEngine();
    restarted.restore(e.open());
    expect(restarted.observe([on()], 5000)).toEqual([]);
    expect(events(restarted.observe([off()], 6000))).toEqual(['rectified:rectified_unacknowledged']);
  });
});

describe('derived rules', () => {
  it('signal lost only for running machinery while the feed is alive', () => {
    expect(signalLostCondition(cyl, 0, 31_000, true, true).raise).toBe(true);
    expect(signalLostCondition(cyl, 0, 31_000, false, true).raise).toBe(false);
    expect(signalLostCondition(cyl, 0, 31_000, true, false)).toMatchObject({ raise: false, clear: true });
    expect(signalLostCondition(cyl, 0, 20_000, true, true)).toMatchObject({ raise: false, clear: false });
  });

  it('ECA: a warning within 10 nm and the change-over tip within 2 nm, from outside only', () => {
    const status = (inside: boolean, nm: number, state: 'normal' | 'warning', tip: boolean) =>
      ({
        state,
        changeOverTip: tip,
        insideZoneIds: inside ? ['x'] : [],
        nearest: { distanceToBoundaryNm: nm },
      }) as never;
    const [warn, tip] = ecaConditions(status(false, 8, 'warning', false));
    expect(warn).toMatchObject({ raise: true, condition: 'eca_warning', category: 'focWarning' });
    expect(tip).toMatchObject({ raise: false, clear: true });
    expect(ecaConditions(status(false, 1.5, 'warning', true))[1]).toMatchObject({ raise: true });
    // 10.3 nm: inside the dead band, neither raised nor cleared.
    expect(ecaConditions(status(false, 10.3, 'normal', false))[0]).toMatchObject({
      raise: false,
      clear: false,
    });
    expect(ecaConditions(status(true, 0.1, 'normal', false))[0]).toMatchObject({ raise: false, clear: true });
  });

  it('F.O.C tip after ten minutes above the expected consumption for speed and draught', () => {
    const kn = (k: number) => (k * 1852) / 3600;
    const expected = expectedMeFuelKgPerH(12, 10, 0.6);
    const latest = (kgPerH: number): Latest =>
      new Map([
        ['navigation.speedThroughWater', { t: 0, value: kn(12) }],
        ['navigation.draft.fore', { t: 0, value: 10 }],
        ['navigation.draft.aft', { t: 0, value: 10 }],
        ['propulsion.main.engineLoad', { t: 0, value: 0.6 }],
        ['propulsion.main.fuel.hfo.massFlow', { t: 0, value: kgPerH / 3600 }],
      ]);
    expect(focCondition(latest(expected * 1.1))).toMatchObject({ raise: false, clear: true });
    const high = focCondition(latest(expected * 1.5))!;
    expect(high).toMatchObject({ raise: true, category: 'focWarning', delayMs: FOC_DELAY_MS });
    const e = new AlarmEngine();
    expect(e.observe([high], 0)).toEqual([]);
    expect(events(e.observe([high], FOC_DELAY_MS))).toEqual(['raised:active_unacknowledged']);
  });

  it('applies fuel tank limits only to fuels the ship carries', () => {
    const kinds = fuelKindsOf(['ls_hfo', 'mdo_mgo', 'lng']);
    expect([...kinds].sort()).toEqual(['hfo', 'mgo']);
    expect(tankInUse('tanks.fuel.lfo.currentMass', kinds)).toBe(false);
    expect(tankInUse('tanks.fuel.hfo.currentMass', kinds)).toBe(true);
    expect(tankInUse('tanks.fuel.lfo.currentMass', undefined)).toBe(true);
    expect(tankInUse('tanks.lubrication.systemOil.currentVolume', kinds)).toBe(true);
  });

  it('watches under-keel clearance only while the ship makes way', () => {
    const sog = (ms: number): Latest => new Map([['navigation.speedOverGround', { t: 0, value: ms }]]);
    expect(channelWatched('environment.depth.belowKeel', sog(0.1))).toBe(false);
    expect(channelWatched('environment.depth.belowKeel', sog(3))).toBe(true);
    expect(channelWatched('environment.depth.belowKeel', new Map())).toBe(true);
    expect(channelWatched('navigation.attitude.roll', sog(0))).toBe(true);
  });
});
