import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';

const MAIN = path.join(import.meta.dirname, '../src/main.ts');

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

/** Starts the real server as a child process and resolves with its device token once it listens. */
function startServer(dataDir: string, port: number): Promise<{ child: ChildProcess; token: string }> {
  const child = spawn(process.execPath, [MAIN], {
    env: {
      ...process.env,
      ECOHELM_DATA_DIR: dataDir,
      // The samples are dated 2025: no lower bound of the ingest time window.
      ECOHELM_INGEST_MAX_AGE_DAYS: '0',
      PORT: String(port),
      HOST: '127.0.0.1',
      ECOHELM_SIMULATOR: '0',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 150_000);
    child.stdout!.on('data', (d) => {
      out += String(d);
      const m = /dcToken=([\w-]+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ child, token: m[1]! });
      }
    });
    child.stderr!.on('data', (d) => {
      out += String(d);
    });
    child.once('exit', (code) => reject(new Error(`server exited ${code}:\n${out}`)));
  });
}

/** Resolves when the child has exited, also when it already had before the call. */
const exitOf = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });

const T0 = Date.UTC(2025, 5, 1);
const CHANNEL = 'propulsion.main.shaftPower';

describe('acknowledged writes survive kill -9 of the server', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ecohelm-kill9-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('keeps every sample acknowledged with HTTP 200 and an intact database', async () => {
    const port = await freePort();
    const { child, token } = await startServer(dataDir, port);
    const acked: number[] = [];
    let stop = false;
    // Four concurrent writers, 500 samples per batch, until the kill.
    const writer = async (w: number) => {
      for (let b = 0; !stop; b++) {
        const base = T0 + (w * 1_000_000 + b * 500) * 1000;
        const values = Array.from({ length: 500 }, (_, i) => ({ path: CHANNEL, value: 1_000_000 + i }));
        const delta = {
          updates: values.map((v, i) => ({
            timestamp: new Date(base + i * 1000).toISOString(),
            values: [v],
          })),
        };
        try {
          const res = await fetch(`http://127.0.0.1:${port}/api/v1/ingest/signalk`, {
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: JSON.stringify(delta),
          });
          if (res.status === 200) for (let i = 0; i < 500; i++) acked.push(base + i * 1000);
        } catch {
          return; // the server died under us: this batch was never acknowledged
        }
      }
    };
    const writers = [0, 1, 2, 3].map(writer);
    while (acked.length < 6_000) await new Promise((r) => setTimeout(r, 20));
    const exited = exitOf(child);
    child.kill('SIGKILL');
    stop = true;
    await Promise.all(writers);
    await exited;

    // Restart: recovery from the WAL happens on open, then the server answers again.
    const again = await startServer(dataDir, port);
    const status = await fetch(`http://127.0.0.1:${port}/api/v1/ingest/status`, {
      headers: { authorization: `Bearer ${again.token}` },
    });
    expect(status.status).toBe(200);
    const againExited = exitOf(again.child);
    again.child.kill('SIGTERM');
    await againExited;

    const db = new SQLite(path.join(dataDir, 'ecohelm.sqlite'), { readonly: true });
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      const id = (db.prepare('select id from channels where name = ?').get(CHANNEL) as { id: number }).id;
      const stored = new Set(
        (db.prepare('select t from samples where channel_id = ?').all(id) as { t: number }[]).map((r) =>
          Number(r.t),
        ),
      );
      const missing = acked.filter((t) => !stored.has(t));
      expect(missing).toEqual([]);
      // Rollups were written in the same transactions: their counts cover every stored sample.
      const n = (
        db.prepare('select sum(n) as n from rollup_1m where channel_id = ?').get(id) as { n: number }
      ).n;
      expect(n).toBe(stored.size);
    } finally {
      db.close();
    }
  }, 420_000);
});
