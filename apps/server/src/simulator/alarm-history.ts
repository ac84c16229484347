import { ASSESSMENT_LIMITS_PCT, CHANNEL, type Equipment } from '@ecohelm/domain';
import {
  type AlarmIdentity,
  BOILERS_PARALLEL_ALARM,
  type EngineAlarm,
  FOC_ALARM,
  identityOf,
  limitAlarm,
  type Transition,
} from '../features/alarms/index.ts';
import { engineDeviationPct, type SimulatedEngine } from './engine-condition.ts';
import type { SimEvent } from './model.ts';
import { mulberry32 } from './random.ts';

const MIN = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;
const C = (c: number) => c + 273.15;
const KN = 1852 / 3600;

/** A simulated alarm's life: raised, acknowledged by a console, its condition gone (cleared). */
export interface SimulatedAlarm extends AlarmIdentity {
  raisedAt: number;
  acknowledgedAt: number;
  acknowledgedBy: string;
  clearedAt: number;
  /** SI for a channel's alarm (the store's unit), else the rule's own (nm, % of expected). */
  value: number | null;
  limit: number | null;
}

/** The devices that acknowledge: the bridge for navigation and fuel tips, the engine control room otherwise. */
const BRIDGE = 'BRIDGE-01';
const ECR = 'ECR-01';

interface Passage {
  from: number;
  to: number;
}

/** Sea passages of the history (departure to arrival; the one under way ends at `toMs`). */
function passages(events: readonly SimEvent[], toMs: number): Passage[] {
  const out: Passage[] = [];
  let dep: number | null = null;
  for (const e of [...events].sort((a, b) => a.t - b.t)) {
    if (e.type === 'departure') dep = e.t;
    if (e.type === 'arrival' && dep !== null) {
      out.push({ from: dep, to: e.t });
      dep = null;
    }
  }
  if (dep !== null) out.push({ from: dep, to: toMs });
  return out;
}

/**
 * The alarms a living ship raised over the simulated history, so a new console has every kind of event in its
 * message center, on the monitoring pages, the overview's alarm pie and the ECA monitor (issue 26: "400 days and no
 * alarm"). What each is tied to:
 * - ECA: the 10 nm warning and the 2 nm change-over tip before each ECA entry of the simulated route (the live
 *   rules' keys, conditions and limits), at the passage's sea speed; cleared once inside.
 * - Equipment alarms: a high exhaust temperature on one main-engine cylinder or a generator, a boiler's steam
 *   pressure falling low (a burner trip) in port — a few a month, at seeded times.
 * - F.O.C warnings: main-engine consumption above 125 % of the expected for some hours of heavy weather at sea.
 * - Equipment assessment: an engine's SFOC deviation crossing an assessment limit upward (engine-condition.ts: the
 *   same condition the monitoring measures), and a generator left below 30 % load at anchor.
 * - Energy distribution: both boilers firing together while the main engine comes up to load after a departure.
 * Each is acknowledged at its console minutes after it sounds and clears when its condition has gone.
 */
