/**
 * The alarm service: feeds the engine from the live samples (TelemetryService listener) and a 1 Hz
 * tick, stores every transition, and answers the message center.
 *
 * Limit conditions are evaluated per sample at the sample's own time, in time order per channel,
 * so the minimum duration is measured on the data, and again on every tick with the latest value
 * held (sensors that report on change only). Older samples than one already evaluated are ignored.
 */
import type {
  ActiveAlarmsResponse,
  Alarm,
  AlarmEvent,
  AlarmHistoryQuery,
  AlarmHistoryResponse,
  AlarmLimitInput,
  AlarmLimitSetting,
  AlarmLimitValues,
  AlarmStatisticsQuery,
  AlarmStatisticsResponse,
} from '@ecohelm/contracts';
import { alarmLimitMessages, alarmStatGroups } from '@ecohelm/contracts';
import {
  type ChannelDef,
  channelById,
  channelCatalogue,
  displayUnitOf,
  ecaStatus,
  fromDisplay,
  msToKnots,
  radToDeg,
  toDisplay,
} from '@ecohelm/domain';
import { AppError, notFound, validationFailed } from '../../platform/errors.ts';
import type { Sample } from '../ingest/types.ts';
import type { TelemetryService } from '../telemetry/telemetry.service.ts';
import { AlarmEngine, type ConditionInput, type EngineAlarm, type Transition } from './alarms.engine.ts';
import type { AlarmRow, AlarmsRepository } from './alarms.repository.ts';
import {
  boilersParallelCondition,
  channelWatched,
  defaultLimitSetting,
  ecaConditions,
  equipmentRunning,
  focCondition,
  type LimitSetting,
  limitConditions,
  lowLoadConditions,
  signalLostCondition,
  tankInUse,
} from './alarms.rules.ts';

const DAY_MS = 86_400_000;
/** The unread count covers this many days. */
const UNREAD_DAYS = 30;
/** The ECA geofence is evaluated at most this often. */
const ECA_EVERY_MS = 10_000;
/** The feed counts as alive while some channel reported within this time. */
const FEED_ALIVE_MS = 10_000;

/** Channels whose limits the crew may set: measured quantities, not positions, angles that wrap or flags. */
export const limitableChannels: readonly ChannelDef[] = channelCatalogue.filter(
  (c) => c.unit !== 'bool' && !c.circular && c.unit !== 'deg',
);
const limitable = new Set(limitableChannels.map((c) => c.id));

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
const round = (v: number) => Math.round(v * 1000) / 1000;

interface AlarmShape {
  id: number;
  key: string;
  category: string;
  condition: string;
  equipment: string;
  channel: string | null;
  priority: string;
  state: string;
  escalated: boolean;
  raisedAt: string;
  updatedAt: string;
  acknowledgedAt: string | null;
  acknowledgedBy: string | null;
  clearedAt: string | null;
  silencedUntil: string | null;
  value: number | null;
  limit: number | null;
}

/** Value and limit of an alarm in the unit the console shows. */
function displayed(a: Pick<AlarmShape, 'channel' | 'condition' | 'value' | 'limit'>) {
  const def = a.channel ? channelById(a.channel) : undefined;
  if (def) {
    const d = (v: number | null) => (v === null ? null : round(toDisplay(def, v)));
    return { value: d(a.value), limit: d(a.limit), unit: displayUnitOf(def) as string };
  }
  const unit = a.condition.startsWith('eca_') ? 'nm' : a.condition === 'foc_high' ? '%' : null;
  const r = (v: number | null) => (v === null ? null : round(v));
  return { value: r(a.value), limit: r(a.limit), unit };
}

function fromEngine(a: EngineAlarm): AlarmShape {
  return {
    ...a,
    raisedAt: iso(a.raisedAt)!,
    updatedAt: iso(a.updatedAt)!,
    acknowledgedAt: iso(a.acknowledgedAt),
    clearedAt: iso(a.clearedAt),
    silencedUntil: iso(a.silencedUntil),
  };
}

