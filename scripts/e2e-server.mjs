#!/usr/bin/env node
// Starts the real server for the browser tests on a fresh data folder with a known device secret.
// Usage: node scripts/e2e-server.mjs PORT [ENV=VALUE ...]
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { compileCacheEnv, serverEnv, serverNodeFlags } from './server-node-flags.mjs';

const [port, ...pairs] = process.argv.slice(2);
const dataDir = path.join(tmpdir(), `ecohelm-e2e-${port}`);
// E2E_KEEP_DATA=1 restarts on the same data (a test of what survives a server restart).
if (process.env.E2E_KEEP_DATA !== '1') rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });
writeFileSync(path.join(dataDir, 'device-secret.txt'), 'e2e-secret\n');
const extra = Object.fromEntries(pairs.map((p) => p.split('=', 2)));
const root = path.resolve(import.meta.dirname, '..');
const server = spawn(process.execPath, [...serverNodeFlags, path.join(root, 'apps/server/src/main.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...serverEnv,
    ...compileCacheEnv(),
    ...process.env,
    PORT: port,
    HOST: '127.0.0.1',
    ECOHELM_DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    // Every answer written both ways and compared with its zod encoding (platform/response-serializer.ts): the
    // browser tests read the simulator's real data through it.
    NODE_ENV: 'development',
    ...extra,
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => {
  // Said out loud: a server that dies mid-run otherwise shows only as refused connections in the tests.
  process.stderr.write(`e2e server on port ${port} exited (code ${code}, signal ${signal})\n`);
  process.exit(code ?? 0);
});