export function simulatedAlarmHistory(
  events: readonly SimEvent[],
  fromMs: number,
  toMs: number,
  seed: number,
): SimulatedAlarm[] {
  const rnd = mulberry32(seed ^ 0x5a17);
  const out: SimulatedAlarm[] = [];
  const within = (a: SimulatedAlarm) => a.raisedAt >= fromMs && a.clearedAt < toMs - HOUR;
  const add = (a: Omit<SimulatedAlarm, 'acknowledgedAt' | 'acknowledgedBy'>, by = ECR) => {
    const ackAfter = (1 + rnd() * 6) * MIN;
    const alarm = { ...a, acknowledgedAt: a.raisedAt + ackAfter, acknowledgedBy: by };
    alarm.clearedAt = Math.max(alarm.clearedAt, alarm.acknowledgedAt + MIN);
    if (within(alarm)) out.push(alarm);
  };
  const sea = passages(events, toMs);

  // ECA approach before each entry: warning at 10 nm, change-over tip at 2 nm, at about 12.5 kn.
  for (const e of events) {
    if (e.type !== 'eca_entry') continue;
    const speed = 12.5 * KN;
    // Metres over metres per second: seconds before the entry, in ms.
    const at = (nm: number) => e.t - ((nm * 1852) / speed) * 1000;
    const base = { category: 'focWarning' as const, equipment: 'navigation' as Equipment, channel: null };
    add(
      {
        ...base,
        key: 'eca:warning',
        condition: 'eca_warning',
        priority: 'warning',
        raisedAt: at(10),
        clearedAt: e.t,
        value: 10,
        limit: 10,
      },
      BRIDGE,
    );
    add(
      {
        ...base,
        key: 'eca:changeover',
        condition: 'eca_changeover',
        priority: 'caution',
        raisedAt: at(2),
        clearedAt: e.t,
        value: 2,
        limit: 2,
      },
      BRIDGE,
    );
  }

  // Equipment alarms: about three a month at sea, one a month in port.
  for (const p of sea) {
    const days = (p.to - p.from) / DAY;
    for (let k = 0; k < Math.max(1, Math.round(days / 10) + (rnd() < 0.5 ? 1 : 0)); k++) {
      const t = p.from + (0.1 + 0.8 * rnd()) * (p.to - p.from);
      if (rnd() < 0.6) {
        const cyl = 1 + Math.floor(rnd() * 6);
        add({
          ...limitAlarm(
            { id: `propulsion.main.cylinders.${cyl}.exhaustTemperature`, equipment: 'me' },
            'high',
          ),
          raisedAt: t,
          clearedAt: t + (20 + 70 * rnd()) * MIN,
          value: C(431 + 12 * rnd()),
          limit: C(430),
        });
      } else {
        const g = 1 + Math.floor(rnd() * 3);
        const equipment = `ge${g}` as Equipment;
        add({
          ...limitAlarm({ id: `electrical.generators.${equipment}.exhaustTemperature`, equipment }, 'high'),
          raisedAt: t,
          clearedAt: t + (15 + 45 * rnd()) * MIN,
          value: C(481 + 10 * rnd()),
          limit: C(480),
        });
      }
    }
    // Heavy weather: the F.O.C tip for a few hours on about one passage in two.
    if (rnd() < 0.5 && days > 2) {
      const t = p.from + (0.2 + 0.6 * rnd()) * (p.to - p.from);
      add(
        {
          ...FOC_ALARM,
          raisedAt: t,
          clearedAt: t + (2 + 6 * rnd()) * HOUR,
          value: 126 + 8 * rnd(),
          limit: 125,
        },
        BRIDGE,
      );
    }
    // Leaving port: the economiser comes in while the oil-fired boiler still fires.
    if (rnd() < 0.4) {
      const t = p.from + (1 + rnd()) * HOUR;
      add({
        ...BOILERS_PARALLEL_ALARM,
        raisedAt: t,
        clearedAt: t + (35 + 40 * rnd()) * MIN,
        value: null,
        limit: null,
      });
    }
  }
  // In port: a boiler burner trip (steam pressure low), a generator left at low load at anchor.
  for (let i = 1; i < sea.length; i++) {
    const from = sea[i - 1]!.to;
    const to = sea[i]!.from;
    if (to - from < 6 * HOUR) continue;
    if (rnd() < 0.5) {
      const t = from + (0.2 + 0.6 * rnd()) * (to - from);
      add({
        ...limitAlarm({ id: CHANNEL.b1Press, equipment: 'boiler1' }, 'low'),
        raisedAt: t,
        clearedAt: t + (10 + 25 * rnd()) * MIN,
        value: (4.2 + 0.6 * rnd()) * 1e5,
        limit: 5e5,
      });
    }
    if (rnd() < 0.3) {
      const g = 1 + Math.floor(rnd() * 3);
      const t = from + (0.3 + 0.4 * rnd()) * (to - from);
      add({
        key: `assessment:ge${g}:low_load`,
        category: 'equipmentAssessment',
        condition: 'low_load',
        equipment: `ge${g}` as Equipment,
        channel: `electrical.generators.ge${g}.realPower`,
        priority: 'caution',
        raisedAt: t,
        clearedAt: t + (1 + 2 * rnd()) * HOUR,
        value: (130 + 40 * rnd()) * 1000,
        limit: 180_000,
      });
    }
  }

  // Assessment: an engine's deviation crossing a rating limit upward, cleared at its next overhaul.
  for (const unit of ['me', 'ge1', 'ge2', 'ge3'] as const satisfies readonly SimulatedEngine[]) {
    let prev = engineDeviationPct(unit, fromMs);
    let open: { t: number; value: number; limit: number } | null = null;
    for (let t = fromMs + DAY; t < toMs; t += DAY) {
      const dev = engineDeviationPct(unit, t);
      const crossed = ASSESSMENT_LIMITS_PCT.find((l) => prev <= l && dev > l);
      if (crossed !== undefined && !open) open = { t, value: dev, limit: crossed };
      if (open && dev < prev - 0.5) {
        add({
          key: `assessment:${unit}:rating`,
          category: 'equipmentAssessment',
          condition: 'rating_worsened',
          equipment: unit,
          channel: null,
          priority: 'caution',
          raisedAt: open.t,
          clearedAt: t,
          value: open.value,
          limit: open.limit,
        });
        open = null;
      }
      prev = dev;
    }
  }
  return out.sort((a, b) => a.raisedAt - b.raisedAt);
}

/** The store's transitions of a simulated alarm: raised, acknowledged, cleared. */
export function alarmTransitions(a: SimulatedAlarm): Transition[] {
  const alarm: EngineAlarm = {
    id: 0,
    ...identityOf(a),
    state: 'cleared',
    escalated: false,
    raisedAt: a.raisedAt,
    updatedAt: a.clearedAt,
    acknowledgedAt: a.acknowledgedAt,
    acknowledgedBy: a.acknowledgedBy,
    clearedAt: a.clearedAt,
    silencedUntil: null,
    unackSince: null,
    value: a.value,
    limit: a.limit,
  };
  const step = (
    event: Transition['event'],
    from: Transition['from'],
    to: Transition['to'],
    at: number,
    device: string | null,
  ): Transition => ({
    alarm,
    event,
    from,
    to,
    at,
    source: device ? 'device' : 'engine',
    deviceCode: device,
    value: a.value,
  });
  return [
    step('raised', null, 'active_unacknowledged', a.raisedAt, null),
    step('acknowledged', 'active_unacknowledged', 'active_acknowledged', a.acknowledgedAt, a.acknowledgedBy),
    step('cleared', 'active_acknowledged', 'cleared', a.clearedAt, null),
  ];
}
