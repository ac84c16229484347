/**
 * The alarm state machine: pure, no I/O, no clock (every time is an argument).
 *
 * Two layers:
 * 1. A *condition* per alarm key, debounced: it becomes true only after the raise test has held for
 *    the minimum duration, and false only after the clear test (the raise threshold minus the
 *    hysteresis) has held as long. Between the two thresholds it keeps its state, so a noisy value
 *    around a limit does not flap.
 * 2. An *alert* per condition after IEC 62923-1: active-unacknowledged → (silence) active-silenced,
 *    which re-sounds after the silence time → (acknowledge) active-acknowledged → (condition gone)
 *    cleared; or, with the condition gone first, rectified-unacknowledged → (acknowledge) cleared.
 *    A condition that returns while rectified-unacknowledged makes the same alert active again.
 *    An alert left unacknowledged past the escalation time escalates once (a warning becomes an alarm).
 *
 * Every transition is returned so the caller can store it: the history is complete.
 */
import type { AlarmCategory, AlarmCondition, AlarmPriority, AlarmState } from '@ecohelm/contracts';
import type { Equipment } from '@ecohelm/domain';

/** Which alarm it is: its key, what it is about (category, condition, equipment, channel) and its priority. */
export interface AlarmIdentity {
  key: string;
  category: AlarmCategory;
  condition: AlarmCondition;
  equipment: Equipment;
  channel: string | null;
  priority: AlarmPriority;
}

/** The identity of an alarm, a condition or a simulated alarm, on its own (for a new alarm or a store row). */
export const identityOf = (a: AlarmIdentity): AlarmIdentity => ({
  key: a.key,
  category: a.category,
  condition: a.condition,
  equipment: a.equipment,
  channel: a.channel,
  priority: a.priority,
});

/** What an evaluator says about one alarm key at one time. */
export interface ConditionInput extends AlarmIdentity {
  /** The raise test holds (e.g. value above the limit). */
  raise: boolean;
  /** The clear test holds (e.g. value below the limit minus the hysteresis). Ignored while `raise`. */
  clear: boolean;
  /** Minimum duration (ms) of either test before the condition changes. */
  delayMs: number;
  /** Value and limit for the record (SI; the service converts). */
  value: number | null;
  limit: number | null;
}

export interface EngineAlarm extends AlarmIdentity {
  /** Assigned by the caller's store; 0 until then. */
  id: number;
  state: AlarmState;
  escalated: boolean;
  raisedAt: number;
  updatedAt: number;
  acknowledgedAt: number | null;
  acknowledgedBy: string | null;
  clearedAt: number | null;
  silencedUntil: number | null;
  /** When the current unacknowledged period started (escalation counts from here). */
  unackSince: number | null;
  value: number | null;
  limit: number | null;
}

export type TransitionEvent =
  | 'raised'
  | 'silenced'
  | 'resounded'
  | 'acknowledged'
  | 'rectified'
  | 'returned'
  | 'escalated'
  | 'cleared';

export interface Transition {
  alarm: EngineAlarm;
  event: TransitionEvent;
  from: AlarmState | null;
  to: AlarmState;
  at: number;
  source: 'engine' | 'device';
  deviceCode: string | null;
  value: number | null;
}

export interface EngineOptions {
  /** Time after which an unacknowledged alarm escalates, per priority (ms); absent = never. */
  escalateAfterMs: Partial<Record<AlarmPriority, number>>;
}

/** IEC 62923-1 leaves the times to the system; a warning escalates after 5 min, an alarm after 3 min. */
export const defaultEngineOptions: EngineOptions = {
  escalateAfterMs: { warning: 5 * 60_000, alarm: 3 * 60_000 },
};

interface Debounce {
  active: boolean;
  /** Since when the test that would change `active` has held; null when it does not. */
  pendingSince: number | null;
  /** Time of the last input; older inputs (out of order) are ignored. */
  lastAt: number;
}

/** The outcome of an operator action. */
export type ActionResult =
  | { ok: true; transitions: Transition[] }
  | { ok: false; reason: 'not_found' | 'not_allowed' };

/** The further of two values beyond the limit: the higher for high limits, the lower for low ones. */
function worse(a: EngineAlarm, value: number): number {
  if (a.value === null) return value;
  if (a.condition === 'high' || a.condition === 'highhigh') return Math.max(a.value, value);
  if (a.condition === 'low' || a.condition === 'lowlow') return Math.min(a.value, value);
  return value;
}

