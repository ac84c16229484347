import { type ChildProcess, spawn } from 'node:child_process';
import type { APIRequestContext, PlaywrightWorkerArgs } from '@playwright/test';
import pg from 'pg';
import { startNats, type TestNats } from '../apps/server/test/nats.ts';
import { expect } from './fixtures.ts';

const adminUrl = process.env.E2E_SHORE_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const withAdmin = async (sqlText: string) => {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(sqlText);
  } finally {
    await admin.end();
  }
};

/**
 * A shore-shaped server of its own (PostgreSQL database `dbName`, ECOHELM_SYNC_ROLE=shore) and a ship (the simulator,
 * 20 days) syncing into it through a nats-server started here. A shore's users log in with name and password (no
 * console devices there); its first account, `manager` with `password`, comes from the environment.
 */
export function shoreWithShip(o: { shorePort: number; shipPort: number; dbName: string; password: string }) {
  let nats: TestNats | undefined;
  const servers: ChildProcess[] = [];
  const manager = { username: 'manager', password: o.password };
  const url = `http://127.0.0.1:${o.shorePort}`;
  const serve = (port: number, env: Record<string, string>) => {
    const child = spawn(
      process.execPath,
      ['scripts/e2e-server.mjs', String(port), ...Object.entries(env).map(([k, v]) => `${k}=${v}`)],
      { stdio: 'ignore' },
    );
    servers.push(child);
  };

  /** The manager's session token. */
  async function signIn(request: APIRequestContext): Promise<string> {
    const res = await request.post('/api/v1/auth/login', { data: manager });
    expect(res.ok()).toBe(true);
    return ((await res.json()) as { token: string }).token;
  }

  return {
    url,
    signIn,
    /** Starts the shore and the ship, and waits until `synced` passes (with the manager's token). */
    async start(
      playwright: PlaywrightWorkerArgs['playwright'],
      synced: (request: APIRequestContext, token: string) => Promise<void>,
    ) {
      nats = await startNats();
      await withAdmin(`DROP DATABASE IF EXISTS ${o.dbName} WITH (FORCE)`);
      await withAdmin(`CREATE DATABASE ${o.dbName}`);
      const database = new URL(adminUrl);
      database.pathname = `/${o.dbName}`;
      const sync = {
        ECOHELM_SYNC_NATS_URL: nats.url,
        ECOHELM_SYNC_SCAN_MS: '1000',
        ECOHELM_SYNC_MAX_KBITS: '100000',
      };
      serve(o.shorePort, {
        ...sync,
        DATABASE_URL: database.toString(),
        ECOHELM_SYNC_ROLE: 'shore',
        // The ship is not registered by an admin here: it appears on its first message.
        ECOHELM_SYNC_AUTO_REGISTER: '1',
        ECOHELM_SIMULATOR: '0',
        ECOHELM_ADMIN_USER: manager.username,
        ECOHELM_ADMIN_PASSWORD: manager.password,
      });
      serve(o.shipPort, {
        ...sync,
        DATABASE_URL: '',
        ECOHELM_SIMULATOR: '1',
        ECOHELM_SIMULATOR_HISTORY_DAYS: '20',
        ECOHELM_SYNC_HISTORY_DAYS: '2',
      });
      const request = await playwright.request.newContext({ baseURL: url });
      await expect(async () => synced(request, await signIn(request))).toPass({
        timeout: 200_000,
        intervals: [2000],
      });
      await request.dispose();
    },
    /** Stops both servers and the nats-server, and drops the shore's database. */
    async stop() {
      for (const child of servers.splice(0)) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      }
      await nats?.dispose();
      await withAdmin(`DROP DATABASE IF EXISTS ${o.dbName} WITH (FORCE)`).catch(() => undefined);
    },
  };
}
