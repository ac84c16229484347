import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ServerTCP } from 'modbus-serial';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Adapter } from '../src/features/ingest/connection.ts';
import { startModbus } from '../src/features/ingest/modbus.ts';
import {
  decodeRegisters,
  MapFileError,
  parseRegisterMap,
  planBlocks,
} from '../src/features/ingest/register-map.ts';
import { freePort, waitFor } from './peers.ts';
import { createTestApp, storeKinds, type TestApp } from './stores.ts';

const MAP_FILE = path.join(import.meta.dirname, '../../../docs/examples/modbus-register-map.csv');
const MAP = readFileSync(MAP_FILE, 'utf8');

/** Registers of an AMS gateway as the device holds them (raw words), written from engineering values. */
function amsRegisters() {
  const holding = new Map<number, number>();
  const input = new Map<number, number>();
  const u16 = (m: Map<number, number>, a: number, v: number) => m.set(a, v & 0xffff);
  const f32 = (m: Map<number, number>, a: number, v: number, order: 'big' | 'little') => {
    const view = new DataView(new ArrayBuffer(4));
    view.setFloat32(0, v);
    const hi = view.getUint16(0);
    const lo = view.getUint16(2);
    m.set(a, order === 'big' ? hi : lo);
    m.set(a + 1, order === 'big' ? lo : hi);
  };
  u16(holding, 0, 785); // 78.5 rpm
  u16(holding, 1, 652); // 65.2 %
  u16(holding, 2, 611); // 61.1 %
  f32(holding, 3, 6120.5, 'big'); // kW
  f32(holding, 5, 1150.25, 'big'); // kg/h
  for (let i = 0; i < 7; i++) u16(holding, 10 + i, 3405 + i * 10); // 340.5 … 346.5 °C
  u16(holding, 20, 215); // 2.15 bar
  f32(input, 100, 412.5, 'little');
  f32(input, 102, 398.25, 'little');
  f32(input, 104, 0, 'little');
  u16(input, 106, 1);
  u16(input, 107, 1);
  u16(input, 108, 0);
  return { holding, input };
}

