#!/usr/bin/env node
// `npm start`: builds the web console when it is missing or older than its sources, then runs
// the server (vessel shape on SQLite in ./data with the built-in simulator unless told otherwise).
// Arguments after `--` go to the server, e.g. `npm start -- --no-simulator`.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { ensureCjkFont } from './ensure-fonts.mjs';
import { serverEnv, serverNodeFlags } from './server-node-flags.mjs';

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

const server = spawn(
  process.execPath,
  [...serverNodeFlags, path.join(root, 'apps/server/src/main.ts'), ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: 'inherit',
    env: { ...serverEnv, ...process.env },
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
