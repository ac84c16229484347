#!/usr/bin/env node
// What the console fetches to draw its first route (/overview), from the Vite build manifest, as served: each file's
// brotli copy (scripts/precompress.mjs; a file without one is sent as it is). Counted: the entry with everything it
// imports, the overview view with everything it imports (its charts are drawn with uPlot and SVG, ui/light-chart.tsx
// and ui/doughnut.tsx, in its own chunks; ECharts is no part of it: the import fence refuses it,
// .dependency-cruiser.cjs, and the build fails if its chunks come into this count), the strings of one language (the
// larger: only the shell's and the overview's, apps/web/src/i18n/shell-areas.ts; every other page brings its own with
// its code) and the stylesheets of all these. Not counted: the page itself and the API's answers (~15 kB, measured
// with the rest by bench/overview-draw.bench.ts). The budget is 300 kB (DESIGN.md, issue 28); the build fails past a
// ceiling (CEILING_KB, a little over the figure when last measured), so it cannot grow unnoticed. Beside it: every other view's own
// JavaScript and what loads on demand, gzip as before (the figures in docs/decisions.md "First-route JavaScript").
// `--json` prints the figures as JSON (for the bench).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'apps/web/dist');
const manifestFile = path.join(dist, '.vite/manifest.json');
if (!existsSync(manifestFile)) {
  process.stderr.write('No build manifest: run `npm run build` first.\n');
  process.exit(2);
}
/** Bytes to the overview fully drawn, brotli as served, kB (1,000 bytes, as the draw bench counts). */
export const FIRST_ROUTE_BUDGET_KB = 300;
/**
 * The build fails past this ceiling: the figure when last measured and a few kB for strings and small fixes
 * (2026-11-28: 262.8 kB counted, after the entry's modules were grouped into one chunk, apps/web/first-route-chunks.ts;
 * 280.7 kB after the overview's charts left ECharts for uPlot and SVG; 435 kB before). What
 * grows past it is seen and decided on: lower it when the figure falls, raise it only with a reason.
 */
export const CEILING_KB = 270;
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
const gz = new Map();
const sizeKb = (file) => {
  if (!gz.has(file)) gz.set(file, gzipSync(readFileSync(path.join(dist, file))).length / 1024);
  return gz.get(file);
};
/** Every chunk a manifest entry loads before it runs: itself and its static imports, transitively. */
const closure = (key, seen = new Set()) => {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const k of manifest[key]?.imports ?? []) closure(k, seen);
  return seen;
};
const js = (keys) => [...keys].map((k) => manifest[k].file).filter((f) => f.endsWith('.js'));
const total = (files) => files.reduce((s, f) => s + sizeKb(f), 0);
/** A file as the server sends it: its brotli copy, or the file when it has none (too small to be worth it). */
const servedKb = (file) => {
  const full = path.join(dist, file);
  if (existsSync(`${full}.br`)) return readFileSync(`${full}.br`).length / 1000;
  return readFileSync(full).length / 1000;
};
const css = (keys) => [...new Set([...keys].flatMap((k) => manifest[k].css ?? []))];

