import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { serverEnv, serverNodeFlags } from '../../../scripts/server-node-flags.mjs';

const repo = path.resolve(import.meta.dirname, '../../..');
const main = path.join(repo, 'apps/server/src/main.ts');
const dir = mkdtempSync(path.join(tmpdir(), 'ecohelm-compile-cache-'));
// Printed as the process ends: whether Node loaded its TypeScript parser (a WebAssembly module that then stays).
const probe = path.join(dir, 'probe.mjs');
writeFileSync(
  probe,
  "process.on('exit', () => console.log(JSON.stringify({ parser: process.moduleLoadList.some((m) => m.includes('amaro')) })));\n",
);

/** Loads the server's modules as `npm start`'s cache fill does; whether the TypeScript parser was loaded. */
const loadServer = (cache: string): boolean => {
  const out = execFileSync(process.execPath, [...serverNodeFlags, '--import', probe, main], {
    cwd: repo,
    env: { ...process.env, ...serverEnv, NODE_COMPILE_CACHE: cache, ECOHELM_COMPILE_ONLY: '1' },
    encoding: 'utf8',
  });
  return (JSON.parse(out.trim().split('\n').at(-1) ?? '{}') as { parser?: boolean }).parser === true;
};

describe("the server's compile cache", () => {
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('fills on the first load, and a later start takes every module from it without the TypeScript parser', () => {
    const cache = path.join(dir, 'cache');
    expect(loadServer(cache)).toBe(true);
    expect(loadServer(cache)).toBe(false);
  });
});
