/**
 * Server resident memory in use (`node bench/memory-mixed.bench.ts`, part of `npm run bench`; budget < 300 MB):
 * the real server (`apps/server/src/main.ts`, its own process) on a store with the simulator's 400 days of history
 * answers a mix of every page's reads — every GET of the API's document that a console page makes, its required
 * parameters filled in, downloads and the live stream left out — with 50 requests in flight for
 * ECOHELM_BENCH_MIXED_S seconds (default 600: ten minutes) while the simulator goes on writing live. RSS is read from
 * /proc/<pid>/status every second: its peak, each minute's last value, and the value 10 s after the load ends.
 * `ECOHELM_BENCH_DATA_DIR=<folder>` keeps the store in that folder and uses it again (no second backfill);
 * `ECOHELM_BENCH_PORT=<port>` puts the server on that port (a free one otherwise). Before the load and at its end it
 * prints where the resident memory is: V8's heap pages, the C heap, the node binary and the rest.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CHANNEL } from '@ecohelm/domain';
import { freePort, historyWritten, sleep, startRealServer } from './real-server.ts';

const LOAD_S = Number(process.env.ECOHELM_BENCH_MIXED_S ?? 600);
const CONCURRENT = 50;
const BUDGET_MB = 300;
const port = process.env.ECOHELM_BENCH_PORT ? Number(process.env.ECOHELM_BENCH_PORT) : await freePort();
const kept = process.env.ECOHELM_BENCH_DATA_DIR;
const dir = kept ?? mkdtempSync(path.join(tmpdir(), 'ecohelm-bench-mixed-'));
const origin = `http://127.0.0.1:${port}`;

const rssMb = (server: ChildProcess): number => {
  const m = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : Number.NaN;
};

/**
 * Where the resident memory is, from /proc/<pid>/smaps (MB): V8's heap pages (anonymous mappings of 256 kB each; the
 * pages V8 keeps pooled after its heap shrank count here too), the C heap (glibc's main arena, `[heap]`), the node
 * binary's own pages, and the rest (V8's code range and large objects, thread stacks, other arenas, libraries).
 */
function residentParts(server: ChildProcess): Record<string, number> {
  const parts = { 'V8 heap pages': 0, 'C heap': 0, 'node binary': 0, rest: 0 };
  let part: keyof typeof parts = 'rest';
  for (const line of readFileSync(`/proc/${server.pid}/smaps`, 'utf8').split('\n')) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ (\d+)\s*(.*)$/.exec(line);
    if (head) {
      const kb = (Number.parseInt(head[2]!, 16) - Number.parseInt(head[1]!, 16)) / 1024;
      const name = head[4]!;
      part =
        name === '[heap]'
          ? 'C heap'
          : name === process.execPath
            ? 'node binary'
            : name === '' && head[3] === '0' && kb === 256
              ? 'V8 heap pages'
              : 'rest';
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss) parts[part] += Number(rss[1]) / 1024;
  }
  return Object.fromEntries(Object.entries(parts).map(([k, v]) => [k, Math.round(v)]));
}

/** GETs no console page makes, or that never end or download files: not part of the mix. */
const LEFT_OUT = /stream|export|download|Backup|getCsvJob|fleet\.|sync\.|users\.|session\.|platform\./;

/** Values for the required parameters of the reads (the rest take their defaults). */
const now = new Date();
const dayAgo = new Date(now.getTime() - 86_400_000).toISOString();
const FILL: Record<string, string> = {
  channels: 'navigation.speedOverGround,propulsion.main.shaftPower,propulsion.main.revolutions',
  channel: CHANNEL.mePower,
  from: dayAgo,
  to: now.toISOString(),
  unit: 'me',
  year: String(now.getUTCFullYear()),
};

interface Operation {
  operationId?: string;
  parameters?: { in: string; name: string; required?: boolean }[];
}

