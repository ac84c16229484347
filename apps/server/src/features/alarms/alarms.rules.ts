/**
 * Alarm rules: pure functions from the latest values to {@link ConditionInput}s for the engine.
 * Values are SI as stored (catalogue units); limits here are SI too.
 */
import {
  CHANNEL,
  type ChannelDef,
  calmWaterPowerKw,
  type EcaStatus,
  type Equipment,
  fuelKindOf,
  fuelKinds,
  fuelMassFlowKgPerH,
  knotsToMs,
  msToKnots,
  twoStrokeSfoc,
} from '@ecohelm/domain';
import type { AlarmIdentity, ConditionInput } from './alarms.engine.ts';

export interface LimitSetting {
  lowlow: number | null;
  low: number | null;
  high: number | null;
  highhigh: number | null;
  /** SI, same unit as the limits. */
  hysteresis: number;
  delayMs: number;
  enabled: boolean;
}

export type Latest = ReadonlyMap<string, { t: number; value: number }>;

/** Default dead band: 1 % of the channel's valid range. */
export const defaultHysteresis = (def: ChannelDef) => (def.range[1] - def.range[0]) * 0.01;
/** Default minimum duration of a limit crossing before it alarms (and of the return before it rectifies). */
export const DEFAULT_LIMIT_DELAY_MS = 5_000;

/** The catalogue's default setting of a channel. */
export function defaultLimitSetting(def: ChannelDef): LimitSetting {
  return {
    lowlow: def.limits.lowlow ?? null,
    low: def.limits.low ?? null,
    high: def.limits.high ?? null,
    highhigh: def.limits.highhigh ?? null,
    hysteresis: defaultHysteresis(def),
    delayMs: DEFAULT_LIMIT_DELAY_MS,
    enabled: true,
  };
}

/** The channel telling whether an equipment runs; limits of stopped machinery are blocked. */
const runIndicator: Partial<Record<Equipment, { channel: string; threshold: number }>> = {
  // 3 rpm: turning gear and slow turning are not running.
  me: { channel: CHANNEL.meRev, threshold: 3 / 60 },
  ge1: { channel: CHANNEL.ge1Run, threshold: 0.5 },
  ge2: { channel: CHANNEL.ge2Run, threshold: 0.5 },
  ge3: { channel: CHANNEL.ge3Run, threshold: 0.5 },
  boiler1: { channel: CHANNEL.b1Run, threshold: 0.5 },
  boiler2: { channel: CHANNEL.b2Run, threshold: 0.5 },
};

/** Channels watched only while the ship makes way: under-keel clearance at a berth is no hazard. */
const underWayOnly = new Set<string>([CHANNEL.ukc]);
/** Making way: above 1 kn over ground. */
const UNDER_WAY_MS = knotsToMs(1);

/** True unless the channel's watch is off: UKC alongside or at anchor (unknown speed counts as under way). */
export function channelWatched(channel: string, latest: Latest): boolean {
  if (!underWayOnly.has(channel)) return true;
  const sog = latest.get(CHANNEL.sog);
  return sog === undefined || sog.value >= UNDER_WAY_MS;
}

/** True unless the equipment's run indicator says it is stopped (unknown counts as running). */
export function equipmentRunning(equipment: Equipment, latest: Latest): boolean {
  const ind = runIndicator[equipment];
  if (!ind) return true;
  const v = latest.get(ind.channel);
  return v === undefined || v.value >= ind.threshold;
}

const levels = ['highhigh', 'high', 'low', 'lowlow'] as const;

/** The alarm of one limit of a channel: an alarm beyond high-high or low-low, a warning beyond high or low. */
export const limitAlarm = (
  def: Pick<ChannelDef, 'id' | 'equipment'>,
  level: (typeof levels)[number],
): AlarmIdentity => ({
  key: `limit:${def.id}:${level}`,
  category: 'equipmentAlarm',
  condition: level,
  equipment: def.equipment,
  channel: def.id,
  priority: level === 'highhigh' || level === 'lowlow' ? 'alarm' : 'warning',
});

/**
 * The four limit conditions of one channel for one value: high and high-high raise above the limit
 * and clear below it minus the hysteresis; low and low-low the other way round. A disabled or
 * absent limit, or stopped machinery, clears at once.
 */