function fromRow(r: AlarmRow): AlarmShape {
  return {
    id: Number(r.id),
    key: r.key,
    category: r.category,
    condition: r.condition,
    equipment: r.equipment,
    channel: r.channel,
    priority: r.priority,
    state: r.state,
    escalated: r.escalated === 1,
    raisedAt: r.raised_at,
    updatedAt: r.updated_at,
    acknowledgedAt: r.acknowledged_at,
    acknowledgedBy: r.acknowledged_by,
    clearedAt: r.cleared_at,
    silencedUntil: r.silenced_until,
    value: r.value,
    limit: r.limit_value,
  };
}

const toAlarm = (a: AlarmShape, read: boolean): Alarm => ({ ...a, ...displayed(a), read }) as Alarm;

export interface AlarmsServiceOptions {
  now?: () => number;
  /** Tick period (ms); 0 disables the timer (tests call `tick`). */
  tickMs?: number;
  /** Where evaluation failures go; they never fail the ingest that fed the samples. */
  log?: { error: (obj: unknown, msg?: string) => void };
  /** Fuel tank kinds the ship carries (from its basic info); undefined when not known. */
  fuelKindsInUse?: () => Promise<ReadonlySet<string> | undefined>;
}

/** How often the ship's fuel types are read again. */
const SHIP_REFRESH_MS = 60_000;

export class AlarmsService {
  readonly #repo: AlarmsRepository;
  readonly #telemetry: TelemetryService;
  readonly #engine = new AlarmEngine();
  readonly #now: () => number;
  readonly #tickMs: number;
  readonly #latest = new Map<string, { t: number; value: number }>();
  readonly #settings = new Map<string, LimitSetting>();
  readonly #custom = new Map<string, { updatedAt: string; updatedBy: string | null }>();
  #queue: Promise<unknown> = Promise.resolve();
  #timer: NodeJS.Timeout | undefined;
  #unsubscribe: (() => void) | undefined;
  #lastEcaAt = Number.NEGATIVE_INFINITY;
  #newestT = Number.NEGATIVE_INFINITY;
  readonly #fuelKindsInUse: AlarmsServiceOptions['fuelKindsInUse'];
  readonly #log: AlarmsServiceOptions['log'];
  #kindsInUse: ReadonlySet<string> | undefined;
  #kindsReadAt = Number.NEGATIVE_INFINITY;

  constructor(repo: AlarmsRepository, telemetry: TelemetryService, options: AlarmsServiceOptions = {}) {
    this.#repo = repo;
    this.#telemetry = telemetry;
    this.#now = options.now ?? Date.now;
    this.#tickMs = options.tickMs ?? 1000;
    this.#fuelKindsInUse = options.fuelKindsInUse;
    this.#log = options.log;
  }

