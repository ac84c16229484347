import type {
  BunkerRecordInput,
  HullCleaningRecordInput,
  OilChangeRecordInput,
  VoyagePlanInput,
} from '@ecohelm/contracts';
import { CHANNEL, DAY_MS } from '@ecohelm/domain';
import type { Transition } from '../features/alarms/index.ts';
import type { RecordsService } from '../features/records/index.ts';
import type { BulkHistoryWriter, MinuteValues, Sample, SampleSink } from '../features/telemetry/index.ts';
import type { NewVoyageEvent, VoyageService } from '../features/voyages/index.ts';
import { letOthersRun } from '../platform/let-others-run.ts';
import { alarmTransitions, simulatedAlarmHistory } from './alarm-history.ts';
import { BOOLEAN, CHANNEL_COUNT, CHANNEL_IDS, CIRCULAR, KEY_CHANNELS } from './channels.ts';
import { MINUTE_MS, type SimEvent, type SimRecord, VesselModel } from './model.ts';
import { hashUnit } from './random.ts';
import { PORTS } from './route.ts';

/** Where the backfill writes its history: `TelemetryService` implements it. */
export interface HistorySink {
  bulkHistory(options: {
    minutesAreNew: boolean;
  }): Pick<BulkHistoryWriter, 'channelId' | 'minute' | 'pending' | 'flush' | 'finish'>;
}

export const DEFAULT_SEED = 20_231;
/** The history a first start generates: 13 months and a few days. */
export const BACKFILL_DAYS = 400;
/**
 * Non-key channels are written every this many minutes in the backfill (each such minute stands for
 * its half hour in the hour and day rollups); key channels every minute. The first-start budget
 * (< 30 s for 13 months on two cores) sets the balance: ~7 M minute rows.
 */
const SECONDARY_EVERY_MIN = 30;
/** Minute rows buffered before a write transaction. */
const FLUSH_ROWS = 100_000;
const STATE = {
  origin: 'simulator.origin',
  seed: 'simulator.seed',
  ref: 'simulator.voyageRef',
  until: 'simulator.writtenUntil',
};
export const SIMULATOR_SOURCE = 'simulator';

/**
 * Voyage numbers: the voyage under way when the history was generated is 2304 and the three before it
 * 2303..2301 (SPEC §9's list); earlier ones count down in series of four (2204..2201, 2104..); voyages
 * started later continue 2305, 2306, … (docs/decisions.md).
 */
export function voyageNumber(index: number, refIndex: number): number {
  if (index > refIndex) return 2304 + (index - refIndex);
  const k = refIndex - index;
  return (23 - Math.floor(k / 4)) * 100 + (4 - (k % 4));
}

/** Typical short-term spread of each channel within a minute (SI), for min/max of rollups and 1 Hz jitter. */
const JITTER = new Float64Array(CHANNEL_COUNT);
{
  const set = (id: string, v: number) => {
    const i = CHANNEL_IDS.indexOf(id);
    if (i >= 0) JITTER[i] = v;
  };
  set(CHANNEL.sog, 0.04);
  set(CHANNEL.stw, 0.05);
  set(CHANNEL.heading, 0.004);
  set(CHANNEL.cog, 0.006);
  set(CHANNEL.heel, 0.02);
  set(CHANNEL.rudder, 0.01);
  set(CHANNEL.windSpeedTrue, 0.8);
  set(CHANNEL.windSpeedApp, 0.8);
  set(CHANNEL.windDirTrue, 0.05);
  set(CHANNEL.waveHs, 0.08);
  set(CHANNEL.meRev, 0.006);
  set(CHANNEL.mePower, 35_000);
  set(CHANNEL.meTorque, 3_000);
  set(CHANNEL.meFuelHfo, 0.002);
  set(CHANNEL.meFuelMgo, 0.002);
  set(CHANNEL.ge1Power, 9_000);
  set(CHANNEL.ge2Power, 9_000);
  set(CHANNEL.ge3Power, 9_000);
  set(CHANNEL.meExhTc, 1.5);
  for (let c = 1; c <= 6; c++) set(`propulsion.main.cylinders.${c}.exhaustTemperature`, 2);
}

export interface BackfillResult {
  minutes: number;
  rows: number;
  events: number;
  records: number;
  ms: number;
}

export interface SimulatorDeps {
  voyages: VoyageService;
  records: RecordsService;
  history: HistorySink;
  /** The normal ingest path for live samples. */
  live: SampleSink;
  /** Where the master's voyage plans go (the speed optimisation); none in tests that do not need them. */
  plans?: { offerSimulatorPlan(plan: VoyagePlanInput): Promise<boolean> };
  seed?: number;
  /** Days of history a first start generates (default BACKFILL_DAYS). */
  historyDays?: number;
  now?: () => number;
  /** Console progress of the backfill (0..1); default: a bar on stderr. */
  progress?: (fraction: number, label: string) => void;
  log?: (message: string) => void;
  /** Where the alarms of the generated history go (the alarm store); none in tests that do not need them. */
  alarms?: { saveTransitions(transitions: readonly Transition[]): Promise<void> };
}

