/**
 * The live alarm watch: feeds the engine from the live samples (TelemetryService listener) and a 1 Hz
 * tick, and stores every transition in order.
 *
 * Limit conditions are evaluated per sample at the sample's own time, in time order per channel,
 * so the minimum duration is measured on the data, and again on every tick with the latest value
 * held (sensors that report on change only). Older samples than one already evaluated are ignored.
 */
import {
  CHANNEL,
  type ChannelDef,
  channelById,
  channelCatalogue,
  type Geofence,
  legalGeofence,
  msToKnots,
  radToDeg,
} from '@ecohelm/domain';
import type { Sample, TelemetryService } from '../telemetry/index.ts';
import { AlarmEngine, type ConditionInput, type EngineAlarm, type Transition } from './alarms.engine.ts';
import type { AlarmsRepository } from './alarms.repository.ts';
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
  storageCondition,
  tankInUse,
} from './alarms.rules.ts';

/** The ECA geofence is evaluated at most this often. */
const ECA_EVERY_MS = 10_000;
/** The feed counts as alive while some channel reported within this time. */
const FEED_ALIVE_MS = 10_000;
/** How often the ship's fuel types are read again. */
const _SHIP_REFRESH_MS = 60_000;

/** Channels whose limits the crew may set: measured quantities, not positions, angles that wrap or flags. */
export const limitableChannels: readonly ChannelDef[] = channelCatalogue.filter(
  (c) => c.unit !== 'bool' && !c.circular && c.unit !== 'deg',
);
export const limitable = new Set(limitableChannels.map((c) => c.id));

export interface AlarmsServiceOptions {
  now?: () => number;
  /** Tick period (ms); 0 disables the timer (tests call `tick`). */
  tickMs?: number;
  /** Where evaluation failures go; they never fail the ingest that fed the samples. */
  log?: { error: (obj: unknown, msg?: string) => void };
  /** Fuel tank kinds the ship carries (from its basic info); undefined when not known. */
  fuelKindsInUse?: () => Promise<ReadonlySet<string> | undefined>;
  /** The store's disk space, watched on every tick. */
  storage?: () => { low: boolean; freeBytes: number; minFreeBytes: number };
  /** The ECA watch with the crew's zones and distances; the legal zones at 10 nm / 2 nm when absent. */
  geofence?: Geofence;
  /** Conditions computed elsewhere on their own schedule (the energy assessment), evaluated with the others. */
  extraInputs?: () => readonly ConditionInput[];
}

/** How often the ship's fuel types are read again. */
const SHIP_REFRESH_MS = 60_000;

export class AlarmWatch {
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
  readonly #geofence: Geofence;
  readonly #extraInputs: () => readonly ConditionInput[];
  #newestT = Number.NEGATIVE_INFINITY;
  readonly #fuelKindsInUse: AlarmsServiceOptions['fuelKindsInUse'];
  readonly #log: AlarmsServiceOptions['log'];
  readonly #storage: AlarmsServiceOptions['storage'];
  #kindsInUse: ReadonlySet<string> | undefined;
  #kindsReadAt = Number.NEGATIVE_INFINITY;

  constructor(repo: AlarmsRepository, telemetry: TelemetryService, options: AlarmsServiceOptions = {}) {
    this.#repo = repo;
    this.#telemetry = telemetry;
    this.#now = options.now ?? Date.now;
    this.#tickMs = options.tickMs ?? 1000;
    this.#fuelKindsInUse = options.fuelKindsInUse;
    this.#log = options.log;
    this.#storage = options.storage;
    this.#geofence = options.geofence ?? legalGeofence;
    this.#extraInputs = options.extraInputs ?? (() => []);
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
    await this.flush();
  }

  /** Resolves once every transition so far is stored; queries wait for it so they see them. */
  flush(): Promise<unknown> {
    return this.#queue;
  }

  /** Stores transitions in order, after those already queued. */
  persist(transitions: Transition[]): Promise<unknown> {
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
    this.persist(out).catch(() => undefined);
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
    const inputs: ConditionInput[] = [...this.#extraInputs()];
    const foc = focCondition(this.#latest);
    if (foc) inputs.push(foc);
    inputs.push(...lowLoadConditions(this.#latest));
    const boilers = boilersParallelCondition(this.#latest);
    if (boilers) inputs.push(boilers);
    if (at - this.#lastEcaAt >= ECA_EVERY_MS) {
      const lat = this.#latest.get(CHANNEL.lat);
      const lon = this.#latest.get(CHANNEL.lon);
      if (lat && lon) {
        this.#lastEcaAt = at;
        const sog = this.#latest.get(CHANNEL.sog);
        const cog = this.#latest.get(CHANNEL.cog);
        const status = this.#geofence.status({
          lat: lat.value,
          lon: lon.value,
          at,
          ...(sog ? { sogKn: msToKnots(sog.value) } : {}),
          ...(cog ? { cogDeg: radToDeg(cog.value) } : {}),
        });
        inputs.push(...ecaConditions(status, this.#geofence));
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
    if (this.#storage) out.push(...this.#engine.observe([storageCondition(this.#storage())], at));
    out.push(...this.#engine.tick(at));
    this.persist(out).catch(() => undefined);
    void this.#refreshShip(at);
  }

  /** Every alarm not yet cleared, as the engine holds it. */
  openAlarms(): EngineAlarm[] {
    return this.#engine.open();
  }

  /** Acknowledges an alarm in the engine and stores the transitions; tells why when it cannot. */
  async acknowledge(id: number, deviceCode: string) {
    await this.flush();
    const result = this.#engine.acknowledge(id, deviceCode, this.#now());
    if (result.ok) await this.persist(result.transitions);
    return result;
  }

  /** Silences an active unacknowledged alarm for `ms`; stores the transitions. */
  async silence(id: number, deviceCode: string, ms: number) {
    await this.flush();
    const result = this.#engine.silence(id, deviceCode, this.#now(), ms);
    if (result.ok) await this.persist(result.transitions);
    return result;
  }

  /** The limits in force on a channel and who set them last, if anyone did. */
  settingOf(def: ChannelDef): {
    setting: LimitSetting;
    custom: { updatedAt: string; updatedBy: string | null } | undefined;
  } {
    return {
      setting: this.#settings.get(def.id) ?? defaultLimitSetting(def),
      custom: this.#custom.get(def.id),
    };
  }

  /** Puts new limits in force and applies them to the value held now, so a removed or widened limit rectifies at once. */
  async applyLimits(
    def: ChannelDef,
    setting: LimitSetting,
    changed: { updatedAt: string; updatedBy: string },
  ) {
    this.#settings.set(def.id, setting);
    this.#custom.set(def.id, changed);
    const held = this.#latest.get(def.id);
    if (held) {
      const at = Math.max(this.#now(), held.t);
      const inUse = this.#watched(def);
      await this.persist(this.#engine.observe(limitConditions(def, setting, held.value, inUse), at));
    }
  }

  now(): number {
    return this.#now();
  }
}
