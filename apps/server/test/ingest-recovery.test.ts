import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ServerTCP } from 'modbus-serial';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdapterRegistry, startConfiguredAdapters } from '../src/features/ingest/adapters.ts';
import type { Adapter } from '../src/features/ingest/connection.ts';
import { startModbus } from '../src/features/ingest/modbus.ts';
import { MapFileError, parseRegisterMap } from '../src/features/ingest/register-map.ts';
import { freePort, waitFor } from './peers.ts';
import { createTestApp, storeKinds, type TestApp } from './stores.ts';

const HEADER = 'group,interval_ms,unit_id,table,address,type,word_order,scale,offset,unit,channel';
const MAP = {
  file: 'ams.csv',
  text: `${HEADER}\nme,200,1,holding,0,uint16,,0.1,0,rpm,propulsion.main.revolutions`,
};

/**
 * A modbus-serial TCP server whose answers can stop: `silent` leaves every request unanswered while the
 * connection stays open, as a hung gateway or a pulled cable behind a switch does.
 */
async function startPeer(port: number) {
  const state = { silent: false, rpm: 785 };
  const server = new ServerTCP(
    {
      getHoldingRegister: (addr: number) =>
        state.silent ? new Promise<number>(() => undefined) : addr === 0 ? state.rpm : 0,
    },
    { host: '127.0.0.1', port, unitID: 1 },
  );
  await new Promise<void>((resolve) => server.on('initialized', () => resolve()));
  return { state, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('Modbus: a silent peer and a restarted one', () => {
  let t: TestApp;
  let port: number;
  let peer: Awaited<ReturnType<typeof startPeer>>;
  let adapter: Adapter;
  const rpm = () =>
    t.services.telemetry
      .latest(['propulsion.main.revolutions'])
      .then((m) => m.get('propulsion.main.revolutions'));

  beforeAll(async () => {
    port = await freePort();
    peer = await startPeer(port);
    t = await createTestApp(storeKinds[0]!);
    adapter = startModbus(t.services.ingest, { url: `127.0.0.1:${port}`, map: MAP, timeoutMs: 500 });
  });
  afterAll(async () => {
    await adapter?.stop();
    await peer?.close();
    await t?.close();
  });

  it('is connected only once a read is answered', async () => {
    await waitFor(async () => (await rpm())?.value === 78.5 / 60, 10_000, 'the first value');
    expect(adapter.status().state).toBe('connected');
  });

  it('is reconnecting after one read timeout and stays so, with the reason as text, until a read succeeds', async () => {
    peer.state.silent = true;
    const since = Date.now();
    await waitFor(() => adapter.status().state === 'reconnecting', 5_000, 'the adapter to notice');
    // One read timeout (500 ms) plus one poll interval.
    expect(Date.now() - since).toBeLessThan(2_000);
    expect(adapter.status().detail).toMatch(/timed out/i);
    expect(adapter.status().detail).not.toContain('[object');
    // The TCP connects keep succeeding; the state must not flap back to connected.
    const seen = new Set<string>();
    const until = Date.now() + 6_000;
    while (Date.now() < until) {
      seen.add(adapter.status().state);
      await new Promise((r) => setTimeout(r, 50));
    }
    expect([...seen]).toEqual(['reconnecting']);
    peer.state.silent = false;
    peer.state.rpm = 801;
    await waitFor(() => adapter.status().state === 'connected', 12_000, 'the adapter to read again');
    await waitFor(
      async () => Math.abs(((await rpm())?.value ?? 0) - 80.1 / 60) < 1e-9,
      5_000,
      'the new value',
    );
  }, 30_000);

  it('reads again within 12 s of a peer coming back after a long outage (backoff capped at 10 s)', async () => {
    await peer.close();
    await waitFor(() => adapter.status().state === 'reconnecting', 5_000, 'the adapter to notice');
    // Long enough for the backoff to reach its cap: 1, 2, 4, 8, 10 s.
    await new Promise((r) => setTimeout(r, 16_000));
    peer = await startPeer(port);
    peer.state.rpm = 700;
    const back = Date.now();
    await waitFor(async () => ((await rpm())?.value === 70 / 60 ? true : undefined), 13_000, '70 rpm');
    expect(Date.now() - back).toBeLessThanOrEqual(12_000);
  }, 45_000);
});

describe('the Data sources dialog is told why an adapter did not start', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(storeKinds[0]!);
  });
  afterAll(() => t?.close());

  it('lists a wrong map, a missing map setting and a folder as errors naming the file and line', async () => {
    const dir = path.join(t.config.dataDir, 'maps');
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      path.join(dir, 'overlap.csv'),
      `${HEADER}\nme,1000,1,holding,3,float32,big,1,0,kW,propulsion.main.shaftPower\nme,1000,1,holding,4,uint16,,0.1,0,rpm,propulsion.main.revolutions\n`,
    );
    const registry = new AdapterRegistry();
    const log = { info: () => undefined, error: () => undefined };
    await startConfiguredAdapters(
      {
        ...t.config,
        ingest: {
          ...t.config.ingest,
          modbus: [
            { url: '127.0.0.1:1', map: 'maps/overlap.csv' },
            { url: '127.0.0.1:2', map: '' },
            { url: '127.0.0.1:3', map: 'maps' },
          ],
        },
      },
      t.services.ingest,
      registry,
      log,
    );
    const statuses = registry.statuses();
    expect(statuses.map((s) => s.state)).toEqual(['error', 'error', 'error']);
    expect(statuses[0]!.detail).toBe(
      `${path.join(dir, 'overlap.csv')} line 3: register 4 is already mapped on line 2`,
    );
    expect(statuses[1]!.detail).toMatch(/no map file is configured \(ECOHELM_MODBUS_MAP/);
    expect(statuses[2]!.detail).toBe(`${dir}: is a folder, not a map file`);
    await registry.stopAll();
  });

  it('refuses overlapping registers in either order, naming both lines', () => {
    const float = 'me,1000,1,holding,3,float32,big,1,0,kW,propulsion.main.shaftPower';
    const word = 'me,1000,1,holding,4,uint16,,0.1,0,rpm,propulsion.main.revolutions';
    expect(() => parseRegisterMap(`${HEADER}\n${float}\n${word}`, 'a.csv')).toThrow(
      new MapFileError('a.csv line 3: register 4 is already mapped on line 2'),
    );
    expect(() => parseRegisterMap(`${HEADER}\n${word}\n${float}`, 'a.csv')).toThrow(
      new MapFileError('a.csv line 3: float32 at 3 overlaps register 4 mapped on line 2'),
    );
    // Neighbours that do not share a register are fine.
    const next = 'me,1000,1,holding,5,uint16,,0.1,0,rpm,propulsion.main.revolutions';
    expect(parseRegisterMap(`${HEADER}\n${float}\n${next}`, 'a.csv')).toHaveLength(2);
  });
});
