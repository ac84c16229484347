#!/usr/bin/env node
// `npm start`: builds the web console when it is missing or older than its sources, then runs
// the server (vessel shape on SQLite in ./data with the built-in simulator unless told otherwise).
// Arguments after `--` go to the server, e.g. `npm start -- --no-simulator`.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ensureCjkFont } from './ensure-fonts.mjs';
import { compileCacheEnv, serverEnv, serverNodeFlags } from './server-node-flags.mjs';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'apps/web/dist/index.html');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

const sources = ['apps/web', 'packages/contracts/src', 'packages/domain/src'].map((d) => path.join(root, d));
const stale = !existsSync(dist) || Math.max(...sources.map(newestMtime)) > statSync(dist).mtimeMs;
if (stale && process.env.ECOHELM_SKIP_BUILD !== '1') {
  process.stdout.write('Building the web console…\n');
  const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

if (process.env.ECOHELM_SKIP_FONTS !== '1') ensureCjkFont();

const env = { ...serverEnv, ...compileCacheEnv(), ...process.env };
const main = path.join(root, 'apps/server/src/main.ts');

// Node's compile cache filled before the server starts when its code (or the packages) changed since it was last
// filled: the long-running server then never loads Node's TypeScript parser (scripts/server-node-flags.mjs). A child
// loads the server's modules, writes them to the cache and ends (~1 s).
const stamp = path.join(env.NODE_COMPILE_CACHE, 'filled');
const serverSources = ['apps/server/src', 'packages/contracts/src', 'packages/domain/src'].map((d) =>
  path.join(root, d),
);
const changed = Math.max(
  ...serverSources.map(newestMtime),
  statSync(path.join(root, 'package-lock.json')).mtimeMs,
);
if (!existsSync(stamp) || changed > statSync(stamp).mtimeMs) {
  const fill = spawnSync(process.execPath, [...serverNodeFlags, main], {
    cwd: root,
    stdio: 'inherit',
    env: { ...env, ECOHELM_COMPILE_ONLY: '1' },
  });
  if (fill.status === 0) {
    mkdirSync(path.dirname(stamp), { recursive: true });
    writeFileSync(stamp, `${new Date().toISOString()}\n`);
  }
}

const server = spawn(process.execPath, [...serverNodeFlags, main, ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