export function limitConditions(
  def: ChannelDef,
  setting: LimitSetting,
  value: number,
  running: boolean,
): ConditionInput[] {
  return levels.map((level) => {
    const limit = setting[level];
    const high = level === 'high' || level === 'highhigh';
    const off = limit === null || !setting.enabled || !running;
    const raise = !off && (high ? value > limit : value < limit);
    const clear = off || (high ? value < limit - setting.hysteresis : value > limit + setting.hysteresis);
    return {
      ...limitAlarm(def, level),
      raise,
      clear,
      delayMs: off ? 0 : setting.delayMs,
      value,
      limit,
    };
  });
}

/** A channel of running machinery that has sent nothing for this long while the feed is alive is lost. */
export const SIGNAL_LOST_MS = 30_000;

/**
 * Equipment fault: a sensor of running machinery that stopped reporting while others still report
 * (a broken sensor or cable, as an alarm-monitoring system flags it).
 */
export function signalLostCondition(
  def: ChannelDef,
  lastT: number,
  at: number,
  feedAlive: boolean,
  running: boolean,
): ConditionInput {
  const age = at - lastT;
  const watched = feedAlive && running;
  return {
    key: `fault:${def.id}`,
    category: 'equipmentAlarm',
    condition: 'signal_lost',
    equipment: def.equipment,
    channel: def.id,
    priority: 'warning',
    raise: watched && age > SIGNAL_LOST_MS,
    clear: !watched || age <= SIGNAL_LOST_MS / 2,
    delayMs: 0,
    value: null,
    limit: null,
  };
}

/** ECA proximity (SPEC §8–§9): a warning at 10 nm, the change-over tip at 2 nm (or the crew's distances), from outside. */
export function ecaConditions(status: EcaStatus, distances = { warningNm: 10, tipNm: 2 }): ConditionInput[] {
  const inside = status.insideZoneIds.length > 0;
  const distance = status.nearest?.distanceToBoundaryNm ?? null;
  // Half a mile of dead band so a ship running along the 10 nm line does not flap.
  const beyond = (nm: number) => inside || distance === null || distance > nm + 0.5;
  const base = {
    category: 'focWarning' as const,
    equipment: 'navigation' as const,
    channel: null,
    delayMs: 0,
    value: distance,
  };
  return [
    {
      ...base,
      key: 'eca:warning',
      condition: 'eca_warning',
      priority: 'warning',
      raise: status.state === 'warning',
      clear: beyond(distances.warningNm),
      limit: distances.warningNm,
    },
    {
      ...base,
      key: 'eca:changeover',
      condition: 'eca_changeover',
      priority: 'caution',
      raise: status.changeOverTip,
      clear: beyond(distances.tipNm),
      limit: distances.tipNm,
    },
  ];
}

/**
 * Sea margin of the expected consumption over calm water and a clean hull (design practice 15–25 %):
 * the simulated year sails at a median of 1.23 × calm water.
 */
export const FOC_SEA_MARGIN = 1.25;
/** The tip above 125 % of the expected value (about 15 % of the simulated sea time: heavy weather). */
export const FOC_TOLERANCE = 1.25;
export const FOC_CLEAR = 1.15;
/** Ten minutes of excess consumption before the tip: manoeuvres and gusts pass. */
export const FOC_DELAY_MS = 10 * 60_000;
/** The main engine's F.O.C alarm: consumption above what the speed, draught and load call for. */
export const FOC_ALARM: AlarmIdentity = {
  key: 'foc:me',
  category: 'focWarning',
  condition: 'foc_high',
  equipment: 'me',
  channel: null,
  priority: 'caution',
};
/** The check runs only at sea speed. */
const FOC_MIN_STW_KN = 5;

/** Expected main-engine fuel (kg/h) for a speed through water and mean draught, with the sea margin. */
export function expectedMeFuelKgPerH(stwKn: number, meanDraftM: number, load: number): number {
  return fuelMassFlowKgPerH(calmWaterPowerKw(stwKn, meanDraftM) * FOC_SEA_MARGIN, twoStrokeSfoc(load));
}

/**
 * The F.O.C check (SPEC §8 fuel-consumption tip): main-engine consumption above the expected value
 * for the current speed and draught by more than the tolerance. Undefined without the inputs.
 */
/** The store's disk below its free-space floor (values in MB for the record). */
export function storageCondition(space: {
  low: boolean;
  freeBytes: number;
  minFreeBytes: number;
}): ConditionInput {
  return {
    key: 'system:storage_low',
    category: 'equipmentAlarm',
    condition: 'storage_low',
    equipment: 'system',
    channel: null,
    priority: 'alarm',
    raise: space.low,
    clear: !space.low,
    delayMs: 0,
    value: Number.isFinite(space.freeBytes) ? Math.round(space.freeBytes / 1e6) : null,
    limit: Math.round(space.minFreeBytes / 1e6),
  };
}

