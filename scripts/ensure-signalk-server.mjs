#!/usr/bin/env node
// Installs the Signal K server the integration tests read from (apps/server/test/signalk-client.test.ts)
// into a cache folder outside the workspaces, once per version: it is a test peer, not a dependency of the
// product. `npm test` runs this as a step; the test calls it too, so `npx vitest` alone also works.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const SIGNALK_SERVER_VERSION = '2.23.0';

/** The installed package's folder (with its `bin/signalk-server` and `samples/`). */
export function signalkServerDir() {
  const cache =
    process.env.ECOHELM_TEST_CACHE ??
    path.join(process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache'), 'ecohelm');
  return path.join(cache, `signalk-server-${SIGNALK_SERVER_VERSION}`, 'node_modules', 'signalk-server');
}

export function ensureSignalKServer() {
  const dir = signalkServerDir();
  if (existsSync(path.join(dir, 'bin', 'signalk-server'))) return dir;
  const prefix = path.resolve(dir, '..', '..');
  mkdirSync(prefix, { recursive: true });
  process.stdout.write(`Installing signalk-server@${SIGNALK_SERVER_VERSION} into ${prefix} (test peer)…\n`);
  execFileSync(
    'npm',
    [
      'install',
      '--prefix',
      prefix,
      '--no-audit',
      '--no-fund',
      '--omit=dev',
      '--loglevel=error',
      `signalk-server@${SIGNALK_SERVER_VERSION}`,
    ],
    { stdio: 'inherit' },
  );
  return dir;
}

if (import.meta.url === `file://${process.argv[1]}`) ensureSignalKServer();
