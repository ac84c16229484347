import { sql } from 'kysely';
import { expect } from 'vitest';
import { validShip } from '../../../testing/factories.ts';
import { type RecordSource, recordSources } from '../src/features/sync/sync.sources.ts';
import { ShoreRepository } from '../src/features/sync/sync-shore.repository.ts';
import { put } from './http.ts';
import { testSyncConfig } from './nats.ts';
import { createTestApp, type TestApp } from './stores.ts';

/**
 * Fleet reads without a NATS server: a shore console, a ship console, and the ship's record rows written ashore
 * directly, as the shore's intake would write them.
 */

type Json = Record<string, unknown>;
export interface ShipRow {
  stream: RecordSource['stream'];
  row: Json;
}

/** A shore console on PostgreSQL whose NATS is nowhere. */
export const offlineShore = (): Promise<TestApp> =>
  createTestApp('postgres', {
    shore: true,
    sync: testSyncConfig('nats://127.0.0.1:9', 'shore', { reconnectMs: 200 }),
  });

/** A ship console on SQLite with its particulars saved. */
export async function shipWithParticulars(): Promise<TestApp> {
  const ship = await createTestApp('sqlite');
  expect((await put(ship, '/api/v1/ship', validShip())).statusCode).toBe(200);
  return ship;
}

/** Every record row the ship holds, with the stream that carries it ashore. */
export async function shipRecordRows(ship: TestApp): Promise<ShipRow[]> {
  const out: ShipRow[] = [];
  for (const source of recordSources) {
    const rows = await sql<Json>`select * from ${sql.table(source.table)}`.execute(ship.testStore.store.db);
    for (const row of rows.rows) out.push({ stream: source.stream, row });
  }
  return out;
}

/** Registers the ship `shipId` ashore and stores `rows` under it, in that order, each as its first version. */
export async function storeAshore(shore: TestApp, shipId: string, rows: readonly ShipRow[]): Promise<void> {
  const repo = new ShoreRepository(shore.testStore.store.db, 'postgres');
  await repo.register(shipId, null);
  for (const { stream, row } of rows) {
    await repo.upsertRecord(
      { kind: 'record', ship: shipId, stream, key: String(row.id), version: 1, t: 0, deleted: false, row },
      new Date().toISOString(),
    );
  }
}
