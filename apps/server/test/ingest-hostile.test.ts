import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import type { Adapter } from '../src/features/ingest/connection.ts';
import {
  catalogueSubscription,
  SignalKStreamIntake,
  SourcePriority,
  startSignalKClient,
} from '../src/features/ingest/signalk-client.ts';
import type { Sample } from '../src/features/ingest/types.ts';
import { loadConfig } from '../src/platform/config.ts';
import { post } from './http.ts';
import { freePort, waitFor } from './peers.ts';
import { createTestApp, storeKinds, type TestApp } from './stores.ts';

const iso = (t: number) => new Date(t).toISOString();

/** Frames that each ended the process through the Signal K client or the websocket stream (issue 25). */
const HOSTILE = [
  '{"context":"vessels.self","updates":[null]}',
  '{"context":7,"updates":[]}',
  '{"context":"vessels.self","updates":[{"timestamp":"2026-01-01T00:00:00Z","values":"abc"}]}',
  '{"context":"vessels.self","updates":[{"timestamp":"2026-01-01T00:00:00Z","values":{"path":"x","value":1}}]}',
];

const goodDelta = (t: number, sog = 5) =>
  JSON.stringify({
    context: 'vessels.self',
    updates: [{ timestamp: iso(t), values: [{ path: 'navigation.speedOverGround', value: sog }] }],
  });

const health = async (t: TestApp) => (await t.app.inject({ url: '/api/health' })).statusCode;
const statusOf = (t: TestApp, source: string) => t.services.ingest.status().find((s) => s.source === source);

describe.each(storeKinds)('hostile Signal K frames on %s', (kind) => {
  let t: TestApp;
  let address: string | undefined;
  /** The app on a real port (for the websocket stream), listened on once. */
  const listening = async () => {
    address ??= await t.app.listen({ port: 0, host: '127.0.0.1' });
    return address;
  };
  /** A websocket on the app's Signal K stream, open, as the admin console. */
  const openStream = async () => {
    const at = await listening();
    const ws = new WebSocket(`${at.replace('http', 'ws')}/api/v1/ingest/signalk/stream`, { headers: t.auth });
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    return { address: at, ws };
  };
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());

  it('counts each frame as malformed through the Signal K client and keeps reading', async () => {
    const port = await freePort();
    const peer = new WebSocketServer({ host: '127.0.0.1', port });
    const now = Date.now();
    peer.on('connection', (ws) => {
      ws.send(JSON.stringify({ name: 'hostile', version: '2.23.0', self: 'vessels.urn:mrn:imo:mmsi:1' }));
      for (const frame of HOSTILE) ws.send(frame);
      ws.send('not json at all');
      ws.send(goodDelta(now - 1000, 4.2));
    });
    let client: Adapter | undefined;
    try {
      client = startSignalKClient(t.services.ingest, {
        url: `ws://127.0.0.1:${port}/signalk/v1/stream`,
        subscribe: 'all',
      });
      const source = `signalk:127.0.0.1:${port}`;
      const status = await waitFor(
        () => {
          const s = statusOf(t, source);
          return s && s.accepted === 1 ? s : undefined;
        },
        10_000,
        'the good delta after the hostile ones',
      );
      expect(status.rejected.malformed).toBe(HOSTILE.length + 1);
      expect(await health(t)).toBe(200);
      expect(client.status().state).toBe('connected');
    } finally {
      await client?.stop();
      await new Promise<void>((r) => peer.close(() => r()));
    }
  });

  it('counts each frame as malformed on the websocket stream and keeps the socket open', async () => {
    const { ws } = await openStream();
    for (const frame of HOSTILE) ws.send(frame);
    ws.send(`[${HOSTILE[0]},${goodDelta(Date.now() - 500, 3.3)}]`);
    const status = await waitFor(
      () => {
        const s = statusOf(t, 'signalk.ws:TEST-01');
        return s && s.accepted === 1 ? s : undefined;
      },
      10_000,
      'the good delta on the stream',
    );
    expect(status.rejected.malformed).toBe(HOSTILE.length + 1);
    expect(ws.readyState).toBe(WebSocket.OPEN);
    ws.close();
    expect(await health(t)).toBe(200);
  });

  it('keeps answering /api/health while arbitrary frames arrive on the websocket stream', async () => {
    const { address, ws } = await openStream();
    const frames = fc.sample(
      fc.oneof(
        fc.string(),
        fc.jsonValue().map((v) => JSON.stringify(v) ?? 'null'),
        fc
          .record({
            context: fc.oneof(fc.constant('vessels.self'), fc.jsonValue()),
            updates: fc.oneof(fc.jsonValue(), fc.array(fc.oneof(fc.constant(null), fc.jsonValue()))),
          })
          .map((d) => JSON.stringify(d)),
      ),
      { numRuns: 300, seed: 25 },
    );
    const source = 'signalk.ws:TEST-01';
    const before = statusOf(t, source);
    const total = (s: typeof before) =>
      (s?.accepted ?? 0) + Object.values(s?.rejected ?? {}).reduce((a, b) => a + (b ?? 0), 0);
    for (const frame of frames) ws.send(frame);
    // A closing marker: once it is counted, every frame before it has been handled.
    ws.send('marker, not json');
    await waitFor(
      () => (statusOf(t, source)?.lastReject?.detail === 'marker, not json' ? true : undefined),
      10_000,
      'the marker frame',
    );
    expect(total(statusOf(t, source))).toBeGreaterThan(total(before));
    expect(ws.readyState).toBe(WebSocket.OPEN);
    expect((await fetch(`${address}/api/health`)).status).toBe(200);
    ws.close();
  });

  it('answers 400 over HTTP and counts the frame', async () => {
    for (const frame of HOSTILE) {
      const res = await post(t, '/api/v1/ingest/signalk', frame, {
        ...t.auth,
        'content-type': 'application/json',
      });
      expect(res.statusCode, frame).toBe(400);
      expect(res.json().error.code).toBe('validation_failed');
    }
    expect(statusOf(t, 'signalk.http:TEST-01')?.rejected.malformed).toBe(HOSTILE.length);
    expect(await health(t)).toBe(200);
  });
});