/** A Modbus TCP server of the maintained modbus-serial library holding `regs`; unmapped addresses raise "illegal data address". */
async function startServer(port: number, regs = amsRegisters()) {
  const illegal = () => Object.assign(new Error('Illegal data address'), { modbusErrorCode: 0x02 });
  const server = new ServerTCP(
    {
      getHoldingRegister: (addr: number) => {
        const v = regs.holding.get(addr);
        if (v === undefined) throw illegal();
        return v;
      },
      getInputRegister: (addr: number) => {
        const v = regs.input.get(addr);
        if (v === undefined) throw illegal();
        return v;
      },
    },
    { host: '127.0.0.1', port, unitID: 1 },
  );
  await new Promise<void>((resolve) => server.on('initialized', () => resolve()));
  return {
    regs,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('Modbus TCP against a modbus-serial server holding an AMS register map', () => {
  let t: TestApp;
  let port: number;
  let server: Awaited<ReturnType<typeof startServer>>;
  let adapter: Adapter;

  beforeAll(async () => {
    port = await freePort();
    server = await startServer(port);
    t = await createTestApp(storeKinds[0]!);
    adapter = startModbus(t.services.ingest, { url: `tcp://127.0.0.1:${port}`, map: MAP_FILE, retryMs: 200 });
  });

  afterAll(async () => {
    await adapter?.stop();
    await server?.close();
    await t?.close();
  });

  const latest = async (channel: string) =>
    waitFor(() => t.services.telemetry.latest([channel]).then((m) => m.get(channel)), 10_000, channel);

  it('stores every mapped register scaled and in SI units', async () => {
    const expected: [string, number][] = [
      ['propulsion.main.revolutions', 78.5 / 60],
      ['propulsion.main.engineLoad', 0.652],
      ['propulsion.main.fuelRack', 0.611],
      ['propulsion.main.shaftPower', 6_120_500],
      ['propulsion.main.fuel.hfo.massFlow', 1150.25 / 3600],
      ['propulsion.main.exhaustTemperature', 340.5 + 273.15],
      ['propulsion.main.cylinders.6.exhaustTemperature', 346.5 + 273.15],
      ['propulsion.main.scavengeAirPressure', 2.15e5],
      ['electrical.generators.ge1.realPower', 412_500],
      ['electrical.generators.ge2.realPower', 398_250],
      ['electrical.generators.ge1.running', 1],
      ['electrical.generators.ge3.running', 0],
    ];
    for (const [channel, value] of expected) {
      expect((await latest(channel)).value, channel).toBeCloseTo(value, 6);
    }
    expect(adapter.status().state).toBe('connected');
  });

  it('keeps polling the other registers when one is refused by the device', async () => {
    server.regs.holding.delete(2); // the fuel rack register disappears from the gateway
    server.regs.holding.set(0, 801); // and the engine speeds up
    await waitFor(
      async () => ((await latest('propulsion.main.revolutions')).value > 80 / 60 ? true : undefined),
      10_000,
      'the new rpm',
    );
    const status = t.services.ingest.status().find((s) => s.source === `modbus:127.0.0.1:${port}`)!;
    expect(status.rejected.malformed).toBeGreaterThan(0);
    expect(status.lastReject?.detail).toMatch(/line \d+ register 2 \(propulsion\.main\.fuelRack\)/);
    server.regs.holding.set(2, 611);
  });

  it('reconnects after the device goes away and comes back', async () => {
    await server.close();
    await waitFor(() => adapter.status().state === 'reconnecting', 10_000, 'the adapter to notice');
    const regs = server.regs;
    regs.holding.set(0, 700);
    server = await startServer(port, regs);
    await waitFor(() => adapter.status().state === 'connected', 20_000, 'the adapter to reconnect');
    await waitFor(
      async () => ((await latest('propulsion.main.revolutions')).value === 70 / 60 ? true : undefined),
      10_000,
      '70 rpm after the restart',
    );
  }, 40_000);
});

describe('register map', () => {
  it('reads the example map', () => {
    const points = parseRegisterMap(MAP);
    expect(points).toHaveLength(19);
    // Consecutive registers of one unit and table are read together.
    const me = points.filter((p) => p.group === 'me');
    expect(planBlocks(me).map((b) => [b.start, b.count])).toEqual([
      [0, 7],
      [20, 1],
    ]);
  });

  it.each([
    [
      'group,interval_ms,unit_id,table,address,type,word_order,scale,offset,unit,channel\nme,1000,1,holding,0,uint16,,0.1,0,rpm,propulsion.main.rpm',
      /line 2: channel 'propulsion.main.rpm' is not in the channel catalogue/,
    ],
    [
      'group,interval_ms,unit_id,table,address,type,word_order,scale,offset,unit,channel\nme,1000,1,holding,0,uint16,,0.1,0,rpm,propulsion.main.revolutions\nme,1000,1,coils,1,uint16,,1,0,%,propulsion.main.engineLoad',
      /line 3: table 'coils' is not holding or input/,
    ],
    [
      'group,interval_ms,unit_id,table,address,type,word_order,scale,offset,unit,channel\nme,1000,1,holding,0,int64,,1,0,rpm,propulsion.main.revolutions',
      /line 2: type 'int64'/,
    ],
    [
      'group,interval_ms,unit_id,table,address,type,word_order,scale,offset,unit,channel\nme,1000,1,holding,0,uint16,,1,0,bar,propulsion.main.exhaustTemperature',
      /line 2: unit 'bar' is not a unit of K/,
    ],
    [
      'group,interval_ms,unit_id,table,address,type,word_order,scale,offset,unit,channel\nme,1000,1,holding,70000,uint16,,1,0,rpm,propulsion.main.revolutions',
      /line 2: address '70000'/,
    ],
    [
      'group,interval_ms,unit_id,table,address,type,word_order,scale,offset,unit,channel\n# comment\nme,1000,1,holding,0,uint16,,1,0,rpm,propulsion.main.revolutions\nme,1000,1,holding,0,uint16,,1,0,%,propulsion.main.engineLoad',
      /line 4: register 0 is already mapped on line 3/,
    ],
    [
      'group,address,channel\nme,0,propulsion.main.revolutions',
      /missing column\(s\) interval_ms, unit_id, table, type/,
    ],
  ])('refuses a wrong map naming the line (%#)', (text, message) => {
    expect(() => parseRegisterMap(text)).toThrow(MapFileError);
    expect(() => parseRegisterMap(text)).toThrow(message);
  });

  it('decodes 32-bit values in both word orders', () => {
    const [p] = parseRegisterMap(
      'group,interval_ms,unit_id,table,address,type,word_order,scale,offset,unit,channel\nx,1000,1,holding,0,int32,little,1,0,W,propulsion.main.shaftPower',
    );
    expect(decodeRegisters(p!, [0xfffe, 0xffff])).toBe(-2);
    expect(decodeRegisters({ ...p!, wordOrder: 'big' }, [0x0001, 0x0000])).toBe(65536);
  });

  it('refuses to start an adapter with a wrong map', async () => {
    const t = await createTestApp(storeKinds[0]!);
    try {
      expect(() =>
        startModbus(t.services.ingest, {
          url: 'tcp://127.0.0.1:1',
          map: {
            file: 'ams.csv',
            text: 'group,interval_ms,unit_id,table,address,type,word_order,scale,offset,unit,channel\nme,10,1,holding,0,uint16,,1,0,rpm,propulsion.main.revolutions',
          },
        }),
      ).toThrow("ams.csv line 2: interval_ms '10' is not a whole number from 100 to 3600000");
    } finally {
      await t.close();
    }
  });
});
