import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { JobRegistry, type JobSpec } from './jobs.ts';

const T0 = Date.UTC(2026, 10, 27, 10, 0, 0);
const MIN = 60_000;
const silent = { error: () => undefined };

/** A registry with one job (its description is its name), started. */
function startedWith(
  job: Omit<JobSpec, 'description'>,
  log: ConstructorParameters<typeof JobRegistry>[0]['log'] = silent,
) {
  const jobs = new JobRegistry({ log });
  jobs.add({ description: job.name, ...job });
  jobs.start();
  return jobs;
}

describe('job registry', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: T0 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs each job on its schedule and after its first delay, and keeps its last run', async () => {
    const runs: number[] = [];
    const jobs = startedWith({
      name: 'telemetry.prune',
      schedule: '*/10 * * * *',
      firstRunAfterMs: 30_000,
      run: async () => {
        runs.push(Date.now());
        await new Promise((r) => setTimeout(r, 2_000));
      },
    });
    expect(jobs.list()[0]).toMatchObject({ runs: 0, lastRunAt: null, nextRunAt: '2026-11-27T10:00:30.000Z' });
    await vi.advanceTimersByTimeAsync(21 * MIN);
    expect(runs.map((t) => new Date(t).toISOString())).toEqual([
      '2026-11-27T10:00:30.000Z',
      '2026-11-27T10:10:00.000Z',
      '2026-11-27T10:20:00.000Z',
    ]);
    expect(jobs.list()[0]).toMatchObject({
      runs: 3,
      failures: 0,
      running: false,
      lastRunAt: '2026-11-27T10:20:00.000Z',
      lastDurationMs: 2_000,
      lastError: null,
      nextRunAt: '2026-11-27T10:30:00.000Z',
    });
    await jobs.stop();
  });

  it('keeps a failure with its message and goes on with the next run', async () => {
    const errors: object[] = [];
    let n = 0;
    const jobs = startedWith(
      {
        name: 'energy.assessment',
        schedule: '0 * * * *',
        run: async () => {
          n += 1;
          if (n === 1) throw new Error('the store is locked');
        },
      },
      { error: (o) => errors.push(o) },
    );
    await vi.advanceTimersByTimeAsync(61 * MIN);
    expect(jobs.list()[0]).toMatchObject({ runs: 1, failures: 1, lastError: 'the store is locked' });
    expect(errors).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(60 * MIN);
    expect(jobs.list()[0]).toMatchObject({ runs: 2, failures: 1, lastError: null });
    await jobs.stop();
  });

  it('never overlaps a run with the previous one of the same job', async () => {
    let running = 0;
    let most = 0;
    const jobs = startedWith({
      name: 'slow',
      schedule: '* * * * *',
      run: async () => {
        running += 1;
        most = Math.max(most, running);
        await new Promise((r) => setTimeout(r, 150_000));
        running -= 1;
      },
    });
    await vi.advanceTimersByTimeAsync(10 * MIN);
    expect(most).toBe(1);
    // 2.5 minutes a run: 10 minutes hold 4 runs at most, not 10.
    expect(jobs.list()[0]?.runs).toBeGreaterThanOrEqual(3);
    expect(jobs.list()[0]?.runs).toBeLessThanOrEqual(4);
    const stopped = jobs.stop();
    await vi.advanceTimersByTimeAsync(150_000);
    await stopped;
  });

  it('stops cleanly: waits for the run going on and starts none after', async () => {
    let finished = 0;
    const jobs = startedWith({
      name: 'memory.trim',
      schedule: '* * * * *',
      run: async () => {
        await new Promise((r) => setTimeout(r, 5_000));
        finished += 1;
      },
    });
    await vi.advanceTimersByTimeAsync(MIN + 1_000);
    expect(jobs.list()[0]?.running).toBe(true);
    const stopped = jobs.stop();
    await vi.advanceTimersByTimeAsync(5_000);
    await stopped;
    expect(finished).toBe(1);
    await vi.advanceTimersByTimeAsync(10 * MIN);
    expect(finished).toBe(1);
    expect(jobs.list()[0]).toMatchObject({ runs: 1, nextRunAt: null });
  });

  it('refuses a pattern it cannot read and a name declared twice', () => {
    const jobs = new JobRegistry({ log: silent });
    expect(() =>
      jobs.add({ name: 'a', description: '', schedule: 'every minute', run: async () => 0 }),
    ).toThrow();
    jobs.add({ name: 'b', description: '', schedule: '* * * * *', run: async () => 0 });
    expect(() => jobs.add({ name: 'b', description: '', schedule: '* * * * *', run: async () => 0 })).toThrow(
      /already declared/,
    );
  });
});
