import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validShip } from '../../../testing/factories.ts';
import { openStore } from '../src/db/client.ts';
import { applyPendingRestore, pendingRestoreFile } from '../src/db/restore.ts';
import { del, get, post, put } from './http.ts';
import { createTestApp, sqliteIntegrity, storeKinds, type TestApp } from './stores.ts';

const SOG = 'navigation.speedOverGround';

/** Starts a backup and waits until it is no longer running: the answer to the start and the job as it ended. */
async function backUp(t: TestApp) {
  const started = await post(t, '/api/v1/backups');
  let job = started.json();
  while (job.status === 'running') {
    await new Promise((r) => setTimeout(r, 10));
    job = (await get(t, `/api/v1/backups/${started.json().id}`)).json();
  }
  return { started, job };
}

/** Uploads `file` as the store to restore at the next start. */
const uploadRestore = (t: TestApp, file: Buffer) =>
  post(t, '/api/v1/backups/restore', file, { ...t.auth, 'content-type': 'application/octet-stream' });

describe('backup and restore of the SQLite store', () => {
  let t: TestApp;
  let storeFile: string;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    storeFile = path.join(t.testStore.dataDir, 'ecohelm.sqlite');
  });
  afterAll(async () => {
    await t.close().catch(() => undefined);
  });

  it('backs up while ingest runs; the restored store holds every sample acknowledged until the backup ended, and the records', async () => {
    const ship = await put(t, '/api/v1/ship', validShip());
    expect(ship.statusCode).toBe(200);
    // A history to copy: 200,000 minutes of SOG, so the backup takes several steps.
    const start = Date.UTC(2026, 0, 1);
    const history = Array.from({ length: 200_000 }, (_, i) => ({
      channel: SOG,
      t: start + i * 60_000,
      value: 6,
    }));
    await t.services.ingest.write('history', history);

    // Live ingest goes on during the backup: one acknowledged batch every few milliseconds.
    const acknowledged: { t: number; at: number }[] = [];
    let live = true;
    let next = start + 200_000 * 60_000;
    const ingest = (async () => {
      while (live) {
        const tMs = next;
        next += 1000;
        await t.services.ingest.write('live', [{ channel: SOG, t: tMs, value: 7 }]);
        acknowledged.push({ t: tMs, at: Date.now() });
        await new Promise((r) => setTimeout(r, 2));
      }
    })();

    const startedAt = Date.now();
    const { started, job } = await backUp(t);
    expect(started.statusCode).toBe(202);
    const id = started.json().id as string;
    live = false;
    await ingest;
    expect(job).toMatchObject({ status: 'done', progress: 1, error: null });
    expect(job.bytes).toBeGreaterThan(0);
    // Acknowledged before the backup's last step (a margin for the step and its bookkeeping), some of them
    // while it ran: those must all be in it.
    const endedAt = Date.parse(job.finishedAt) - 20;
    const mustHave = acknowledged.filter((a) => a.at < endedAt).map((a) => a.t);
    expect(acknowledged.filter((a) => a.at > startedAt && a.at < endedAt).length).toBeGreaterThan(0);

    const file = await get(t, `/api/v1/backups/${id}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.length).toBe(job.bytes);

    // The console uploads it; it waits for the next start.
    const restore = await uploadRestore(t, file.rawPayload);
    expect(restore.statusCode).toBe(202);
    expect(restore.json()).toMatchObject({ pending: true, bytes: job.bytes });
    expect(existsSync(pendingRestoreFile(storeFile))).toBe(true);

    // The next start: the backup takes the store's place, the old store is kept beside it.
    await t.app.close();
    await t.testStore.store.close();
    const kept = applyPendingRestore(storeFile);
    expect(kept && existsSync(kept)).toBe(true);
    const restored = openStore({ sqliteFile: storeFile });
    try {
      const channel = await restored.db
        .selectFrom('channels')
        .select('id')
        .where('name', '=', SOG)
        .executeTakeFirstOrThrow();
      const rows = await restored.db
        .selectFrom('samples')
        .select('t')
        .where('channel_id', '=', channel.id)
        .where('t', '>=', start + 200_000 * 60_000)
        .execute();
      const have = new Set(rows.map((r) => Number(r.t)));
      const missing = mustHave.filter((tMs) => !have.has(tMs));
      expect(missing).toEqual([]);
      const ships = await restored.db.selectFrom('ships').select('mmsi').execute();
      expect(ships.map((s) => s.mmsi)).toEqual([validShip().mmsi]);
      expect(await sqliteIntegrity(restored.db)).toBe('ok');
    } finally {
      await restored.close();
    }
  });
});

describe('restore refuses a file that is not a store', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 400 with the reason and stages nothing', async () => {
    const res = await uploadRestore(t, Buffer.from('this is not a database, just text written by mistake'));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/^This file cannot be restored: the file is not/);
    expect(existsSync(pendingRestoreFile(path.join(t.testStore.dataDir, 'ecohelm.sqlite')))).toBe(false);
  });

  it('withdraws a staged restore when asked', async () => {
    const { started } = await backUp(t);
    const file = await get(t, `/api/v1/backups/${started.json().id}/file`);
    const staged = await uploadRestore(t, file.rawPayload);
    expect(staged.statusCode).toBe(202);
    const pending = pendingRestoreFile(path.join(t.testStore.dataDir, 'ecohelm.sqlite'));
    expect(existsSync(pending)).toBe(true);
    const cancel = await del(t, '/api/v1/backups/restore');
    expect(cancel.json()).toEqual({ cancelled: true });
    expect(existsSync(pending)).toBe(false);
  });

  it('needs a device that may change settings', async () => {
    expect((await post(t, '/api/v1/backups', undefined, {})).statusCode).toBe(401);
  });
});

describe.runIf(storeKinds.includes('postgres'))('backup on the fleet store', () => {
  it('points to PostgreSQL tools instead of copying', async () => {
    const t = await createTestApp('postgres');
    try {
      const res = await post(t, '/api/v1/backups');
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe('This store is PostgreSQL: back it up with pg_dump.');
    } finally {
      await t.close();
    }
  });
});
