/**
 * Ship-systems adapters benchmark (`node bench/adapters.bench.ts`, part of `npm run bench`).
 *
 * - Modbus TCP: one poll cycle of 500 registers (250 uint16 holding registers of one unit plus 125
 *   float32 input registers) from a modbus-serial server on loopback, decoded and stored; median and p95
 *   of 30 cycles. The reads go in blocks of ≤ 125 registers, one request at a time.
 * - Signal K client: sustained deltas/s from a websocket peer sending deltas as fast as the client
 *   takes them (one update with three values each, the shape a Signal K server streams), through the
 *   client, the validated path (schema-checked parse, source priority, the pipeline's gate) and the store;
 *   against the rate of the delta parser alone on the same messages (`JSON.parse`, the schema check and
 *   `samplesFromDelta`).
 *
 * ECOHELM_BENCH_DELTAS (default 200,000) scales the Signal K part.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CHANNEL } from '@ecohelm/domain';
import modbusSerial from 'modbus-serial';
import { WebSocketServer } from 'ws';
import { openStore } from '../apps/server/src/db/client.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { startModbus } from '../apps/server/src/features/ingest/modbus.ts';
import { IngestPipeline } from '../apps/server/src/features/ingest/pipeline.ts';
import { parseSignalKFrame, samplesFromDelta } from '../apps/server/src/features/ingest/signalk.ts';
import { startSignalKClient } from '../apps/server/src/features/ingest/signalk-client.ts';
import { TelemetryRepository } from '../apps/server/src/features/telemetry/telemetry.repository.ts';
import { TelemetryService } from '../apps/server/src/features/telemetry/telemetry.service.ts';

const DELTAS = Number(process.env.ECOHELM_BENCH_DELTAS ?? 200_000);
const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

async function freshPipeline() {
  const dir = mkdtempSync(path.join(tmpdir(), 'ecohelm-bench-'));
  const store = openStore({ sqliteFile: path.join(dir, 'ecohelm.sqlite') });
  await migrateToLatest(store.db);
  const telemetry = new TelemetryService(new TelemetryRepository(store));
  await telemetry.init();
  const pipeline = new IngestPipeline(telemetry);
  return {
    pipeline,
    dispose: async () => {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A 500-register map: 250 holding uint16 (M/E exhaust temperatures) and 125 input float32 (G/E power). */
function bigMap(): string {
  const lines = ['group,interval_ms,unit_id,table,address,type,word_order,scale,offset,unit,channel'];
  for (let a = 0; a < 250; a++)
    lines.push(`me,1000,1,holding,${a},uint16,,0.1,0,degC,propulsion.main.exhaustTemperature`);
  for (let i = 0; i < 125; i++)
    lines.push(`ge,1000,1,input,${i * 2},float32,big,1,0,kW,electrical.generators.ge1.realPower`);
  return lines.join('\n');
}

async function modbusCycle(): Promise<{ p50: number; p95: number; registers: number }> {
  const port = await freePort();
  const server = new modbusSerial.ServerTCP(
    {
      getHoldingRegister: (a: number) => 3000 + (a % 500),
      getInputRegister: (a: number) => (a % 2 === 0 ? 0x43cc : 0),
    },
    { host: '127.0.0.1', port, unitID: 1 },
  );
  await new Promise<void>((r) => server.on('initialized', () => r()));
  const { pipeline, dispose } = await freshPipeline();
  // Cycles are timed from the counters: each cycle reads 375 values. The map gives many registers one channel
  // (the catalogue has fewer channels than an AMS has registers), so the gate keeps one value per channel and
  // poll and counts the others as duplicate_time: counted, not lost.
  const adapter = startModbus(pipeline, {
    url: `tcp://127.0.0.1:${port}`,
    map: { file: 'bench.csv', text: bigMap() },
  });
  const counted = () =>
    pipeline
      .status()
      .reduce((n, s) => n + s.accepted + Object.values(s.rejected).reduce((a, b) => a + (b ?? 0), 0), 0);
  while (counted() < 375) await new Promise((r) => setTimeout(r, 5));
  await adapter.stop();
  // Time the cycle itself: the adapter's reads without its 1 s schedule.
  const { readBlocks } = await import('../apps/server/src/features/ingest/modbus.ts');
  const { parseRegisterMap, planBlocks } = await import('../apps/server/src/features/ingest/register-map.ts');
  const points = parseRegisterMap(bigMap());
  const blocks = planBlocks(points);
  const client = new (
    modbusSerial as unknown as new () => import('modbus-serial/ModbusRTU.d.ts').ModbusRTU
  )();
  await client.connectTCP('127.0.0.1', { port });
  client.setTimeout(2000);
  const times: number[] = [];
  for (let i = 0; i < 35; i++) {
    const t0 = performance.now();
    const r = await readBlocks(client, blocks, Date.now);
    await pipeline.write('bench.modbus', r.samples);
    times.push(performance.now() - t0);
  }
  await new Promise<void>((r) => client.close(() => r()));
  await new Promise<void>((r) => server.close(() => r()));
  await dispose();
  const warm = times.slice(5);
  return { p50: pct(warm, 0.5), p95: pct(warm, 0.95), registers: blocks.reduce((s, b) => s + b.count, 0) };
}