describe.each(storeKinds)('the ingest gate on %s', (kind) => {
  let t: TestApp;
  const send = async (values: { path: string; value: unknown }[], timestamp: string) =>
    (
      await post(t, '/api/v1/ingest/signalk', { context: 'vessels.self', updates: [{ timestamp, values }] })
    ).json() as {
      accepted: number;
      rejected: number;
    };
  const counters = () => statusOf(t, 'signalk.http:TEST-01')?.rejected ?? {};

  beforeAll(async () => {
    const defaults = loadConfig({});
    t = await createTestApp(kind, {
      ingest: { ...defaults.ingest, timeWindow: { maxAheadS: 300, maxAgeDays: 7 } },
    });
  });
  afterAll(() => t?.close());

  it('refuses 2999 and 1970 as out_of_time so the channel follows the good values', async () => {
    const sog = 'navigation.speedOverGround';
    expect(await send([{ path: sog, value: 9 }], '2999-01-01T00:00:00Z')).toEqual({
      accepted: 0,
      rejected: 1,
    });
    expect(await send([{ path: sog, value: 8 }], '1970-01-01T00:00:00Z')).toEqual({
      accepted: 0,
      rejected: 1,
    });
    const now = Date.now();
    for (let i = 0; i < 4; i++) await send([{ path: sog, value: 3 + i }], iso(now - 4000 + i * 1000));
    const latest = await t.services.telemetry.latest([sog]);
    expect(latest.get(sog)).toEqual({ t: now - 1000, value: 6 });
    expect(counters().out_of_time).toBe(2);
  });

  it('refuses a boolean speed as wrong_type', async () => {
    const r = await send([{ path: 'navigation.speedOverGround', value: true }], iso(Date.now() - 100));
    expect(r).toEqual({ accepted: 0, rejected: 1 });
    expect(counters().wrong_type).toBe(1);
  });

  it('stores a position whole or not at all', async () => {
    const before = counters();
    const t0 = Date.now() - 60_000;
    const r1 = await send(
      [{ path: 'navigation.position', value: { latitude: '60.1', longitude: 24.9 } }],
      iso(t0),
    );
    const r2 = await send(
      [{ path: 'navigation.position', value: { latitude: 91, longitude: 24.9 } }],
      iso(t0 + 1),
    );
    expect(r1).toEqual({ accepted: 0, rejected: 2 });
    expect(r2).toEqual({ accepted: 0, rejected: 2 });
    const lon = await t.services.telemetry.rawSamples('navigation.position.longitude', t0, t0 + 2);
    expect(lon).toHaveLength(0);
    const after = counters();
    expect((after.wrong_type ?? 0) - (before.wrong_type ?? 0)).toBe(2);
    expect((after.out_of_range ?? 0) - (before.out_of_range ?? 0)).toBe(2);
  });

  it('counts __proto__ and constructor paths as unknown', async () => {
    const before = counters().unknown_path ?? 0;
    const r = await send(
      [
        { path: '__proto__', value: { polluted: 1 } },
        { path: 'constructor', value: 1 },
        { path: 'toString', value: 1 },
      ],
      iso(Date.now() - 100),
    );
    expect(r).toEqual({ accepted: 0, rejected: 3 });
    expect((counters().unknown_path ?? 0) - before).toBe(3);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('keeps the last of many values of one channel in one millisecond and counts the rest', async () => {
    // A 100,000-value delta is larger than the HTTP body limit; the pipeline is what every path shares.
    const t0 = Date.now() - 120_000;
    const channel = 'navigation.speedThroughWater';
    const samples = Array.from({ length: 100_000 }, (_, i) => ({ channel, t: t0, value: (i % 1000) / 100 }));
    await t.services.ingest.write('test.same-ms', samples);
    const rows = await t.services.telemetry.rawSamples(channel, t0, t0 + 1);
    expect(rows.map((x) => x.value)).toEqual([9.99]);
    const status = statusOf(t, 'test.same-ms');
    expect(status?.accepted).toBe(1);
    expect(status?.rejected.duplicate_time).toBe(99_999);
    // A later value at a millisecond already stored is counted too, and the stored value stays.
    await t.services.ingest.write('test.same-ms', [{ channel, t: t0, value: 1 }]);
    expect(statusOf(t, 'test.same-ms')?.rejected.duplicate_time).toBe(100_000);
    const again = await t.services.telemetry.rawSamples(channel, t0, t0 + 1);
    expect(again.map((x) => x.value)).toEqual([9.99]);
  });
});

describe('source priority that follows the freshest data', () => {
  const intake = (priority: SourcePriority, now: () => number) => {
    const pushed: Sample[] = [];
    const rejected: Record<string, number> = {};
    const pipeline = {
      reject: (_s: string, reason: string, _d: string, n = 1) => {
        rejected[reason] = (rejected[reason] ?? 0) + n;
      },
    } as unknown as ConstructorParameters<typeof SignalKStreamIntake>[0];
    const i = new SignalKStreamIntake(pipeline, 'test', (s) => pushed.push(...s), { priority, now });
    return { i, pushed, rejected };
  };
  const delta = ($source: string, t: number, sog: number) =>
    JSON.stringify({
      context: 'vessels.self',
      updates: [{ $source, timestamp: iso(t), values: [{ path: 'navigation.speedOverGround', value: sog }] }],
    });

  it('lets a current source hold a path against one stamped years ago, and counts the stale values', () => {
    const now = Date.parse('2026-06-01T12:00:00Z');
    const { i, pushed, rejected } = intake(new SourcePriority(), () => now);
    // The 2014 N2K sample comes first: it may not hold the path.
    i.message(delta('n2k.115', Date.parse('2014-08-15T19:00:00Z'), 3));
    for (let k = 0; k < 50; k++) {
      i.message(delta('nmea0183.GP', now - 50 + k, 5));
      i.message(delta('n2k.115', Date.parse('2014-08-15T19:00:00Z') + k, 3));
    }
    expect(pushed.filter((s) => s.value === 5)).toHaveLength(50);
    expect(pushed.filter((s) => s.value === 3)).toHaveLength(1);
    expect(rejected.lower_priority).toBe(50);
  });

  it('counts values of a lower-priority source as lower_priority', () => {
    const now = Date.parse('2026-06-01T12:00:00Z');
    const { i, pushed, rejected } = intake(new SourcePriority(['gps1']), () => now);
    i.message(delta('gps1.GP', now, 5));
    i.message(delta('gps2.GP', now, 6));
    expect(pushed.map((s) => s.value)).toEqual([5]);
    expect(rejected.lower_priority).toBe(1);
  });

  it('subscribes to the engine paths a Signal K server names NMEA 2000 instance 0 by', () => {
    const paths = catalogueSubscription();
    expect(paths).toContain('propulsion.main.revolutions');
    expect(paths).toContain('propulsion.port.revolutions');
    expect(paths).toContain('propulsion.port.temperature');
    expect(catalogueSubscription({ '0': 'main', '1': 'ge1' })).toContain('propulsion.0.revolutions');
  });

  it('maps N2K engine instance 0 (port) to the main engine', () => {
    const now = Date.parse('2026-06-01T12:00:00Z');
    const { i, pushed } = intake(new SourcePriority(), () => now);
    i.message(
      JSON.stringify({
        context: 'vessels.self',
        updates: [
          {
            timestamp: iso(now),
            values: [
              { path: 'propulsion.port.revolutions', value: 1.5 },
              { path: 'propulsion.port.temperature', value: 350 },
            ],
          },
        ],
      }),
    );
    expect(pushed.map((s) => s.channel)).toEqual([
      'propulsion.main.revolutions',
      'propulsion.main.coolantTemperature',
    ]);
  });
});