/** Every page read from the served API document, with its parameters filled in, kept if it answers 200. */
async function reads(headers: Record<string, string>): Promise<string[]> {
  const doc = (await (await fetch(`${origin}/api/docs/json`)).json()) as {
    paths: Record<string, Record<string, Operation>>;
  };
  const urls: string[] = [];
  for (const [template, item] of Object.entries(doc.paths)) {
    const op = item.get;
    if (!op?.operationId || LEFT_OUT.test(op.operationId)) continue;
    let url = template;
    const query = new URLSearchParams();
    let fillable = true;
    for (const p of op.parameters ?? []) {
      if (p.in === 'path') {
        if (FILL[p.name] === undefined) fillable = false;
        else url = url.replace(`{${p.name}}`, FILL[p.name]!);
      } else if (p.in === 'query' && p.required) {
        if (FILL[p.name] === undefined) fillable = false;
        else query.set(p.name, FILL[p.name]!);
      }
    }
    if (!fillable) continue;
    const full = `${url}${query.size > 0 ? `?${query}` : ''}`;
    const r = await fetch(`${origin}${full}`, { headers });
    await r.arrayBuffer();
    if (r.status === 200) urls.push(full);
  }
  return urls;
}

const { server, token: tokenWithin, log } = startRealServer(port, dir, { DATABASE_URL: '' });
try {
  const t0 = performance.now();
  const token = await tokenWithin(300_000);
  const headers = { authorization: `Bearer ${token}` };
  await historyWritten(origin, token, t0, 900_000, log);
  const historyS = (performance.now() - t0) / 1000;
  await sleep(5000);
  const urls = await reads(headers);
  const before = rssMb(server);
  const partsBefore = residentParts(server);

  let answered = 0;
  let failed = 0;
  let peak = 0;
  const minutes: number[] = [];
  const started = performance.now();
  const until = started + LOAD_S * 1000;
  const sampler = (async () => {
    while (performance.now() < until) {
      const rss = rssMb(server);
      peak = Math.max(peak, rss);
      const minute = Math.floor((performance.now() - started) / 60_000);
      minutes[minute] = rss;
      await sleep(1000);
    }
  })();
  // A read that fails (a status other than 200, or the connection lost) counts as an error and the load goes on.
  const errors = new Map<string, number>();
  const worker = async (i: number) => {
    for (let n = i * 7; performance.now() < until; n++) {
      const url = urls[n % urls.length]!;
      try {
        const r = await fetch(`${origin}${url}`, { headers });
        await r.arrayBuffer();
        if (r.status === 200) answered++;
        else {
          failed++;
          errors.set(`${r.status} ${url}`, (errors.get(`${r.status} ${url}`) ?? 0) + 1);
        }
      } catch (error) {
        failed++;
        const cause = (error as { cause?: { message?: string } }).cause?.message ?? String(error);
        errors.set(`${cause} ${url}`, (errors.get(`${cause} ${url}`) ?? 0) + 1);
      }
    }
  };
  await Promise.all([sampler, ...Array.from({ length: CONCURRENT }, (_, i) => worker(i))]);
  const end = rssMb(server);
  const partsEnd = residentParts(server);
  await sleep(10_000);
  const after = rssMb(server);
  console.log(
    `history written in ${historyS.toFixed(1)} s; ${urls.length} reads in the mix; ${CONCURRENT} in flight for ` +
      `${LOAD_S} s; budget < ${BUDGET_MB} MB`,
  );
  console.table([
    {
      'before (MB)': Math.round(before),
      'peak (MB)': Math.round(peak),
      'end of load (MB)': Math.round(end),
      '10 s after (MB)': Math.round(after),
      'each minute (MB)': minutes.map((m) => Math.round(m)).join(' '),
      'answered 200 (errors)': `${answered} (${failed})`,
      'requests/s': Math.round(answered / LOAD_S),
    },
  ]);
  console.log('resident memory by part (MB), before the load and at its end:');
  console.table({ before: partsBefore, 'end of load': partsEnd });
  console.log(`reads: ${urls.join(' ')}`);
  if (errors.size > 0) {
    console.log('errors:', Object.fromEntries(errors));
    console.log(`server log (end):\n${log().slice(-3000)}`);
  }
  if (failed > 0 || peak >= BUDGET_MB) process.exitCode = 1;
} finally {
  const exited = new Promise((r) => server.once('exit', r));
  server.kill('SIGTERM');
  await exited;
  if (!kept) rmSync(dir, { recursive: true, force: true });
}
