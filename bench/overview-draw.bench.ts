/**
 * Overview fully drawn in headless Chromium with a year of history (`node bench/overview-draw.bench.ts`,
 * part of `npm run bench`; budget ≤ 1 s). Starts the real server on a fresh data folder with the
 * simulator's 400 days of history, waits until the history and its pre-filled records are in, then
 * opens /overview nine times in a new browser context each (a cold cache) and measures navigation → every
 * panel drawn (CII rating, four factors' sparklines, live navigation values, CO2 chart, bunker table, alarm statistics;
 * the charts are uPlot's canvases and the alarms' SVG doughnut, drawn with the panel's text), and the
 * bytes the page fetched until then: every response finished before it was drawn (body as sent, compressed; the
 * live stream, which never finishes, not counted), JavaScript apart. The time is the page's own: from the navigation's
 * start to the first frame painted with every part there, noted by a script in the page (`drawnWatch`); when the
 * harness saw it is reported beside it (Playwright asks over the DevTools protocol, ~100–150 ms later on a busy core).
 * Chromium runs with `scripts/chromium-args.mjs` (without its address bar's WebUI, which a headless browser loaded
 * beside every new context's first page).
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
import { chromiumArgs } from '../scripts/chromium-args.mjs';
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

/**
 * A script for every document of a context: watches `parts` (name → a condition on the document, JavaScript) on each
 * DOM change and each frame and, once all hold, sets `window.benchDrawnAt` to the time after the next frame (from the
 * navigation's start: `performance.now()`), when what they describe has been painted.
 */
