/**
 * Server resident memory (`node bench/memory.bench.ts`, part of `npm run bench`; budget DESIGN.md / #15: < 300 MB
 * at idle and under 50 concurrent overview requests). Starts the real server (`apps/server/src/main.ts`) as its own
 * process on a fresh data folder with the simulator's 400 days of history, waits until the history and its
 * pre-filled records are in, lets it settle, then keeps 50 overview requests in flight at all times for
 * ECOHELM_BENCH_MEMORY_S seconds (default 30) while the simulator goes on writing live. Then the same on a later
 * start of the server on that store, measured once its first energy assessment has run (what a ship PC runs
 * day to day: the first start's history generation is behind it). The server's RSS is read from /proc/<pid>/status every 100 ms: at idle, its peak under load, and after.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, historyWritten, sleep, startRealServer } from './real-server.ts';

const LOAD_S = Number(process.env.ECOHELM_BENCH_MEMORY_S ?? 30);
const CONCURRENT = 50;
const BUDGET_MB = 300;
const port = await freePort();
const dir = mkdtempSync(path.join(tmpdir(), 'ecohelm-bench-memory-'));
const origin = `http://127.0.0.1:${port}`;

/** Starts the real server on `dir`; resolves with its process and the console's device token. */
async function startServer(): Promise<{ server: ChildProcess; token: string; log: () => string }> {
  const { server, token, log } = startRealServer(port, dir, { DATABASE_URL: '' });
  return { server, token: await token(120_000), log };
}

/** kB fields of /proc/<pid>/status, in MB. */
const status = (server: ChildProcess, field: 'VmRSS' | 'VmHWM'): number => {
  const text = readFileSync(`/proc/${server.pid}/status`, 'utf8');
  const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(text);
  if (!m) throw new Error(`no ${field} in /proc/${server.pid}/status`);
  return Number(m[1]) / 1024;
};

/** RSS at idle (mean of 10 s), then its peak with CONCURRENT overview requests in flight for LOAD_S seconds. */
async function measure(server: ChildProcess, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  const idle: number[] = [];
  for (let i = 0; i < 100; i++) {
    idle.push(status(server, 'VmRSS'));
    await sleep(100);
  }
  // What an overview console asks for (the page's answer and the endpoints of its panels), 50 at a time.
  const candidates = [
    '/api/v1/overview/page',
    '/api/v1/overview?period=day',
    '/api/v1/overview?period=month',
    '/api/v1/overview?period=year',
    '/api/v1/overview/factors',
    '/api/v1/alarms/statistics',
  ];
  const urls: string[] = [];
  for (const url of candidates)
    if ((await fetch(`${origin}${url}`, { headers })).status === 200) urls.push(url);
  let answered = 0;
  let failed = 0;
  let peak = 0;
  const until = performance.now() + LOAD_S * 1000;
  const sampler = (async () => {
    while (performance.now() < until) {
      peak = Math.max(peak, status(server, 'VmRSS'));
      await sleep(100);
    }
  })();
  const worker = async (i: number) => {
    for (let n = i; performance.now() < until; n++) {
      const r = await fetch(`${origin}${urls[n % urls.length]}`, { headers });
      await r.arrayBuffer();
      if (r.status === 200) answered++;
      else failed++;
    }
  };
  await Promise.all([sampler, ...Array.from({ length: CONCURRENT }, (_, i) => worker(i))]);
  await sleep(3000);
  return {
    idle: idle.reduce((a, b) => a + b, 0) / idle.length,
    peak,
    after: status(server, 'VmRSS'),
    answered,
    failed,
  };
}

async function stop(server: ChildProcess): Promise<void> {
  const exited = new Promise((r) => server.once('exit', r));
  server.kill('SIGTERM');
  await exited;
}

const mb = (x: number) => x.toFixed(0);
let current: ChildProcess | undefined;
try {
  const t0 = performance.now();
  const first = await startServer();
  current = first.server;
  await historyWritten(origin, first.token, t0, 240_000, first.log);
  const historyS = (performance.now() - t0) / 1000;
  const firstStart = await measure(first.server, first.token);
  await stop(first.server);
  const later = await startServer();
  current = later.server;
  // Past the first energy assessment (a minute after start; it rates the hull on a year of minutes), so that
  // idle is the steady state of a running console, not the minute before its first hourly job.
  await sleep(80_000);
  const laterStart = await measure(later.server, later.token);
  const row = (what: string, r: typeof firstStart) => ({
    what,
    'idle (MB)': mb(r.idle),
    [`peak, ${CONCURRENT} concurrent (MB)`]: mb(r.peak),
    'after (MB)': mb(r.after),
    'answered 200 (errors)': `${r.answered} (${r.failed})`,
  });
  console.log(
    `history of 400 days written in ${historyS.toFixed(1)} s; load ${LOAD_S} s each; budget < ${BUDGET_MB} MB`,
  );
  console.table([
    row('first start, right after writing the history', firstStart),
    row('later start on that store', laterStart),
  ]);
  const over = [laterStart.idle, laterStart.peak].some((x) => x >= BUDGET_MB);
  if (firstStart.failed + laterStart.failed > 0 || over) process.exitCode = 1;
} finally {
  if (current && current.exitCode === null) await stop(current);
  rmSync(dir, { recursive: true, force: true });
}