  /** Runs an evaluation step; a failure is logged, never thrown into the telemetry write or the timer. */
  #guard(what: string, step: () => void) {
    try {
      step();
    } catch (err) {
      this.#log?.error({ err }, `alarm evaluation failed (${what})`);
    }
  }

  async #refreshShip(at: number): Promise<void> {
    // Until the basic info exists (the simulator saves it at its start), ask again every 2 s.
    const every = this.#kindsInUse ? SHIP_REFRESH_MS : 2000;
    if (!this.#fuelKindsInUse || at - this.#kindsReadAt < every) return;
    this.#kindsReadAt = at;
    this.#kindsInUse = await this.#fuelKindsInUse().catch(() => this.#kindsInUse);
  }

  /** Loads settings and open alarms, subscribes to live samples and starts the tick. */
  async start(): Promise<void> {
    for (const def of limitableChannels) this.#settings.set(def.id, defaultLimitSetting(def));
    for (const r of await this.#repo.limitRows()) {
      if (!limitable.has(r.channel)) continue;
      this.#settings.set(r.channel, {
        lowlow: r.lowlow,
        low: r.low,
        high: r.high,
        highhigh: r.highhigh,
        hysteresis: r.hysteresis,
        delayMs: r.delay_s * 1000,
        enabled: r.enabled === 1,
      });
      this.#custom.set(r.channel, { updatedAt: r.updated_at, updatedBy: r.updated_by });
    }
    await this.#refreshShip(this.#now());
    this.#engine.restore(await this.#repo.openAlarms());
    this.#unsubscribe = this.#telemetry.subscribe((samples) =>
      this.#guard('samples', () => this.observeSamples(samples)),
    );
    if (this.#tickMs > 0) {
      this.#timer = setInterval(() => this.#guard('tick', () => this.tick()), this.#tickMs);
      this.#timer.unref();
    }
  }

  /** Stops the tick and the subscription; resolves once every transition is stored. */
  async stop(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    this.#unsubscribe?.();
    await this.#flush();
  }

  #flush(): Promise<unknown> {
    return this.#queue;
  }

  #persist(transitions: Transition[]): Promise<unknown> {
    if (transitions.length === 0) return this.#queue;
    // Snapshot the alarm rows now: later transitions mutate the same objects.
    const run = this.#queue.then(() => this.#repo.saveTransitions(transitions));
    this.#queue = run.catch((err) => this.#log?.error({ err }, 'storing alarm transitions failed'));
    return run;
  }

  /** Feeds a stored batch of live samples (the telemetry listener). */
  observeSamples(samples: readonly Sample[]): void {
    if (samples.length === 0) return;
    const sorted = [...samples].sort((a, b) => a.t - b.t);
    const out: Transition[] = [];
    let batchT = Number.NEGATIVE_INFINITY;
    for (const s of sorted) {
      const prev = this.#latest.get(s.channel);
      if (prev && s.t < prev.t) continue;
      this.#latest.set(s.channel, { t: s.t, value: s.value });
      batchT = Math.max(batchT, s.t);
      const inputs = this.#limitInputs(s.channel, s.value);
      if (inputs.length > 0) out.push(...this.#engine.observe(inputs, s.t));
    }
    if (batchT > Number.NEGATIVE_INFINITY) {
      this.#newestT = Math.max(this.#newestT, batchT);
      out.push(...this.#engine.observe(this.#derivedInputs(batchT), batchT));
    }
    this.#persist(out).catch(() => undefined);
  }

  #limitInputs(channel: string, value: number): ConditionInput[] {
    const setting = this.#settings.get(channel);
    if (!setting) return [];
    // Most channels have no limit at all: nothing to evaluate (setLimits clears a removed limit at once).
    if (
      setting.lowlow === null &&
      setting.low === null &&
      setting.high === null &&
      setting.highhigh === null
    ) {
      return [];
    }
    const def = channelById(channel);
    if (!def) return [];
    const inUse = this.#watched(def);
    return limitConditions(def, setting, value, inUse);
  }

  /** Whether a channel's limits are watched now: machinery running, fuel carried, ship under way for UKC. */
  #watched(def: ChannelDef): boolean {
    return (
      equipmentRunning(def.equipment, this.#latest) &&
      tankInUse(def.id, this.#kindsInUse) &&
      channelWatched(def.id, this.#latest)
    );
  }

  #derivedInputs(at: number): ConditionInput[] {
    const inputs: ConditionInput[] = [];
    const foc = focCondition(this.#latest);
    if (foc) inputs.push(foc);
    inputs.push(...lowLoadConditions(this.#latest));
    const boilers = boilersParallelCondition(this.#latest);
    if (boilers) inputs.push(boilers);
    if (at - this.#lastEcaAt >= ECA_EVERY_MS) {
      const lat = this.#latest.get('navigation.position.latitude');
      const lon = this.#latest.get('navigation.position.longitude');
      if (lat && lon) {
        this.#lastEcaAt = at;
        const sog = this.#latest.get('navigation.speedOverGround');
        const cog = this.#latest.get('navigation.courseOverGroundTrue');
        const status = ecaStatus({
          lat: lat.value,
          lon: lon.value,
          at,
          ...(sog ? { sogKn: msToKnots(sog.value) } : {}),
          ...(cog ? { cogDeg: radToDeg(cog.value) } : {}),
        });
        inputs.push(...ecaConditions(status));
      }
    }
    return inputs;
  }

  /** Time passes: held values keep their limits' timers running, lost signals, silences, escalation. */
  tick(at = this.#now()): void {
    const out: Transition[] = [];
    const feedAlive = at - this.#newestT <= FEED_ALIVE_MS;
    for (const [channel, v] of this.#latest) {
      if (v.t > at) continue;
      const inputs = this.#limitInputs(channel, v.value);
      if (inputs.length > 0) out.push(...this.#engine.observe(inputs, at));
      const def = channelById(channel);
      if (def && def.equipment !== 'navigation' && def.equipment !== 'environment') {
        const running = equipmentRunning(def.equipment, this.#latest);
        out.push(...this.#engine.observe([signalLostCondition(def, v.t, at, feedAlive, running)], at));
      }
    }
    out.push(...this.#engine.tick(at));
    this.#persist(out).catch(() => undefined);
    void this.#refreshShip(at);
  }

  async #readMap(deviceId: string, ids: number[]) {
    return this.#repo.readIds(deviceId, ids);
  }

  /** Every alarm not yet cleared (the real-time view), with the device's unread count. */
  async active(deviceId: string): Promise<ActiveAlarmsResponse> {
    await this.#flush();
    const open = this.#engine.open().map(fromEngine);
    const read = await this.#readMap(
      deviceId,
      open.map((a) => a.id),
    );
    return {
      items: open.map((a) => toAlarm(a, read.has(a.id))),
      unread: await this.unread(deviceId),
      serverTime: new Date(this.#now()).toISOString(),
    };
  }

  async unread(deviceId: string): Promise<number> {
    await this.#flush();
    return this.#repo.unreadCount(deviceId, new Date(this.#now() - UNREAD_DAYS * DAY_MS).toISOString());
  }

  async history(query: AlarmHistoryQuery, deviceId: string): Promise<AlarmHistoryResponse> {
    await this.#flush();
    const { rows, total } = await this.#repo.history(query);
    const read = await this.#readMap(
      deviceId,
      rows.map((r) => Number(r.id)),
    );
    return {
      items: rows.map((r) => toAlarm(fromRow(r), read.has(Number(r.id)))),
      total,
      page: query.page,
      pageSize: query.pageSize,
    };
  }

  async events(id: number): Promise<AlarmEvent[]> {
    await this.#flush();
    const rows = await this.#repo.events(id);
    if (rows.length === 0) throw notFound('No such alarm.');
    const [alarm] = await this.#repo.byIds([id]);
    return rows.map((r) => ({
      id: Number(r.id),
      alarmId: Number(r.alarm_id),
      at: r.at,
      event: r.event as AlarmEvent['event'],
      fromState: r.from_state as AlarmEvent['fromState'],
      toState: r.to_state as AlarmEvent['toState'],
      source: r.source as AlarmEvent['source'],
      deviceCode: r.device_code,
      value: alarm ? displayed({ ...fromRow(alarm), value: r.value }).value : r.value,
    }));
  }

  async #single(id: number, deviceId: string): Promise<Alarm> {
    const [row] = await this.#repo.byIds([id]);
    if (!row) throw notFound('No such alarm.');
    const read = await this.#readMap(deviceId, [id]);
    return toAlarm(fromRow(row), read.has(id));
  }

  /** Acknowledges an alarm for every console; stored with the device that did it. */
  async acknowledge(id: number, device: { id: string; code: string }): Promise<Alarm> {
    await this.#flush();
    const result = this.#engine.acknowledge(id, device.code, this.#now());
    if (!result.ok) await this.#refuse(id, result.reason, 'acknowledged');
    else await this.#persist(result.transitions);
    return this.#single(id, device.id);
  }

  /** Silences an active unacknowledged alarm; it sounds again after `seconds` unless acknowledged. */
  async silence(id: number, seconds: number, device: { id: string; code: string }): Promise<Alarm> {
    await this.#flush();
    const result = this.#engine.silence(id, device.code, this.#now(), seconds * 1000);
    if (!result.ok) await this.#refuse(id, result.reason, 'silenced');
    else await this.#persist(result.transitions);
    return this.#single(id, device.id);
  }

  async #refuse(id: number, reason: 'not_found' | 'not_allowed', verb: string): Promise<never> {
    const [row] = await this.#repo.byIds([id]);
    if (!row) throw notFound('No such alarm.');
    throw new AppError('conflict', 409, `This alarm cannot be ${verb} in state ${row.state}.`, {
      state: row.state,
      reason,
    });
  }

  async markRead(deviceId: string, ids: number[] | undefined): Promise<number> {
    await this.#flush();
    const since = new Date(this.#now() - UNREAD_DAYS * DAY_MS).toISOString();
    await this.#repo.markRead(deviceId, new Date(this.#now()).toISOString(), ids, since);
    return this.unread(deviceId);
  }

  /** Alarms raised per equipment group (M/E, G/E, boilers) in [from, to); the last 30 days by default. */
  async statistics(query: AlarmStatisticsQuery): Promise<AlarmStatisticsResponse> {
    await this.#flush();
    const to = query.to ?? new Date(this.#now()).toISOString();
    const from = query.from ?? new Date(Date.parse(to) - 30 * DAY_MS).toISOString();
    const counts = await this.#repo.countsByGroup(from, to);
    const items = alarmStatGroups.map((group) => ({ group, count: counts[group] }));
    return { from, to, items, total: items.reduce((s, i) => s + i.count, 0) };
  }

  /** Limit settings of every limitable channel, in display units. */
  limits(): AlarmLimitSetting[] {
    return limitableChannels.map((def) => this.#settingOf(def));
  }

  #settingOf(def: ChannelDef): AlarmLimitSetting {
    const s = this.#settings.get(def.id) ?? defaultLimitSetting(def);
    const d = defaultLimitSetting(def);
    const show = (v: number | null) => (v === null ? null : round(toDisplay(def, v)));
    const values = (x: typeof s): AlarmLimitValues => ({
      lowlow: show(x.lowlow),
      low: show(x.low),
      high: show(x.high),
      highhigh: show(x.highhigh),
    });
    const a = toDisplay(def, def.range[0]);
    const b = toDisplay(def, def.range[1]);
    const custom = this.#custom.get(def.id);
    return {
      channel: def.id,
      equipment: def.equipment,
      label: def.label,
      unit: displayUnitOf(def),
      range: [round(Math.min(a, b)), round(Math.max(a, b))],
      limits: values(s),
      defaults: values(d),
      hysteresis: round(Math.abs(toDisplay(def, s.hysteresis) - toDisplay(def, 0))),
      delaySeconds: Math.round(s.delayMs / 1000),
      enabled: s.enabled,
      updatedAt: custom?.updatedAt ?? null,
      updatedBy: custom?.updatedBy ?? null,
    };
  }

  /** Sets a channel's limits (display units), checked against the channel's valid range. */
  async setLimits(channel: string, input: AlarmLimitInput, deviceCode: string): Promise<AlarmLimitSetting> {
    const def = channelById(channel);
    if (!def || !limitable.has(channel)) throw notFound(`No channel ${channel} with alarm limits.`);
    const a = toDisplay(def, def.range[0]);
    const b = toDisplay(def, def.range[1]);
    const [lo, hi] = [Math.min(a, b), Math.max(a, b)];
    const issues: { path: string; message: string }[] = [];
    for (const level of ['lowlow', 'low', 'high', 'highhigh'] as const) {
      const v = input[level];
      if (v !== null && (v < lo || v > hi))
        issues.push({ path: level, message: alarmLimitMessages.outOfRange });
    }
    if (input.hysteresis > (hi - lo) / 2) {
      issues.push({ path: 'hysteresis', message: alarmLimitMessages.hysteresis });
    }
    if (issues.length > 0) throw validationFailed('The alarm limits are not valid.', issues);
    const si = (v: number | null) => (v === null ? null : fromDisplay(def, v));
    const setting: LimitSetting = {
      lowlow: si(input.lowlow),
      low: si(input.low),
      high: si(input.high),
      highhigh: si(input.highhigh),
      hysteresis: Math.abs(fromDisplay(def, input.hysteresis) - fromDisplay(def, 0)),
      delayMs: input.delaySeconds * 1000,
      enabled: input.enabled,
    };
    const updatedAt = new Date(this.#now()).toISOString();
    await this.#repo.saveLimit({
      channel,
      lowlow: setting.lowlow,
      low: setting.low,
      high: setting.high,
      highhigh: setting.highhigh,
      hysteresis: setting.hysteresis,
      delay_s: input.delaySeconds,
      enabled: input.enabled ? 1 : 0,
      updated_at: updatedAt,
      updated_by: deviceCode,
    });
    this.#settings.set(channel, setting);
    this.#custom.set(channel, { updatedAt, updatedBy: deviceCode });
    // Apply the new limits to the value held now, so a removed or widened limit rectifies at once.
    const held = this.#latest.get(channel);
    if (held) {
      const at = Math.max(this.#now(), held.t);
      const inUse = this.#watched(def);
      await this.#persist(this.#engine.observe(limitConditions(def, setting, held.value, inUse), at));
    }
    return this.#settingOf(def);
  }
}