/**
 * The built-in vessel simulator: on a first start it writes ≥ 13 months of history as 1-minute rollups
 * (key channels every minute, the rest every 15 min) plus events and records; then it runs live at 1 Hz
 * through the ingest sink. Restarts replay the model from the stored origin to now (deterministic) and
 * fill the gap since the last write.
 */
export class VesselSimulator {
  readonly #deps: SimulatorDeps;
  readonly #now: () => number;
  #model: VesselModel | undefined;
  #prev = new Float64Array(CHANNEL_COUNT);
  #prevT = 0;
  #timer: NodeJS.Timeout | undefined;
  #refIndex = 0;
  #busy = false;
  #lastStateSave = 0;
  /** The crew's start order of the generators (setGeneratorOrder); the history's last hours follow it too. */
  #generatorOrder: readonly number[] | null = null;
  #live = false;

  constructor(deps: SimulatorDeps) {
    this.#deps = deps;
    this.#now = deps.now ?? Date.now;
  }

  /** Backfills or catches up, then starts the 1 Hz live loop (unless `live: false`). */
  async start(options: { live?: boolean } = {}): Promise<void> {
    const { voyages } = this.#deps;
    const now = Math.floor(this.#now() / MINUTE_MS) * MINUTE_MS;
    const storedOrigin = await voyages.getState(STATE.origin);
    if (!storedOrigin) {
      const seed = this.#deps.seed ?? DEFAULT_SEED;
      const days = this.#deps.historyDays ?? BACKFILL_DAYS;
      const origin = Math.floor((now - days * DAY_MS) / DAY_MS) * DAY_MS;
      await voyages.setState(STATE.seed, String(seed));
      await voyages.setState(STATE.origin, String(origin));
      this.#model = new VesselModel({ seed, originMs: origin });
      await this.backfill(now, { fresh: true });
    } else {
      const seed = Number((await voyages.getState(STATE.seed)) ?? DEFAULT_SEED);
      this.#refIndex = Number((await voyages.getState(STATE.ref)) ?? 0);
      const until = Number((await voyages.getState(STATE.until)) ?? storedOrigin);
      const model = new VesselModel({ seed, originMs: Number(storedOrigin) });
      this.#model = model;
      // Replay (no writes) to where the store ends, then write the gap. The replay of a year takes a few
      // seconds of CPU: it yields to the event loop every few thousand minutes so the console answers.
      for (let n = 1; model.t < until; n++) {
        model.step();
        model.events.length = 0;
        model.records.length = 0;
        if (n % 10_000 === 0) await letOthersRun();
      }
      if (model.t < now) await this.backfill(now, { fresh: false });
    }
    const model = this.#model!;
    if (this.#generatorOrder) model.generatorOrder = this.#generatorOrder;
    this.#live = true;
    await this.#offerPlan();
    this.#prev.set(model.values);
    this.#prevT = model.t;
    model.step();
    if (options.live !== false) {
      this.#timer = setInterval(() => void this.#tick(), 1000);
      this.#timer.unref();
    }
  }

  stop(): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = undefined;
  }

  /** Files the plan of the passage under way (or the next one) with the speed optimisation. */
  async #offerPlan(): Promise<void> {
    const plans = this.#deps.plans;
    const p = this.#model?.passagePlan();
    if (!plans || !p) return;
    const iso = (ms: number) => new Date(Math.round(ms / 60_000) * 60_000).toISOString();
    await plans.offerSimulatorPlan({
      voyageNo: String(voyageNumber(p.voyageIndex, this.#refIndex)),
      departurePort: PORTS[p.fromPort].nameEn,
      destination: PORTS[p.toPort].nameEn,
      etd: iso(p.etdMs),
      rtd: iso(p.etdMs),
      eta: iso(p.etaMs),
      rta: iso(p.rtaMs),
      waypoints: p.waypoints.map((w) => ({
        name: w.name,
        lat: Math.round(w.lat * 1e5) / 1e5,
        lon: Math.round(w.lon * 1e5) / 1e5,
        speedMinKn: w.speedMinKn,
        speedMaxKn: w.speedMaxKn,
      })),
      specialPoints: p.specialPoints.map((s) => ({
        ...s,
        lat: Math.round(s.lat * 1e5) / 1e5,
        lon: Math.round(s.lon * 1e5) / 1e5,
      })),
    });
  }

  /**
   * The generators' start order of the live ship (set indices, the crew's load priorities; power-management.ts),
   * applied from the next simulated minute. The history keeps the default order (G/E 1, 2, 3).
   */
  setGeneratorOrder(order: readonly number[]): void {
    this.#generatorOrder = order;
    if (this.#model && this.#live) this.#model.generatorOrder = order;
  }

  /** The model (tests, benchmarks). */
  get model(): VesselModel | undefined {
    return this.#model;
  }

  /**
   * Runs the model from its current minute to `toMs`, writing minute rollups in big chunks, then events
   * and records. On a fresh backfill the voyage numbering reference is the voyage under way at the end.
   */
  async backfill(toMs: number, options: { fresh: boolean }): Promise<BackfillResult> {
    const started = performance.now();
    const model = this.#model!;
    const { history } = this.#deps;
    const fromMs = model.t;
    const totalMin = Math.max(1, Math.round((toMs - fromMs) / MINUTE_MS));
    const progress = this.#deps.progress ?? consoleProgress();
    const events: SimEvent[] = [];
    const records: SimRecord[] = [];
    const secondary = [...Array(CHANNEL_COUNT).keys()].filter((i) => !KEY_CHANNELS.includes(i));
    const writer = history.bulkHistory({ minutesAreNew: options.fresh });
    const ids = CHANNEL_IDS.map((name) => writer.channelId(name));
    const minute: MinuteValues = { mean: 0, min: 0, max: 0, last: 0, count: 60 };
    let rows = 0;
    let done = 0;
    while (model.t < toMs) {
      const v = model.values;
      const t = model.t;
      const minuteIndex = t / MINUTE_MS;
      for (const i of KEY_CHANNELS) writer.minute(ids[i]!, t, rollupValues(minute, i, v[i]!, minuteIndex));
      if (minuteIndex % SECONDARY_EVERY_MIN === 0) {
        for (const i of secondary) writer.minute(ids[i]!, t, rollupValues(minute, i, v[i]!, minuteIndex));
      }
      // The last two hours before now run the sets in the crew's order, so the live ship does not open on a change.
      if (this.#generatorOrder && model.t >= toMs - 2 * 3_600_000)
        model.generatorOrder = this.#generatorOrder;
      model.step();
      done++;
      if (model.events.length) events.push(...model.events.splice(0));
      if (model.records.length) records.push(...model.records.splice(0));
      if (writer.pending >= FLUSH_ROWS) {
        rows += writer.pending;
        await writer.flush();
        // SQLite writes are synchronous: give the event loop a turn so the console answers meanwhile.
        await letOthersRun();
        progress(
          done / totalMin,
          `${new Date(model.t).toISOString().slice(0, 10)}  ${(rows / 1e6).toFixed(1)} M rows`,
        );
      }
    }
    rows += writer.pending;
    await writer.finish();
    if (options.fresh) {
      this.#refIndex = model.voyageIndex;
      await this.#deps.voyages.setState(STATE.ref, String(this.#refIndex));
    }
    await this.#storeEventsAndRecords(events, records);
    if (options.fresh && this.#deps.alarms) {
      // A living ship's alarms over the history it was given (simulator/alarm-history.ts).
      const alarms = simulatedAlarmHistory(events, fromMs, model.t, model.seed);
      await this.#deps.alarms.saveTransitions(alarms.flatMap(alarmTransitions));
    }
    await this.#deps.voyages.setState(STATE.until, String(model.t));
    progress(1, 'done');
    return {
      minutes: done,
      rows,
      events: events.length,
      records: records.length,
      ms: performance.now() - started,
    };
  }

  async #storeEventsAndRecords(events: readonly SimEvent[], records: readonly SimRecord[]): Promise<void> {
    const { voyages } = this.#deps;
    const evs: NewVoyageEvent[] = events.map((e) => ({
      type: e.type,
      time: new Date(e.t).toISOString(),
      voyageNumber: voyageNumber(e.voyageIndex, this.#refIndex),
      port: e.port,
      place: e.place,
      latitude: Math.round(e.lat * 1e5) / 1e5,
      longitude: Math.round(e.lon * 1e5) / 1e5,
      data: e.data,
      source: SIMULATOR_SOURCE,
    }));
    await voyages.recordEvents(evs);
    const last = await this.#deps.records.lastSimulatorRecordTime();
    const fresh = records.filter((r) => !last || new Date(r.startTime).toISOString() > last);
    const iso = (t: number) => new Date(t).toISOString();
    /** Where (to 1e-5°) and when a maintenance record's work was done. */
    const placeAndTimes = (r: { lat: number; lon: number; startTime: number; endTime: number }) => ({
      latitude: Math.round(r.lat * 1e5) / 1e5,
      longitude: Math.round(r.lon * 1e5) / 1e5,
      startTime: iso(r.startTime),
      endTime: iso(r.endTime),
    });
    const bunker: BunkerRecordInput[] = [];
    const oilChange: OilChangeRecordInput[] = [];
    const hullCleaning: HullCleaningRecordInput[] = [];
    for (const r of fresh) {
      if (r.kind === 'bunker') {
        bunker.push({
          port: r.port,
          fuelType: r.fuelType,
          quantityT: r.quantityT,
          supplier: r.supplier,
          startTime: iso(r.startTime),
          endTime: iso(r.endTime),
          tankNumber: r.tankNumber,
          sulphurPct: r.sulphurPct,
          bdnNumber: r.bdnNumber,
        });
      } else if (r.kind === 'oil_change') {
        oilChange.push({
          equipment: r.equipment,
          oilTypeBefore: r.oilTypeBefore,
          oilTypeAfter: r.oilTypeAfter,
          ...placeAndTimes(r),
          reason: r.reason,
          operator: r.operator,
        });
      } else {
        hullCleaning.push({
          kind: 'hull_cleaning',
          place: r.place,
          ...placeAndTimes(r),
          remark: r.remark,
        });
      }
    }
    await this.#deps.records.addMany({ bunker, oilChange, hullCleaning }, 'simulator');
  }

  /** One live second: advance the minute model when due, interpolate, add 1 Hz jitter, write through ingest. */
  async #tick(): Promise<void> {
    if (this.#busy || !this.#model) return;
    this.#busy = true;
    try {
      const model = this.#model;
      const t = Math.floor(this.#now() / 1000) * 1000;
      const events: SimEvent[] = [];
      const records: SimRecord[] = [];
      while (t >= model.t) {
        this.#prev.set(model.values);
        this.#prevT = model.t;
        model.step();
        events.push(...model.events.splice(0));
        records.push(...model.records.splice(0));
      }
      const f = Math.min(1, Math.max(0, (t - this.#prevT) / MINUTE_MS));
      const samples: Sample[] = new Array(CHANNEL_COUNT);
      const next = model.values;
      for (let i = 0; i < CHANNEL_COUNT; i++) {
        const a = this.#prev[i]!;
        const b = next[i]!;
        let value: number;
        if (BOOLEAN.has(i)) value = f < 1 ? a : b;
        else if (CIRCULAR.has(i)) {
          let d = b - a;
          if (d > Math.PI) d -= 2 * Math.PI;
          if (d < -Math.PI) d += 2 * Math.PI;
          value =
            (a + d * f + JITTER[i]! * 0.5 * hashUnit(model.seed + i, t / 1000) + 2 * Math.PI) % (2 * Math.PI);
        } else {
          value = a + (b - a) * f;
          if (value !== 0) value += JITTER[i]! * 0.5 * hashUnit(model.seed + i, t / 1000);
          if (value < 0 && a >= 0 && b >= 0) value = 0;
        }
        samples[i] = { channel: CHANNEL_IDS[i]!, t, value };
      }
      await this.#deps.live.write(SIMULATOR_SOURCE, samples);
      if (events.length || records.length) await this.#storeEventsAndRecords(events, records);
      if (events.some((e) => e.type === 'departure' || e.type === 'arrival')) await this.#offerPlan();
      if (t - this.#lastStateSave > 60_000) {
        this.#lastStateSave = t;
        await this.#deps.voyages.setState(STATE.until, String(this.#prevT));
      }
    } catch (error) {
      this.#deps.log?.(`simulator tick failed: ${(error as Error).message}`);
    } finally {
      this.#busy = false;
    }
  }
}

/** Fills `into` with one minute of channel `i` around `value` (min/max from its typical spread). */
function rollupValues(into: MinuteValues, i: number, value: number, minuteIndex: number): MinuteValues {
  const spread = JITTER[i]! * (0.6 + 0.4 * Math.abs(hashUnit(i, minuteIndex)));
  const min = value === 0 ? 0 : value - spread;
  into.mean = value;
  into.min = min < 0 && value >= 0 ? 0 : min;
  into.max = value + spread;
  into.last = value;
  return into;
}

/** A progress bar on stderr (a line per 10 % when not a terminal). */
export function consoleProgress(): (fraction: number, label: string) => void {
  let lastDecile = -1;
  const tty = process.stderr.isTTY;
  return (fraction, label) => {
    const pct = Math.round(fraction * 100);
    if (tty) {
      const width = 30;
      const filled = Math.round(fraction * width);
      process.stderr.write(
        `\rSimulator history [${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${pct}% ${label}   `,
      );
      if (label === 'done') process.stderr.write('\n');
    } else if (Math.floor(pct / 10) !== lastDecile || label === 'done') {
      lastDecile = Math.floor(pct / 10);
      process.stderr.write(`Simulator history ${pct}% ${label}\n`);
    }
  };
}