const entry = closure('index.html');
const ownOf = (k) => js([...closure(k)].filter((c) => !entry.has(c)));
const lazyKeys = Object.keys(manifest).filter((k) => manifest[k].isDynamicEntry);
const views = lazyKeys.filter((k) => k.includes('/features/'));
const own = Object.fromEntries(views.map((k) => [k.replace(/^src\/features\//, ''), ownOf(k)]));
/** Loaded on demand by any page: chart code, each language's strings of the shell and the overview. */
const onDemand = Object.fromEntries(
  lazyKeys.filter((k) => /^src\/(ui|i18n|shell)\//.test(k)).map((k) => [k.replace(/^src\//, ''), ownOf(k)]),
);
const overviewKey = Object.keys(own).find((k) => k.startsWith('overview/overview-page'));
const languageKeys = Object.keys(onDemand).filter((k) => k.startsWith('i18n/locales/'));
const language = languageKeys.sort((a, b) => total(onDemand[b]) - total(onDemand[a]))[0];
const firstRoute = [
  ...new Set([
    ...js(entry),
    ...(overviewKey ? own[overviewKey] : []),
    ...(language ? onDemand[language] : []),
  ]),
];
/** Everything the overview fetches before it is drawn, as manifest keys. */
const overviewViewKey = Object.keys(manifest).find((k) =>
  k.startsWith('src/features/overview/overview-page'),
);
if (!overviewViewKey) throw new Error('the overview view is not in the build manifest');
const drawnKeys = new Set([
  ...entry,
  ...closure(overviewViewKey),
  ...(language ? closure(`src/${language}`) : []),
]);
// The overview draws without ECharts: its chart code must not come with the first route.
const echartsKeys = [...drawnKeys].filter(
  (k) => k.startsWith('src/ui/chart-impl') || k.startsWith('src/ui/chart-parts/'),
);
if (echartsKeys.length > 0) {
  process.stderr.write(
    `The first route imports ECharts (${echartsKeys.join(', ')}); the overview draws with ui/light-chart.\n`,
  );
  process.exit(1);
}
const drawnJs = js(drawnKeys);
const drawnCss = css(drawnKeys);
const sumServed = (files) => files.reduce((a, f) => a + servedKb(f), 0);
const result = {
  drawnKb: sumServed(drawnJs) + sumServed(drawnCss),
  drawnJsKb: sumServed(drawnJs),
  drawnJsFiles: drawnJs.length,
  drawnCssKb: sumServed(drawnCss),
  entryKb: total(js(entry)),
  firstRouteKb: total(firstRoute),
  firstRouteFiles: firstRoute.length,
  budgetKb: FIRST_ROUTE_BUDGET_KB,
  ceilingKb: CEILING_KB,
  views: Object.fromEntries(Object.entries(own).map(([k, files]) => [k, total(files)])),
  onDemand: Object.fromEntries(Object.entries(onDemand).map(([k, files]) => [k, total(files)])),
};
if (process.argv.includes('--json')) process.stdout.write(`${JSON.stringify(result)}\n`);
else {
  const row = (name, kb) => `${name.padEnd(52)} ${kb.toFixed(1).padStart(8)} KB`;
  process.stdout.write(
    [
      `${'/overview fully drawn, brotli as served (budget 300 kB)'.padEnd(52)} ${result.drawnKb.toFixed(1).padStart(8)} kB`,
      `  JavaScript ${result.drawnJsKb.toFixed(1)} kB in ${result.drawnJsFiles} files (with the overview's charts and the language), CSS ${result.drawnCssKb.toFixed(1)} kB; ceiling ${CEILING_KB} kB`,
      '',
      'gzip:',
      row('entry (shell, router, i18n, api client)', result.entryKb),
      row(`first route /overview without its charts (${result.firstRouteFiles} files)`, result.firstRouteKb),
      `  (the entry, the overview's own chunks and the strings of one language, ${language ?? 'none'})`,
      '',
      'own JavaScript of each view, loaded when it is opened (gzip):',
      ...Object.entries(result.views)
        .sort((a, b) => b[1] - a[1])
        .map(([k, kb]) => row(`  ${k}`, kb)),
      '',
      'loaded on demand by any page (gzip):',
      ...Object.entries(result.onDemand)
        .sort((a, b) => b[1] - a[1])
        .map(([k, kb]) => row(`  ${k}`, kb)),
      '',
    ].join('\n'),
  );
}
if (result.drawnKb > CEILING_KB) {
  process.stderr.write(
    `What the overview fetches until drawn grew to ${result.drawnKb.toFixed(1)} kB (brotli), past its ceiling of ${CEILING_KB} kB (budget ${FIRST_ROUTE_BUDGET_KB} kB).\n`,
  );
  process.exit(1);
}