const unacknowledged = (s: AlarmState) =>
  s === 'active_unacknowledged' || s === 'active_silenced' || s === 'rectified_unacknowledged';

export class AlarmEngine {
  readonly #options: EngineOptions;
  readonly #debounce = new Map<string, Debounce>();
  /** Open (not cleared) alarms by key. */
  readonly #open = new Map<string, EngineAlarm>();

  constructor(options: EngineOptions = defaultEngineOptions) {
    this.#options = options;
  }

  /** Restores open alarms from the store after a restart; their conditions count as active. */
  restore(alarms: readonly EngineAlarm[]): void {
    for (const a of alarms) {
      if (a.state === 'cleared') continue;
      this.#open.set(a.key, { ...a });
      const active = a.state !== 'rectified_unacknowledged';
      this.#debounce.set(a.key, { active, pendingSince: null, lastAt: a.updatedAt });
    }
  }

  /** Open alarms, newest first. */
  open(): EngineAlarm[] {
    return [...this.#open.values()].sort((a, b) => b.raisedAt - a.raisedAt || b.id - a.id);
  }

  byId(id: number): EngineAlarm | undefined {
    for (const a of this.#open.values()) if (a.id === id) return a;
    return undefined;
  }

  /** Feeds conditions observed at `at`; returns the transitions they cause. */
  observe(inputs: readonly ConditionInput[], at: number): Transition[] {
    const out: Transition[] = [];
    for (const input of inputs) {
      const was = this.#debounce.get(input.key)?.active ?? false;
      const now = this.#step(input, at);
      if (now === was) {
        const a = this.#open.get(input.key);
        // Keep the worst value beyond the limit for the record, not the one it rectifies with.
        if (a && now && input.raise && input.value !== null) a.value = worse(a, input.value);
        continue;
      }
      if (now) this.#conditionOn(input, at, out);
      else this.#conditionOff(input, at, out);
    }
    return out;
  }

  #step(input: ConditionInput, at: number): boolean {
    let d = this.#debounce.get(input.key);
    if (!d) {
      d = { active: false, pendingSince: null, lastAt: Number.NEGATIVE_INFINITY };
      this.#debounce.set(input.key, d);
    }
    if (at < d.lastAt) return d.active;
    d.lastAt = at;
    const changing = d.active ? !input.raise && input.clear : input.raise;
    if (!changing) {
      d.pendingSince = null;
      return d.active;
    }
    d.pendingSince ??= at;
    if (at - d.pendingSince >= input.delayMs) {
      d.active = !d.active;
      d.pendingSince = null;
    }
    return d.active;
  }

  #conditionOn(input: ConditionInput, at: number, out: Transition[]) {
    const existing = this.#open.get(input.key);
    if (existing && existing.state === 'rectified_unacknowledged') {
      existing.value = input.value;
      this.#move(existing, 'active_unacknowledged', 'returned', at, out, input.value);
      return;
    }
    if (existing) return;
    const alarm: EngineAlarm = {
      id: 0,
      ...identityOf(input),
      state: 'active_unacknowledged',
      escalated: false,
      raisedAt: at,
      updatedAt: at,
      acknowledgedAt: null,
      acknowledgedBy: null,
      clearedAt: null,
      silencedUntil: null,
      unackSince: at,
      value: input.value,
      limit: input.limit,
    };
    this.#open.set(input.key, alarm);
    out.push({
      alarm,
      event: 'raised',
      from: null,
      to: alarm.state,
      at,
      source: 'engine',
      deviceCode: null,
      value: input.value,
    });
  }

