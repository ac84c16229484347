import net from 'node:net';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMqtt } from '../src/features/ingest/mqtt.ts';
import { get, post } from './http.ts';
import { createTestApp, storeKinds, type TestApp } from './stores.ts';

const now = Date.now();
const iso = (t: number) => new Date(t).toISOString();

describe.each(storeKinds)('telemetry and ingest API on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('lists the channel catalogue with display units', async () => {
    const res = await get(t, '/api/v1/telemetry/channels');
    expect(res.statusCode).toBe(200);
    const sog = res.json().channels.find((c: { id: string }) => c.id === 'navigation.speedOverGround');
    expect(sog).toMatchObject({ equipment: 'navigation', unit: 'kn', siUnit: 'm/s' });
    const cyl6 = res
      .json()
      .channels.find((c: { id: string }) => c.id === 'propulsion.main.cylinders.6.exhaustTemperature');
    expect(cyl6.unit).toBe('°C');
    expect(cyl6.limits.high).toBeCloseTo(430, 9);
  });

  it('answers 401 without a token on every telemetry and ingest route', async () => {
    for (const url of [
      '/api/v1/telemetry/channels',
      '/api/v1/telemetry/latest?channels=a',
      '/api/v1/ingest/status',
    ]) {
      expect((await get(t, url, {})).statusCode).toBe(401);
    }
    const delta = { updates: [{ values: [{ path: 'navigation.speedOverGround', value: 1 }] }] };
    expect((await post(t, '/api/v1/ingest/signalk', delta, {})).statusCode).toBe(401);
  });

  it('stores Signal K deltas posted over HTTP and counts the bad values per reason', async () => {
    const delta = {
      context: 'vessels.self',
      updates: [
        {
          $source: 'nmea0183.VD',
          timestamp: iso(now - 2000),
          values: [
            { path: 'navigation.speedThroughWater', value: 6.43 },
            { path: 'propulsion.main.revolutions', value: 1.3617 },
            { path: 'navigation.position', value: { latitude: 31.2, longitude: 121.5 } },
            { path: 'navigation.speedOverGround', value: 'fast' },
            { path: 'navigation.speedOverGround', value: 500 },
            { path: 'no.such.path', value: 1 },
            { path: 'environment.water.temperature', value: null },
          ],
        },
      ],
    };
    const res = await post(t, '/api/v1/ingest/signalk', delta);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ accepted: 4, rejected: 4 });
    const status = (await get(t, '/api/v1/ingest/status')).json();
    const http = status.sources.find((s: { source: string }) => s.source === 'signalk.http:TEST-01');
    expect(http).toMatchObject({
      accepted: 4,
      rejected: { wrong_type: 1, out_of_range: 1, unknown_path: 1, empty_value: 1 },
    });
  });

  it('answers latest values in display units with their decimals', async () => {
    const res = await get(
      t,
      '/api/v1/telemetry/latest?channels=navigation.speedThroughWater,propulsion.main.revolutions,navigation.position.latitude',
    );
    expect(res.statusCode).toBe(200);
    const by = Object.fromEntries(res.json().values.map((v: { channel: string }) => [v.channel, v]));
    // Each value with its unit and the decimals the console shows it with.
    expect(by['navigation.speedThroughWater']).toMatchObject({ unit: 'kn', digits: 1 });
    expect(by['propulsion.main.revolutions']).toMatchObject({ unit: 'rpm', digits: 1 });
    expect(by['navigation.speedThroughWater'].value).toBeCloseTo(12.499, 2);
    expect(by['propulsion.main.revolutions'].value).toBeCloseTo(81.702, 3);
    expect(by['navigation.position.latitude'].value).toBe(31.2);
    const bad = await get(t, '/api/v1/telemetry/latest?channels=nope');
    expect(bad.statusCode).toBe(400);
  });

  it('answers a trend in display units and validates its range', async () => {
    const res = await get(
      t,
      `/api/v1/telemetry/trend?channel=navigation.speedThroughWater&from=${iso(now - 3600_000)}&to=${iso(now + 60_000)}&points=100`,
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.unit).toBe('kn');
    expect(body.points.length).toBeGreaterThan(0);
    expect(body.points.length).toBeLessThanOrEqual(100);
    expect(body.points[0].max).toBeCloseTo(12.499, 2);
    const reversed = await get(
      t,
      `/api/v1/telemetry/trend?channel=navigation.speedThroughWater&from=${iso(now)}&to=${iso(now - 1000)}`,
    );
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().error.code).toBe('validation_failed');
  });

  it('imports a CSV of noon reports with column mapping and reports progress', async () => {
    const csv =
      '\uFEFFTIME,SOG_KN,ROB_HFO_T\n2024-05-01 12:00,12.5,812.3\n2024-05-02 12:00,abc,800.1\n2024-05-03 12:00,11.9,\n';
    const start = await post(t, '/api/v1/ingest/csv', {
      csv,
      source: 'csv:noon',
      mapping: {
        timeColumn: 'TIME',
        utcOffsetMinutes: 480,
        columns: {
          SOG_KN: { channel: 'navigation.speedOverGround' },
          ROB_HFO_T: { channel: 'tanks.fuel.hfo.currentMass' },
        },
      },
    });
    expect(start.statusCode).toBe(202);
    let job = start.json();
    for (let i = 0; i < 50 && job.status === 'running'; i++) {
      await new Promise((r) => setTimeout(r, 50));
      job = (await get(t, `/api/v1/ingest/csv/${job.id}`)).json();
    }
    expect(job).toMatchObject({
      status: 'done',
      rowsDone: 3,
      rowsTotal: 3,
      progress: 1,
      accepted: 4,
      rejected: 2,
    });
    const rob = await t.services.telemetry.rawSamples(
      'tanks.fuel.hfo.currentMass',
      Date.UTC(2024, 4, 1, 4),
      Date.UTC(2024, 4, 1, 5),
    );
    expect(rob).toHaveLength(1);
    expect(rob[0]!.value).toBeCloseTo(812_300, 6);
  });

  it('streams live values as server-sent events', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const res = await fetch(
      `${address}/api/v1/telemetry/live?channels=navigation.speedThroughWater&dcToken=${t.token}`,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const reader = res.body!.getReader();
    let text = '';
    while (!text.includes('event: values')) text += new TextDecoder().decode((await reader.read()).value);
    await reader.cancel();
    const data = JSON.parse(text.split('data: ')[1]!.split('\n')[0]!);
    expect(data.values[0]).toMatchObject({ channel: 'navigation.speedThroughWater', unit: 'kn' });
    const unauth = await fetch(`${address}/api/v1/telemetry/live?channels=navigation.speedThroughWater`);
    expect(unauth.status).toBe(401);
  });
});

