import { Cron } from 'croner';

/** A background job as declared: what it does and when (a cron pattern, read in UTC). */
export interface JobSpec {
  /** `<feature>.<what>`, e.g. `telemetry.prune`; unique. */
  name: string;
  /** What it does, for the operator (API, Data sources dialog). */
  description: string;
  /** A cron pattern (five fields, or six with seconds), e.g. `*\/10 * * * *`: every ten minutes. */
  schedule: string;
  /** Runs once this long after the start too (the first assessment, the first prune), ms. */
  firstRunAfterMs?: number;
  run: () => Promise<unknown>;
}

/** What the registry knows of a job: its schedule and its last run. */
export interface JobState {
  name: string;
  description: string;
  schedule: string;
  running: boolean;
  runs: number;
  failures: number;
  /** When the last run started (ISO), null before the first. */
  lastRunAt: string | null;
  lastDurationMs: number | null;
  /** The last run's error message, null when it succeeded. */
  lastError: string | null;
  /** When it runs next (ISO), null once stopped. */
  nextRunAt: string | null;
}

interface JobLog {
  error(o: object, m: string): void;
}

interface Entry {
  spec: JobSpec;
  state: Omit<JobState, 'nextRunAt'>;
  cron?: Cron;
  first?: Cron;
  current?: Promise<void>;
}

/**
 * Every background job of the server in one place: declared with its schedule ({@link add}), started together
 * ({@link start}), each run timed and its error kept ({@link list}), and stopped cleanly on shutdown ({@link stop}:
 * no new run starts, a running one is awaited). A run never overlaps the previous run of the same job. Scheduling
 * is croner's; a test drives it with a fake clock.
 */
export class JobRegistry {
  readonly #jobs = new Map<string, Entry>();
  readonly #log: JobLog;
  readonly #now: () => number;
  #started = false;
  #stopped = false;

  constructor(options: { log: JobLog; now?: () => number }) {
    this.#log = options.log;
    this.#now = options.now ?? Date.now;
  }

  add(spec: JobSpec): void {
    if (this.#jobs.has(spec.name)) throw new Error(`A job named ${spec.name} is already declared.`);
    // Refuses a pattern croner cannot read now, not at start.
    new Cron(spec.schedule, { paused: true, timezone: 'Etc/UTC' }).stop();
    const entry: Entry = {
      spec,
      state: {
        name: spec.name,
        description: spec.description,
        schedule: spec.schedule,
        running: false,
        runs: 0,
        failures: 0,
        lastRunAt: null,
        lastDurationMs: null,
        lastError: null,
      },
    };
    this.#jobs.set(spec.name, entry);
    if (this.#started) this.#schedule(entry);
  }

  /** Stops a job's schedule and forgets it (a part of the app that ends, such as the simulator). */
  remove(name: string): void {
    const entry = this.#jobs.get(name);
    entry?.cron?.stop();
    entry?.first?.stop();
    this.#jobs.delete(name);
  }

  /** Starts every declared job's schedule (and the ones added later). */
  start(): void {
    if (this.#started || this.#stopped) return;
    this.#started = true;
    for (const entry of this.#jobs.values()) this.#schedule(entry);
  }

  /** Runs a job now, outside its schedule (an operator's "run now", a test); waits for a run already going. */
  async runNow(name: string): Promise<JobState> {
    const entry = this.#jobs.get(name);
    if (!entry) throw new Error(`No job named ${name}.`);
    await (entry.current ?? this.#run(entry));
    return this.#stateOf(entry);
  }

  list(): JobState[] {
    return [...this.#jobs.values()].map((e) => this.#stateOf(e)).sort((a, b) => a.name.localeCompare(b.name));
  }

  /** No new run starts; resolves once the runs going now have ended. */
  async stop(): Promise<void> {
    this.#stopped = true;
    for (const entry of this.#jobs.values()) {
      entry.cron?.stop();
      entry.first?.stop();
    }
    await Promise.all([...this.#jobs.values()].map((e) => e.current));
  }

  #schedule(entry: Entry): void {
    const trigger = () => {
      if (!this.#stopped && !entry.current) void this.#run(entry);
    };
    entry.cron = new Cron(entry.spec.schedule, { timezone: 'Etc/UTC', unref: true }, trigger);
    if (entry.spec.firstRunAfterMs !== undefined) {
      entry.first = new Cron(new Date(this.#now() + entry.spec.firstRunAfterMs), { unref: true }, trigger);
    }
  }

  #run(entry: Entry): Promise<void> {
    const started = this.#now();
    entry.state.running = true;
    entry.state.lastRunAt = new Date(started).toISOString();
    const run = (async () => {
      try {
        await entry.spec.run();
        entry.state.lastError = null;
      } catch (error) {
        entry.state.failures += 1;
        entry.state.lastError = error instanceof Error ? error.message : String(error);
        this.#log.error({ err: error, job: entry.spec.name }, 'background job failed');
      } finally {
        entry.state.runs += 1;
        entry.state.running = false;
        entry.state.lastDurationMs = this.#now() - started;
        entry.current = undefined;
      }
    })();
    entry.current = run;
    return run;
  }

  #stateOf(entry: Entry): JobState {
    const next = this.#stopped ? null : (entry.cron?.nextRun() ?? null);
    const first = this.#stopped ? null : (entry.first?.nextRun() ?? null);
    const soonest = [next, first]
      .filter((d): d is Date => d !== null)
      .sort((a, b) => a.getTime() - b.getTime())[0];
    return { ...entry.state, nextRunAt: soonest ? soonest.toISOString() : null };
  }
}
