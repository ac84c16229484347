import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { N2kDecoder, nmea2000 } from '../src/features/ingest/n2k.ts';
import { replayLogFile } from '../src/features/ingest/nmea-sources.ts';
import { signalkServerDir } from './peers.ts';
import { createTestApp, storeKinds, type TestApp } from './stores.ts';

describe('NMEA 2000 through canboat and n2k-signalk', () => {
  let t: TestApp;
  let log: string;

  beforeAll(async () => {
    // The Actisense log the Signal K server ships as its NMEA 2000 sample (Aava, Helsinki 2014).
    log = path.join(signalkServerDir(), 'samples/aava-n2k.data');
    t = await createTestApp(storeKinds[0]!);
  }, 240_000);
  afterAll(() => t?.close());

  it('decodes a speed PGN by hand-checked bytes', () => {
    // PGN 128259 Speed: bytes 1–2 little-endian 0x014e = 334 × 0.01 m/s.
    const r = new N2kDecoder({ clock: 'data' }).decode(
      '2014-08-15T19:00:00.048Z,2,128259,115,255,8,00,4e,01,ff,ff,00,ff,ff',
    );
    expect(r).toEqual({
      kind: 'samples',
      samples: [
        { channel: 'navigation.speedThroughWater', t: Date.parse('2014-08-15T19:00:00.048Z'), value: 3.34 },
      ],
    });
  });

  it('replays the sample log into the expected channels at the log time', async () => {
    const r = await replayLogFile(t.services.ingest, log, {
      source: 'nmea2000.replay',
      decoder: nmea2000.decoder,
    });
    expect(r.lines).toBeGreaterThan(20_000);
    const from = Date.parse('2014-08-15T19:00:00Z');
    const to = Date.parse('2014-08-15T20:00:00Z');
    for (const channel of [
      'navigation.position.latitude',
      'navigation.position.longitude',
      'navigation.speedThroughWater',
      'navigation.speedOverGround',
      'navigation.headingTrue',
      'environment.depth.belowTransducer',
      'environment.wind.speedApparent',
      'environment.wind.angleApparent',
    ]) {
      const rows = await t.services.telemetry.rawSamples(channel, from, to);
      expect(rows.length, channel).toBeGreaterThan(10);
    }
    const lat = await t.services.telemetry.rawSamples('navigation.position.latitude', from, to);
    // In the Gulf of Finland, and one continuous track: AIS targets' positions (other vessels, base
    // stations) are not ours and are not stored, or the track would jump between ships.
    expect(Math.min(...lat.map((r) => r.value))).toBeGreaterThan(59.5);
    expect(Math.max(...lat.map((r) => r.value))).toBeLessThan(60.5);
    const jumps = lat.slice(1).map((r, i) => Math.abs(r.value - lat[i]!.value));
    expect(Math.max(...jumps)).toBeLessThan(0.01);
    const status = t.services.ingest.status().find((s) => s.source === 'nmea2000.replay')!;
    expect(status.accepted).toBeGreaterThan(1000);
    expect(status.rejected.unknown_path ?? 0).toBe(0);
    // The log's proprietary PGNs (65311, 65362, 130846, … : a quarter of its lines) are counted apart: a
    // healthy bus shows no malformed lines.
    expect(status.rejected.malformed ?? 0).toBe(0);
    expect(status.rejected.unsupported_pgn).toBeGreaterThan(5000);
  }, 120_000);

  it('fills the main engine from PGNs 127488 and 127489 of instance 0', () => {
    const decoder = new N2kDecoder({ clock: 'data' });
    const rapid = decoder.decode('2026-01-01T00:00:00.000Z,2,127488,115,255,8,00,10,27,ff,ff,ff,ff,ff');
    // Engine speed 0x2710 × 0.25 rpm = 2,500 rpm → 41.67 r/s.
    expect(rapid).toMatchObject({
      kind: 'samples',
      samples: [{ channel: 'propulsion.main.revolutions', value: 2500 / 60 }],
    });
    const dynamic = decoder.decode(
      '2026-01-01T00:00:00.000Z,2,127489,115,255,26,00,10,27,64,73,40,6e,ff,ff,ff,ff,ff,ff,ff,ff,ff,ff,ff,ff,ff,ff,ff,ff,ff,ff,ff',
    );
    expect(dynamic.kind).toBe('samples');
    const channels = dynamic.kind === 'samples' ? dynamic.samples.map((s) => s.channel) : [];
    expect(channels).toContain('propulsion.main.coolantTemperature');
    expect(channels.every((c) => c.startsWith('propulsion.main.'))).toBe(true);
  });
});
