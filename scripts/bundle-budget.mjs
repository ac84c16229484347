#!/usr/bin/env node
// The console's JavaScript per route, gzip, from the Vite build manifest (`npm run build` writes it): the first
// route (/overview: the entry with everything it imports, the overview view's own chunks and the strings of one
// language, the larger) against its budget (DESIGN.md: ≤ 300 KB gzip), and every other view's own JavaScript and
// what loads on demand (chart code, the other language). The build fails when the first route
// grows past the budget itself (CEILING_KB = FIRST_ROUTE_BUDGET_KB since 2026-11-25: 385 → 289 KB, with zod and the
// response schemas, the overview's settings form, the section tabs and the other language's strings out of it).
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
export const FIRST_ROUTE_BUDGET_KB = 300;
/** The build fails past the budget itself (it was a ratchet above it until the first route fitted). */
export const CEILING_KB = FIRST_ROUTE_BUDGET_KB;
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

const entry = closure('index.html');
const ownOf = (k) => js([...closure(k)].filter((c) => !entry.has(c)));
const lazyKeys = Object.keys(manifest).filter((k) => manifest[k].isDynamicEntry);
const views = lazyKeys.filter((k) => k.includes('/features/'));
const own = Object.fromEntries(views.map((k) => [k.replace(/^src\/features\//, ''), ownOf(k)]));
/** Loaded on demand by any page: chart code, each language's strings. */
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
const result = {
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
      row('entry (shell, router, i18n, api client)', result.entryKb),
      row(
        `first route /overview (${result.firstRouteFiles} files; budget ${FIRST_ROUTE_BUDGET_KB} KB)`,
        result.firstRouteKb,
      ),
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
if (result.firstRouteKb > CEILING_KB) {
  process.stderr.write(
    `The first route's JavaScript grew to ${result.firstRouteKb.toFixed(1)} KB gzip, past its budget of ${CEILING_KB} KB.\n`,
  );
  process.exit(1);
}