function deltaMessages(): string[] {
  // Stamped 10 ms apart and ending a minute ago: inside the gate's time window, one value per millisecond.
  const t0 = Date.now() - DELTAS * 10 - 60_000;
  return Array.from({ length: DELTAS }, (_, i) =>
    JSON.stringify({
      context: 'vessels.urn:mrn:imo:mmsi:123456789',
      updates: [
        {
          $source: 'nmea0183.II',
          timestamp: new Date(t0 + i * 10).toISOString(),
          values: [
            { path: CHANNEL.stw, value: 6 + (i % 100) / 100 },
            { path: CHANNEL.cog, value: (i % 628) / 100 },
            { path: CHANNEL.depthTransducer, value: 20 + (i % 10) },
          ],
        },
      ],
    }),
  );
}

async function signalKRate(messages: string[]): Promise<{ client: number; parser: number }> {
  const t0 = performance.now();
  let n = 0;
  const self = 'vessels.urn:mrn:imo:mmsi:123456789';
  for (const m of messages) {
    // What the client does per message: parse, check against the delta schema, recognise the own vessel, flatten.
    for (const d of parseSignalKFrame(JSON.parse(m)).deltas) {
      if (d.context === self) d.context = 'vessels.self';
      n += samplesFromDelta(d, 0).samples.length;
    }
  }
  const parser = messages.length / ((performance.now() - t0) / 1000);
  if (n !== messages.length * 3) throw new Error('parser lost values');

  const port = await freePort();
  const wss = new WebSocketServer({ host: '127.0.0.1', port });
  const { pipeline, dispose } = await freshPipeline();
  let started = 0;
  wss.on('connection', (ws) => {
    ws.send(JSON.stringify({ name: 'bench', version: '2.23.0', self: 'vessels.urn:mrn:imo:mmsi:123456789' }));
    started = performance.now();
    let i = 0;
    // Send in chunks, yielding to the socket's backpressure.
    const pump = () => {
      while (i < messages.length && ws.bufferedAmount < 4 * 1024 * 1024) ws.send(messages[i++]!);
      if (i < messages.length) setImmediate(pump);
    };
    pump();
  });
  const client = startSignalKClient(pipeline, {
    url: `ws://127.0.0.1:${port}/signalk/v1/stream`,
    subscribe: 'all',
  });
  const expected = messages.length * 3;
  // Accepted or refused: a refusal (the gate) ends the wait too, and fails the run below.
  const counted = () =>
    pipeline
      .status()
      .reduce((n, s) => n + s.accepted + Object.values(s.rejected).reduce((a, b) => a + (b ?? 0), 0), 0);
  while (counted() < expected) await new Promise((r) => setTimeout(r, 10));
  const rate = messages.length / ((performance.now() - started) / 1000);
  const accepted = pipeline.status().reduce((n, s) => n + s.accepted, 0);
  if (accepted !== expected) {
    throw new Error(
      `the client stored ${accepted} of ${expected} values: ${JSON.stringify(pipeline.status())}`,
    );
  }
  await client.stop();
  await new Promise<void>((r) => wss.close(() => r()));
  await dispose();
  return { client: rate, parser };
}

const m = await modbusCycle();
const messages = deltaMessages();
const sk = await signalKRate(messages);
process.stdout.write(
  `Modbus: ${m.registers} registers per cycle; Signal K: ${fmt(DELTAS)} deltas of 3 values\n\n`,
);
process.stdout.write('| figure | value | budget |\n|---|---|---|\n');
process.stdout.write(
  `| Modbus poll cycle, ${m.registers} registers (decode + store), p50 | ${m.p50.toFixed(1)} ms | |\n`,
);
process.stdout.write(`| Modbus poll cycle, p95 | ${m.p95.toFixed(1)} ms | < 1,000 ms (1 s poll) |\n`);
process.stdout.write(
  `| Signal K client, sustained (stream → store) | ${fmt(sk.client)} deltas/s | ≥ 20,000 |\n`,
);
process.stdout.write(`| Signal K delta parser alone | ${fmt(sk.parser)} deltas/s | |\n`);
process.stdout.write(`| client / parser | ${(sk.client / sk.parser).toFixed(2)} | |\n`);
