import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const repo = path.resolve(import.meta.dirname, '../../..');
const cli = path.join(repo, 'apps/server/src/cli.ts');
const root = mkdtempSync(path.join(tmpdir(), 'ecohelm-unit-'));
const hasAnalyze = spawnSync('systemd-analyze', ['--version']).status === 0;

describe('ecohelm service install', () => {
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('writes a server unit that always restarts, with limits, and a health check timer', () => {
    const out = execFileSync(
      process.execPath,
      [cli, 'service', 'install', '--root', root, '--user', 'root'],
      {
        env: { ...process.env, ECOHELM_DATA_DIR: path.join(root, 'var/lib/ecohelm'), PORT: '8123' },
        encoding: 'utf8',
      },
    );
    const dir = path.join(root, 'etc/systemd/system');
    for (const f of ['ecohelm.service', 'ecohelm-health.service', 'ecohelm-health.timer']) {
      expect(out).toContain(path.join(dir, f));
      expect(existsSync(path.join(dir, f))).toBe(true);
    }
    const unit = readFileSync(path.join(dir, 'ecohelm.service'), 'utf8');
    expect(unit).toContain('Restart=always');
    expect(unit).toContain('StartLimitIntervalSec=0');
    expect(unit).toMatch(/^MemoryMax=2G$/m);
    expect(unit).toMatch(/^LimitNOFILE=65536$/m);
    expect(unit).toContain(`Environment=ECOHELM_DATA_DIR=${path.join(root, 'var/lib/ecohelm')}`);
    expect(unit).toContain('Environment=PORT=8123');
    expect(unit).toMatch(/^Environment=MALLOC_ARENA_MAX=2$/m);
    expect(unit).toMatch(/^Environment=MALLOC_MMAP_THRESHOLD_=131072$/m);
    // Node's compile cache in the data folder: the only folder the unit lets the server write.
    expect(unit).toContain(
      `Environment=NODE_COMPILE_CACHE=${path.join(root, 'var/lib/ecohelm/compile-cache')}`,
    );
    expect(unit).toContain(
      `${process.execPath} --max-semi-space-size=8 --heap-growing-percent=25 --optimize-for-size ${repo}/apps/server/src/main.ts`,
    );
    const health = readFileSync(path.join(dir, 'ecohelm-health.service'), 'utf8');
    expect(health).toContain(
      `${repo}/scripts/health-check.mjs 8123 || /bin/systemctl restart ecohelm.service`,
    );
  });

  it.skipIf(!hasAnalyze)('passes systemd-analyze verify', () => {
    const dir = path.join(root, 'etc/systemd/system');
    const files = ['ecohelm.service', 'ecohelm-health.service', 'ecohelm-health.timer'].map((f) =>
      path.join(dir, f),
    );
    const r = spawnSync('systemd-analyze', ['verify', ...files], { encoding: 'utf8' });
    // Only complaints about our files count: the host's own units may have their own.
    const ours = `${r.stdout}\n${r.stderr}`
      .split('\n')
      .filter((l) => l.includes('ecohelm') && !/Failed to (connect|create bus)/.test(l));
    expect(ours).toEqual([]);
  });

  it('reports the health of a server through scripts/health-check.mjs', () => {
    // Nothing listens on this port: the check fails, which is what restarts a hung server.
    const r = spawnSync(process.execPath, [path.join(repo, 'scripts/health-check.mjs'), '1'], {
      encoding: 'utf8',
    });
    expect(r.status).toBe(1);
  });
});
