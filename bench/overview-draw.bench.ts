/**
 * Overview fully drawn in headless Chromium with a year of history (`node bench/overview-draw.bench.ts`,
 * part of `npm run bench`; budget ≤ 1 s). Starts the real server on a fresh data folder with the
 * simulator's 400 days of history, waits until the history and its pre-filled records are in, then
 * opens /overview nine times in a new browser context each (a cold cache) and measures navigation → every
 * panel drawn (CII rating, four factors' sparklines, live navigation values, CO2 chart, bunker table, alarm statistics;
 * the charts are uPlot's canvases and the alarms' SVG doughnut, drawn with the panel's text), and the
 * bytes the page fetched until then: every response finished before it was drawn (body as sent, compressed; the
 * live stream, which never finishes, not counted), JavaScript apart.
 * `ECOHELM_BENCH_DATA_DIR=<folder>` keeps the store in that folder and uses it again on the next run (no
 * second backfill). The loads start once the server's work after its start is done (its first energy assessment, a
 * minute after the start), as on a ship where the server has run for days. `ECOHELM_BENCH_BUSY_CORE=1` keeps one core
 * busy with a second process while the pages are drawn (issue 28's condition: a ship PC that runs other work).
 * `ECOHELM_BENCH_PORT=<port>` serves on that port instead of a free one. Needs the built web console (`npm run build`)
 * and Chromium at /usr/bin/chromium.
 */

import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Page, type Request } from '@playwright/test';
import { freePort, historyWritten, root, startRealServer, startWorkDone } from './real-server.ts';