export function focCondition(latest: Latest): ConditionInput | undefined {
  const stw = latest.get(CHANNEL.stw)?.value;
  const fore = latest.get(CHANNEL.draftFore)?.value;
  const aft = latest.get(CHANNEL.draftAft)?.value;
  const load = latest.get(CHANNEL.meLoad)?.value ?? 0.75;
  if (stw === undefined || fore === undefined || aft === undefined) return undefined;
  let actual = 0;
  let seen = false;
  for (const f of fuelKinds) {
    const v = latest.get(`propulsion.main.fuel.${f}.massFlow`);
    if (v) {
      actual += v.value * 3600;
      seen = true;
    }
  }
  if (!seen) return undefined;
  const stwKn = msToKnots(stw);
  const expected = expectedMeFuelKgPerH(stwKn, (fore + aft) / 2, load);
  const atSea = stwKn >= FOC_MIN_STW_KN && expected > 0;
  const ratio = atSea ? actual / expected : 0;
  return {
    ...FOC_ALARM,
    raise: atSea && ratio > FOC_TOLERANCE,
    clear: !atSea || ratio < FOC_CLEAR,
    delayMs: FOC_DELAY_MS,
    // Per cent of the expected consumption.
    value: atSea ? ratio * 100 : null,
    limit: FOC_TOLERANCE * 100,
  };
}

/** Generator rating until the ship particulars carry it (the simulated vessel's gensets). */
export const GE_RATED_KW = 600;
const LOW_LOAD = 0.3;
const ASSESSMENT_DELAY_MS = 30 * 60_000;

/** Equipment assessment: a generator running below 30 % load for half an hour (fuel and fouling). */
export function lowLoadConditions(latest: Latest): ConditionInput[] {
  const out: ConditionInput[] = [];
  for (const n of [1, 2, 3] as const) {
    const running = latest.get(`electrical.generators.ge${n}.running`);
    const power = latest.get(`electrical.generators.ge${n}.realPower`);
    if (!running || !power) continue;
    const on = running.value >= 0.5;
    const load = power.value / 1000 / GE_RATED_KW;
    out.push({
      key: `assessment:ge${n}:low_load`,
      category: 'equipmentAssessment',
      condition: 'low_load',
      equipment: `ge${n}`,
      channel: `electrical.generators.ge${n}.realPower`,
      priority: 'caution',
      raise: on && load < LOW_LOAD,
      clear: !on || load > LOW_LOAD + 0.05,
      delayMs: ASSESSMENT_DELAY_MS,
      value: power.value,
      limit: LOW_LOAD * GE_RATED_KW * 1000,
    });
  }
  return out;
}

/** The energy distribution's alarm of both boilers firing. */
export const BOILERS_PARALLEL_ALARM: AlarmIdentity = {
  key: 'distribution:boilers_parallel',
  category: 'energyDistribution',
  condition: 'boilers_parallel',
  equipment: 'boiler2',
  channel: null,
  priority: 'caution',
};

/** Energy distribution: both boilers firing for half an hour, where one usually carries the load. */
export function boilersParallelCondition(latest: Latest): ConditionInput | undefined {
  const b1 = latest.get(CHANNEL.b1Run);
  const b2 = latest.get(CHANNEL.b2Run);
  if (!b1 || !b2) return undefined;
  const both = b1.value >= 0.5 && b2.value >= 0.5;
  return {
    ...BOILERS_PARALLEL_ALARM,
    raise: both,
    clear: !both,
    delayMs: ASSESSMENT_DELAY_MS,
    value: null,
    limit: null,
  };
}

/** The tank kind (`hfo`, `lfo`, `mgo`) of each of the ship's fuel types that has a tank channel. */
export function fuelKindsOf(fuelTypeIds: readonly string[]): Set<string> {
  return new Set(fuelTypeIds.flatMap((id) => fuelKindOf(id) ?? []));
}

/** A fuel tank's limits apply only to fuels the ship carries (ship basic info); unknown → all. */
export function tankInUse(channel: string, kindsInUse: ReadonlySet<string> | undefined): boolean {
  const m = /^tanks\.fuel\.(\w+)\.currentMass$/.exec(channel);
  return !m || !kindsInUse || kindsInUse.has(m[1]!);
}
