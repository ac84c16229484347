#!/usr/bin/env node
// `npm run bench`: runs every bench/*.bench.ts in turn; each prints its own table.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const only = process.argv.slice(2);
const benches = readdirSync(path.join(root, 'bench'))
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();
let failed = 0;
for (const file of benches) {
  process.stdout.write(`\n## ${file}\n`);
  const r = spawnSync(process.execPath, [path.join('bench', file)], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) failed++;
}
process.exit(failed > 0 ? 1 : 0);