if (!existsSync(path.join(root, 'apps/web/dist/index.html'))) throw new Error('build the web console first');
const port = process.env.ECOHELM_BENCH_PORT ? Number(process.env.ECOHELM_BENCH_PORT) : await freePort();
const kept = process.env.ECOHELM_BENCH_DATA_DIR;
const dir = kept ?? mkdtempSync(path.join(tmpdir(), 'ecohelm-bench-draw-'));
const origin = `http://127.0.0.1:${port}`;
const metricsPort = await freePort();
const { server, token: tokenWithin } = startRealServer(port, dir, {
  ECOHELM_METRICS_LISTEN: `127.0.0.1:${metricsPort}`,
});
let busy: ChildProcess | undefined;
try {
  const t0 = performance.now();
  const token = await tokenWithin(300_000);
  await historyWritten(origin, token, t0, 900_000);
  const historyS = (performance.now() - t0) / 1000;
  // The pages are drawn by a server past its start: its first energy assessment (a minute after the start) has run.
  await startWorkDone(`http://127.0.0.1:${metricsPort}`, 300_000);

  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  /** Counts the responses the page finishes; `drawn()` sums those finished until now (bytes as sent, compressed). */
  const fetched = (page: Page) => {
    const finished: Request[] = [];
    page.on('requestfinished', (r) => finished.push(r));
    return {
      drawn: async () => {
        const upTo = finished.slice();
        const sizes = await Promise.all(
          upTo.map(async (r) => ({
            script: r.resourceType() === 'script',
            body: (await r.sizes()).responseBodySize,
          })),
        );
        return {
          bytes: sizes.reduce((a, s) => a + s.body, 0),
          scriptBytes: sizes.reduce((a, s) => a + (s.script ? s.body : 0), 0),
          requests: sizes.length,
          scripts: sizes.filter((s) => s.script).length,
        };
      },
    };
  };
  type Fetched = Awaited<ReturnType<ReturnType<typeof fetched>['drawn']>>;
  // A second process spinning on one core while the pages are drawn, when asked for.
  if (process.env.ECOHELM_BENCH_BUSY_CORE === '1')
    busy = spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
  const RUNS = 9;
  const times: number[] = [];
  const overviewBytes: Fetched[] = [];
  const speedBytes: Fetched[] = [];
  /** One first draw of `route` in a fresh English console: the time until `drawn` holds, and what it fetched. */
  const drawOnce = async (route: string, drawn: (page: Page) => Promise<void>) => {
    const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
    await context.addInitScript(
      ([t]) => {
        localStorage.setItem('dcToken', t as string);
        localStorage.setItem('lang', 'en_US');
      },
      [token],
    );
    const page = await context.newPage();
    const bytes = fetched(page);
    const start = performance.now();
    await page.goto(`${origin}${route}`);
    await drawn(page);
    const ms = performance.now() - start;
    const drawnBytes = await bytes.drawn();
    await context.close();
    return { ms, bytes: drawnBytes };
  };
  for (let run = 0; run < RUNS; run++) {
    const { ms, bytes } = await drawOnce('/overview', async (page) => {
      await page
        .locator('[data-panel="ciiRating"]')
        .getByText(/^[A-E]$/)
        .first()
        .waitFor();
      await page.locator('[data-panel="factorStatistics"] [data-factor] canvas').nth(3).waitFor();
      await page.locator('[data-panel="navigationStatus"]').getByText('kW').waitFor();
      await page.locator('[data-panel="co2Management"] canvas').first().waitFor();
      await page.locator('[data-panel="bunkerRecord"] tbody tr').nth(2).waitFor();
      await page
        .locator('[data-panel="alarmStatistics"]')
        .getByText(/\d{4}-\d{2}-\d{2} – /)
        .waitFor();
    });
    times.push(ms);
    overviewBytes.push(bytes);
  }
  // The speed optimisation page fully drawn: advice (or why none), forecast, plan, optimisation, statistics and the
  // rpm simulation's answer.
  const speedTimes: number[] = [];
  for (let run = 0; run < 5; run++) {
    const { ms, bytes } = await drawOnce('/eff-optimize/speed', async (page) => {
      await page.locator('[data-panel="optimizedRpm"] [data-testid^="advice-"]').first().waitFor();
      await page.locator('[data-panel="optimizedRpm"] canvas').first().waitFor();
      await page.locator('[data-testid="speed-forecast"]').waitFor();
      await page.locator('[data-testid="plan-waypoints"]').waitFor();
      await page.locator('[data-panel="macroOptimization"] canvas').first().waitFor();
      await page.locator('[data-testid="speed-statistics"]').waitFor();
      await page.locator('[data-testid="sim-fuel"]').waitFor();
    });
    speedTimes.push(ms);
    speedBytes.push(bytes);
  }
  await browser.close();
  const sorted = [...times].sort((a, b) => a - b);
  const median = (list: number[]) => Math.round(list[Math.floor(list.length / 2)]!);
  const speedSorted = [...speedTimes].sort((a, b) => a - b);
  /** The median run's bytes: `kB (requests), JavaScript kB (files)`. */
  const bytesOf = (list: Fetched[]) => {
    const m = [...list].sort((a, b) => a.bytes - b.bytes)[Math.floor(list.length / 2)]!;
    return `${(m.bytes / 1000).toFixed(0)} kB in ${m.requests} responses; JavaScript ${(m.scriptBytes / 1000).toFixed(0)} kB in ${m.scripts} files`;
  };
  console.table([
    {
      'history written (s)': Number(historyS.toFixed(1)),
      'overview drawn, median (ms)': median(sorted),
      [`overview drawn, min–max of ${RUNS} (ms)`]: `${Math.round(sorted[0]!)}–${Math.round(sorted.at(-1)!)}`,
      'fetched until drawn (median run)': bytesOf(overviewBytes),
      budget: '≤ 1000 ms, ≤ 300 kB',
      'one core busy': busy !== undefined,
    },
    {
      'speed page drawn, median (ms)': Math.round(speedSorted[2]!),
      'speed page drawn, max of 5 (ms)': Math.round(speedSorted[4]!),
      'fetched until drawn (median run)': bytesOf(speedBytes),
      budget: '≤ 1200 ms',
    },
  ]);
} finally {
  busy?.kill();
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  if (!kept) rmSync(dir, { recursive: true, force: true });
}