function drawnWatch(parts: Record<string, string>): string {
  const checks = Object.entries(parts).map(
    ([name, condition]) => `[${JSON.stringify(name)}, () => ${condition}]`,
  );
  return `(() => {
    const parts = [${checks.join(', ')}];
    let done = false;
    const holds = () => parts.every(([, condition]) => { try { return condition(); } catch { return false; } });
    const check = () => {
      if (done || !holds()) return;
      done = true;
      // The frame that paints them: a task queued from its animation frame runs once the frame is out.
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => { window.benchDrawnAt = performance.now(); };
        channel.port2.postMessage(undefined);
      });
    };
    new MutationObserver(check).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
    const frame = () => { check(); if (!done) requestAnimationFrame(frame); };
    requestAnimationFrame(frame);
  })();`;
}
try {
  const t0 = performance.now();
  const token = await tokenWithin(300_000);
  await historyWritten(origin, token, t0, 900_000);
  const historyS = (performance.now() - t0) / 1000;
  // The pages are drawn by a server past its start: its first energy assessment (a minute after the start) has run.
  await startWorkDone(`http://127.0.0.1:${metricsPort}`, 300_000);

  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: chromiumArgs,
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
  /** One draw: in the page from the navigation's start (`ms`), as the harness saw it (`seen`), and what it fetched. */
  type Drawn = { ms: number; seen: number; bytes: Fetched };
  // A second process spinning on one core while the pages are drawn, when asked for.
  if (process.env.ECOHELM_BENCH_BUSY_CORE === '1')
    busy = spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
  const RUNS = 9;
  const overviewRuns: Drawn[] = [];
  const speedRuns: Drawn[] = [];
  /**
   * One first draw of `route` in a fresh English console. `parts` are what "drawn" means, as conditions on the
   * document; the page itself watches them (every DOM change and every frame) and notes the time, from the
   * navigation's start, of the first frame painted once all of them hold — not when the harness, polling through the
   * DevTools protocol on the same busy core, next looks. That time is also reported (`seen`), from `page.goto`.
   */
  const drawOnce = async (route: string, parts: Record<string, string>): Promise<Drawn> => {
    const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
    await context.addInitScript(
      ([t]) => {
        localStorage.setItem('dcToken', t as string);
        localStorage.setItem('lang', 'en_US');
      },
      [token],
    );
    await context.addInitScript(drawnWatch(parts));
    const page = await context.newPage();
    const bytes = fetched(page);
    const start = performance.now();
    await page.goto(`${origin}${route}`);
    await page.waitForFunction(
      () => (globalThis as { benchDrawnAt?: number }).benchDrawnAt !== undefined,
      undefined,
      {
        timeout: 60_000,
      },
    );
    const seen = performance.now() - start;
    const ms = await page.evaluate(
      () => (globalThis as { benchDrawnAt?: number }).benchDrawnAt ?? Number.NaN,
    );
    const drawnBytes = await bytes.drawn();
    await context.close();
    return { ms, seen, bytes: drawnBytes };
  };
  for (let run = 0; run < RUNS; run++)
    overviewRuns.push(
      await drawOnce('/overview', {
        ciiRating: `[...document.querySelectorAll('[data-panel="ciiRating"] *')].some((e) => /^[A-E]$/.test(e.textContent))`,
        factorSparklines: `document.querySelectorAll('[data-panel="factorStatistics"] [data-factor] canvas').length >= 4`,
        navigationValues: `/kW/.test(document.querySelector('[data-panel="navigationStatus"]')?.textContent ?? '')`,
        co2Chart: `document.querySelector('[data-panel="co2Management"] canvas') !== null`,
        bunkerRows: `document.querySelectorAll('[data-panel="bunkerRecord"] tbody tr').length >= 3`,
        alarmStatistics: `/\\d{4}-\\d{2}-\\d{2} – /.test(document.querySelector('[data-panel="alarmStatistics"]')?.textContent ?? '')`,
      }),
    );
  // The speed optimisation page fully drawn: advice (or why none), forecast, plan, optimisation, statistics and the
  // rpm simulation's answer.
  for (let run = 0; run < 5; run++)
    speedRuns.push(
      await drawOnce('/eff-optimize/speed', {
        advice: `document.querySelector('[data-panel="optimizedRpm"] [data-testid^="advice-"]') !== null`,
        adviceChart: `document.querySelector('[data-panel="optimizedRpm"] canvas') !== null`,
        forecast: `document.querySelector('[data-testid="speed-forecast"]') !== null`,
        plan: `document.querySelector('[data-testid="plan-waypoints"]') !== null`,
        macroChart: `document.querySelector('[data-panel="macroOptimization"] canvas') !== null`,
        statistics: `document.querySelector('[data-testid="speed-statistics"]') !== null`,
        simulation: `document.querySelector('[data-testid="sim-fuel"]') !== null`,
      }),
    );
  await browser.close();
  const median = (list: number[]) =>
    Math.round([...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!);
  const range = (list: number[]) => `${Math.round(Math.min(...list))}–${Math.round(Math.max(...list))}`;
  /** The median run's bytes: `kB (requests), JavaScript kB (files)`. */
  const bytesOf = (runs: Drawn[]) => {
    const m = runs.map((r) => r.bytes).sort((a, b) => a.bytes - b.bytes)[Math.floor(runs.length / 2)]!;
    return `${(m.bytes / 1000).toFixed(0)} kB in ${m.requests} responses; JavaScript ${(m.scriptBytes / 1000).toFixed(0)} kB in ${m.scripts} files`;
  };
  console.table([
    {
      page: 'overview',
      'history written (s)': Number(historyS.toFixed(1)),
      'drawn, median (ms)': median(overviewRuns.map((r) => r.ms)),
      [`min–max of ${RUNS}`]: range(overviewRuns.map((r) => r.ms)),
      'seen by the harness, median (ms)': median(overviewRuns.map((r) => r.seen)),
      'fetched until drawn (median run)': bytesOf(overviewRuns),
      budget: '≤ 1000 ms, ≤ 300 kB',
      'one core busy': busy !== undefined,
    },
    {
      page: 'speed',
      'drawn, median (ms)': median(speedRuns.map((r) => r.ms)),
      'min–max of 5': range(speedRuns.map((r) => r.ms)),
      'seen by the harness, median (ms)': median(speedRuns.map((r) => r.seen)),
      'fetched until drawn (median run)': bytesOf(speedRuns),
      budget: '≤ 1200 ms',
    },
  ]);
} finally {
  busy?.kill();
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  if (!kept) rmSync(dir, { recursive: true, force: true });
}
