/**
 * The real server (`apps/server/src/main.ts`) as its own process, for the benches that measure it from outside (memory,
 * memory under the mixed load, the overview drawn in a browser): a free port, the process on a data folder, its log,
 * and the console's device token it prints once it listens.
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { compileCacheEnv, serverEnv, serverNodeFlags } from '../scripts/server-node-flags.mjs';

export const root = path.resolve(import.meta.dirname, '..');
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A port on 127.0.0.1 nothing listens on now. */
export function freePort(): Promise<number> {
  return new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

export interface RealServer {
  server: ChildProcessWithoutNullStreams;
  /** What the server printed so far (stdout and stderr). */
  log: () => string;
  /** The console's device token, once the server printed it; throws after `timeoutMs`. */
  token: (timeoutMs: number) => Promise<string>;
}

/** Starts the server on `port` with its store in `dir` (`env` adds to or overrides the environment). */
export function startRealServer(port: number, dir: string, env: Record<string, string> = {}): RealServer {
  const server = spawn(process.execPath, [...serverNodeFlags, path.join(root, 'apps/server/src/main.ts')], {
    cwd: root,
    env: {
      ...serverEnv,
      ...compileCacheEnv(),
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      ECOHELM_DATA_DIR: dir,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  }) as unknown as ChildProcessWithoutNullStreams;
  let out = '';
  server.stdout.on('data', (d) => {
    out += String(d);
  });
  server.stderr.on('data', (d) => {
    out += String(d);
  });
  const token = async (timeoutMs: number) => {
    const t0 = performance.now();
    for (;;) {
      const m = /dcToken=([\w-]+)/.exec(out);
      if (m) return m[1]!;
      if (performance.now() - t0 > timeoutMs) throw new Error(`server did not start:\n${out}`);
      await sleep(100);
    }
  };
  return { server, log: () => out, token };
}

/**
 * Waits until the simulator's history is in: the ship's pre-filled basic information is complete (after the backfill).
 * A busy machine takes minutes where an idle one takes 25 s; throws `timeoutMs` after `t0`.
 */
export async function historyWritten(
  origin: string,
  token: string,
  t0: number,
  timeoutMs: number,
  log: () => string = () => '',
) {
  for (;;) {
    const ship = await fetch(`${origin}/api/v1/ship`, { headers: { authorization: `Bearer ${token}` } });
    if (ship.ok && ((await ship.json()) as { complete: boolean }).complete) return;
    if (performance.now() - t0 > timeoutMs) throw new Error(`the history did not finish:\n${log()}`);
    await sleep(500);
  }
}

/**
 * Waits until the server's work after a start is done: the first energy assessment (the `equipment.assessment` job, a
 * minute after the start: a year's hull analysis, ~5 s of one core on a ship PC), read from the metrics listener at
 * `metricsOrigin` (the server started with `ECOHELM_METRICS_LISTEN`). A console on a ship meets a server that has run
 * for days, not one in its first minute; throws after `timeoutMs`.
 */
export async function startWorkDone(metricsOrigin: string, timeoutMs: number) {
  const t0 = performance.now();
  for (;;) {
    const text = await fetch(`${metricsOrigin}/metrics`)
      .then((r) => r.text())
      .catch(() => '');
    const runs = /^ecohelm_job_runs_total\{job="equipment\.assessment"\} (\d+)/m.exec(text);
    if (runs && Number(runs[1]) >= 1) return;
    if (performance.now() - t0 > timeoutMs) throw new Error('the first energy assessment did not run');
    await sleep(1000);
  }
}
