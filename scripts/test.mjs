#!/usr/bin/env node
// `npm test`: lint, type check, the import fence (dependency-cruiser, .dependency-cruiser.cjs), unit and server tests (Vitest; PostgreSQL too
// when DATABASE_URL is set), then the browser tests (Playwright in Debian's Chromium).
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const steps = [
  // Machine prerequisites the tests need: a CJK font for the Chinese PDF reports (Debian package).
  ['fonts', process.execPath, ['scripts/ensure-fonts.mjs']],
  // A real Signal K server for the Signal K client's integration test, in a cache folder (not a dependency).
  ['signalk-server', process.execPath, ['scripts/ensure-signalk-server.mjs']],
  // Debian's nats-server (JetStream) for the ship-to-shore sync tests, which start their own.
  ['nats-server', process.execPath, ['scripts/ensure-nats-server.mjs']],
  ['lint', 'npx', ['biome', 'check', '--max-diagnostics=50', '.']],
  // No literal text in the console's JSX (eslint-plugin-i18next; eslint.config.mjs).
  ['lint JSX text', 'npx', ['eslint', 'apps/web/src']],
  ['typecheck', 'npm', ['run', '--silent', 'typecheck']],
  [
    'import fence',
    'npx',
    [
      'depcruise',
      'packages/domain/src',
      'packages/contracts/src',
      'apps/server/src',
      'apps/server/test',
      'apps/web/src',
      'e2e',
      'bench',
      '--config',
      '.dependency-cruiser.cjs',
      '--output-type',
      'err',
    ],
  ],
  ['unit and server tests', 'npx', ['vitest', 'run']],
  ['browser tests', 'npm', ['run', '--silent', 'test:e2e']],
];
const only = process.argv.slice(2);
for (const [name, cmd, args] of steps) {
  if (only.length > 0 && !only.some((o) => name.startsWith(o))) continue;
  process.stdout.write(`\n== ${name} ==\n`);
  const started = Date.now();
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  process.stdout.write(
    `== ${name}: ${result.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s ==\n`,
  );
  if (result.status !== 0) process.exit(result.status ?? 1);
}