  #conditionOff(input: ConditionInput, at: number, out: Transition[]) {
    const a = this.#open.get(input.key);
    if (!a) return;
    if (a.state === 'active_acknowledged') this.#clear(a, at, out, 'engine', null, input.value);
    else if (a.state === 'active_unacknowledged' || a.state === 'active_silenced') {
      a.silencedUntil = null;
      this.#move(a, 'rectified_unacknowledged', 'rectified', at, out, input.value);
    }
  }

  /** Time passes: silences run out (re-sound) and unacknowledged alarms escalate. */
  tick(at: number): Transition[] {
    const out: Transition[] = [];
    for (const a of this.#open.values()) {
      if (a.state === 'active_silenced' && a.silencedUntil !== null && at >= a.silencedUntil) {
        a.silencedUntil = null;
        this.#move(a, 'active_unacknowledged', 'resounded', at, out, a.value);
      }
      const after = this.#options.escalateAfterMs[a.priority];
      if (
        !a.escalated &&
        after !== undefined &&
        (a.state === 'active_unacknowledged' || a.state === 'active_silenced') &&
        a.unackSince !== null &&
        at - a.unackSince >= after
      ) {
        a.escalated = true;
        if (a.priority === 'warning') a.priority = 'alarm';
        a.updatedAt = at;
        out.push({
          alarm: a,
          event: 'escalated',
          from: a.state,
          to: a.state,
          at,
          source: 'engine',
          deviceCode: null,
          value: a.value,
        });
      }
    }
    return out;
  }

  /** Acknowledges an open alarm (any console; the caller checks the permission). */
  acknowledge(id: number, deviceCode: string, at: number): ActionResult {
    const a = this.byId(id);
    if (!a) return { ok: false, reason: 'not_found' };
    if (!unacknowledged(a.state)) return { ok: false, reason: 'not_allowed' };
    const out: Transition[] = [];
    a.acknowledgedAt = at;
    a.acknowledgedBy = deviceCode;
    a.silencedUntil = null;
    a.unackSince = null;
    if (a.state === 'rectified_unacknowledged') {
      this.#clear(a, at, out, 'device', deviceCode, a.value, 'acknowledged');
    } else this.#move(a, 'active_acknowledged', 'acknowledged', at, out, a.value, deviceCode);
    return { ok: true, transitions: out };
  }

  /** Silences an active unacknowledged alarm for `forMs`; it re-sounds then unless acknowledged. */
  silence(id: number, deviceCode: string, at: number, forMs: number): ActionResult {
    const a = this.byId(id);
    if (!a) return { ok: false, reason: 'not_found' };
    if (a.state !== 'active_unacknowledged' && a.state !== 'active_silenced') {
      return { ok: false, reason: 'not_allowed' };
    }
    const out: Transition[] = [];
    a.silencedUntil = at + forMs;
    this.#move(a, 'active_silenced', 'silenced', at, out, a.value, deviceCode);
    return { ok: true, transitions: out };
  }

  /** Forgets the debounce state of keys no evaluator reports any more (equipment stopped, limit removed). */
  release(key: string, at: number): Transition[] {
    const out: Transition[] = [];
    const d = this.#debounce.get(key);
    if (d?.active) {
      d.active = false;
      const a = this.#open.get(key);
      if (a) {
        if (a.state === 'active_acknowledged') this.#clear(a, at, out, 'engine', null, a.value);
        else if (a.state !== 'rectified_unacknowledged') {
          a.silencedUntil = null;
          this.#move(a, 'rectified_unacknowledged', 'rectified', at, out, a.value);
        }
      }
    }
    this.#debounce.delete(key);
    return out;
  }

  /** Keys whose condition is currently held active. */
  activeKeys(): string[] {
    return [...this.#debounce.entries()].filter(([, d]) => d.active).map(([k]) => k);
  }

  #move(
    a: EngineAlarm,
    to: AlarmState,
    event: TransitionEvent,
    at: number,
    out: Transition[],
    value: number | null,
    deviceCode: string | null = null,
  ) {
    const from = a.state;
    a.state = to;
    a.updatedAt = at;
    if (to === 'active_unacknowledged' && a.unackSince === null) a.unackSince = at;
    if (event === 'returned') {
      a.acknowledgedAt = null;
      a.acknowledgedBy = null;
      a.unackSince = at;
    }
    out.push({
      alarm: a,
      event,
      from,
      to,
      at,
      source: deviceCode ? 'device' : 'engine',
      deviceCode,
      value,
    });
  }

  #clear(
    a: EngineAlarm,
    at: number,
    out: Transition[],
    source: 'engine' | 'device',
    deviceCode: string | null,
    value: number | null,
    event: TransitionEvent = 'cleared',
  ) {
    const from = a.state;
    a.state = 'cleared';
    a.updatedAt = at;
    a.clearedAt = at;
    this.#open.delete(a.key);
    out.push({ alarm: a, event, from, to: 'cleared', at, source, deviceCode, value });
  }
}