const brokerUp = await new Promise<boolean>((resolve) => {
  const s = net.connect({ host: '127.0.0.1', port: 1883 });
  s.once('connect', () => {
    s.destroy();
    resolve(true);
  });
  s.once('error', () => resolve(false));
  setTimeout(() => resolve(false), 1000).unref();
});
if (!brokerUp) console.info('No MQTT broker answers at 127.0.0.1:1883: the MQTT ingest test is skipped.');

describe.skipIf(!brokerUp)('MQTT ingest from the Mosquitto broker', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(() => t.close());

  it('stores JSON samples published on the configured topic and counts malformed ones', async () => {
    const topic = `ecohelm/test/${process.pid}/${Date.now()}`;
    const adapter = startMqtt(t.services.ingest, 'mqtt://127.0.0.1:1883', topic);
    await new Promise<void>((resolve) => adapter.client.once('connect', () => setTimeout(resolve, 200)));
    const pub = await mqtt.connectAsync('mqtt://127.0.0.1:1883');
    await pub.publishAsync(
      topic,
      JSON.stringify({ t: iso(now), values: { 'propulsion.main.shaftPower': 5_200_000 } }),
    );
    await pub.publishAsync(topic, 'not json');
    await pub.endAsync();
    const source = `mqtt:${topic}`;
    for (let i = 0; i < 40; i++) {
      const s = t.services.ingest.status().find((x) => x.source === source);
      if (s && s.accepted === 1 && s.rejected.malformed === 1) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    await adapter.stop();
    expect(t.services.ingest.status().find((x) => x.source === source)).toMatchObject({
      accepted: 1,
      rejected: { malformed: 1 },
    });
    const latest = await t.services.telemetry.latest(['propulsion.main.shaftPower']);
    expect(latest.get('propulsion.main.shaftPower')?.value).toBe(5_200_000);
  });
});
