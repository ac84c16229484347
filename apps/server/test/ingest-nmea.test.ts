import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replayLogFile } from '../src/features/ingest/nmea-sources.ts';
import { checksumValid, NmeaDecoder, parseXdr } from '../src/features/ingest/nmea0183.ts';
import { IngestPipeline } from '../src/features/ingest/pipeline.ts';
import { TelemetryRepository } from '../src/features/telemetry/telemetry.repository.ts';
import { TelemetryService } from '../src/features/telemetry/telemetry.service.ts';
import { createTestStore, storeKinds, type TestStore } from './stores.ts';

const ZEUS = path.join(import.meta.dirname, 'fixtures/bundg_zeus_9.excerpt.log');
const KN = 1852 / 3600;
const DEG = Math.PI / 180;

describe('NMEA 0183 decoding', () => {
  it('validates checksums', () => {
    expect(checksumValid('$GPRMC,094737,A,5251.0093,N,00518.8170,E,5.6,230.5,200818,1.4,E,A*1F')).toBe(true);
    expect(checksumValid('$GPRMC,094737,A,5251.0093,N,00518.8170,E,5.6,230.5,200818,1.4,E,A*00')).toBe(false);
  });

  it.each([
    ['$GPRMC,094737,A,5251.0093,N,00518.8170,E,5.6,230.5,200818,1.4,E,A*00', 'bad_checksum'],
    ['$GPRMC,094737,A,5251.0093,N,00518.8170', 'malformed'],
    ['garbage \u0001\u0002', 'malformed'],
    ['$GPGSA,A,3,07,08,10,16,20,21,26,27,29,76,75,70,1.10,0.60,0.90*0B', 'unsupported_sentence'],
  ])('drops %s as %s', (line, reason) => {
    const r = new NmeaDecoder().decode(line);
    expect(r).toMatchObject({ kind: 'reject', reason });
  });

  it('parses XDR heel, trim, rudder, air temperature and pressure', () => {
    const fields = 'C,21.5,C,AIRTEMP,A,-3.0,D,HEEL,A,3.7,D,TRIM,P,1.013,B,BARO,A,-4.2,D,RUDDER'.split(',');
    const byChannel = Object.fromEntries(parseXdr(fields).map((s) => [s.channel, s.value]));
    expect(byChannel['environment.outside.temperature']).toBeCloseTo(294.65, 9);
    expect(byChannel['navigation.attitude.roll']).toBeCloseTo(-3 * DEG, 12);
    expect(byChannel['navigation.attitude.pitch']).toBeCloseTo(3.7 * DEG, 12);
    expect(byChannel['environment.outside.pressure']).toBeCloseTo(101_300, 6);
    expect(byChannel['steering.rudderAngle']).toBeCloseTo(-4.2 * DEG, 12);
  });

  it('reads HDT, ROT, RSA and RPM through the Signal K parser', () => {
    const d = new NmeaDecoder({ now: () => 1000 });
    const all = [
      '$HEHDT,123.4,T*2B',
      ...['TIROT,-12.5,A', 'IIRSA,5.0,A,,', 'IIRPM,S,1,80.5,10.2,A'].map(withChecksum),
    ].flatMap((l) => {
      const r = d.decode(l);
      return r.kind === 'samples' ? r.samples : [];
    });
    const by = Object.fromEntries(all.map((s) => [s.channel, s.value]));
    expect(by['navigation.headingTrue']).toBeCloseTo(123.4 * DEG, 9);
    expect(by['navigation.rateOfTurn']).toBeCloseTo((-12.5 * DEG) / 60, 9);
    expect(by['steering.rudderAngle']).toBeCloseTo(5 * DEG, 9);
    expect(by['propulsion.main.revolutions']).toBeCloseTo(80.5 / 60, 9);
  });
});

function withChecksum(body: string): string {
  let sum = 0;
  for (const c of body) sum ^= c.charCodeAt(0);
  return `$${body}*${sum.toString(16).toUpperCase().padStart(2, '0')}`;
}

describe.each(storeKinds)('replay of a real B&G Zeus log on %s', (kind) => {
  let ts: TestStore;
  let telemetry: TelemetryService;
  let pipeline: IngestPipeline;
  beforeAll(async () => {
    ts = await createTestStore(kind);
    telemetry = new TelemetryService(new TelemetryRepository(ts.store));
    await telemetry.init();
    pipeline = new IngestPipeline(telemetry);
    await replayLogFile(pipeline, ZEUS);
  });
  afterAll(() => ts.dispose());

  const T = (hms: string) => Date.parse(`2018-08-20T${hms}Z`);

  it('stores the positions, speeds and headings of the log with its own time', async () => {
    const lat = await telemetry.rawSamples('navigation.position.latitude', T('09:47:37'), T('09:47:38'));
    // RMC, GGA then GLL 094737 (5251.0084): the last in that second wins in raw.
    expect(lat.at(-1)?.value).toBeCloseTo(52 + 51.0084 / 60, 9);
    const lon = await telemetry.rawSamples('navigation.position.longitude', T('09:47:37'), T('09:47:38'));
    expect(lon.at(-1)?.value).toBeCloseTo(5 + 18.8149 / 60, 9);
    const minute = await telemetry.rollups(
      '1m',
      'navigation.position.latitude',
      T('09:47:00'),
      T('09:48:00'),
    );
    // The fixes held back for their time (GGA and GLL 094736) take 094737 too: one value per millisecond is
    // kept (the last), so the minute's highest latitude is RMC 094737's last-kept fix, not GGA 094736's.
    expect(minute[0]?.max).toBeLessThan(52 + 51.0094 / 60);
    expect(minute[0]?.max).toBeGreaterThanOrEqual(52 + 51.0084 / 60);
    // RMC 094738 then VTG: 5.8 kn (VTG's 10.7 km/h wins in raw), COG 235.1°; the minute keeps both.
    const sog = await telemetry.rawSamples('navigation.speedOverGround', T('09:47:38'), T('09:47:39'));
    expect(sog.at(-1)?.value).toBeCloseTo(10.7 / 3.6, 9);
    const sogMinute = await telemetry.rollups(
      '1m',
      'navigation.speedOverGround',
      T('09:47:00'),
      T('09:48:00'),
    );
    expect(sogMinute[0]?.max).toBeCloseTo(11.7 / 3.6, 9); // VTG 094741: 6.3 kn / 11.7 km/h
    const cog = await telemetry.rawSamples('navigation.courseOverGroundTrue', T('09:47:38'), T('09:47:39'));
    expect(cog.at(-1)?.value).toBeCloseTo(235.1 * DEG, 6);
    // VHW: STW 6.6 kn; HDG 230.6 magnetic + 1.3 E = 231.9 true (the last heading of that second).
    const stw = await telemetry.rawSamples('navigation.speedThroughWater', T('09:47:38'), T('09:47:39'));
    expect(stw.at(-1)?.value).toBeCloseTo(6.6 * KN, 5);
    const hdg = await telemetry.rawSamples('navigation.headingTrue', T('09:47:38'), T('09:47:39'));
    expect(hdg.at(-1)?.value).toBeCloseTo(230.5 * DEG + 1.3 * DEG, 6);
    const heel = await telemetry.rawSamples('navigation.attitude.roll', T('09:47:37'), T('09:47:42'));
    expect(heel.map((s) => Math.round((s.value / DEG) * 10) / 10)).toContain(-2.8);
  });

  it('counts what it dropped per reason without stopping', () => {
    const status = pipeline.status().find((s) => s.source === 'nmea0183.replay')!;
    expect(status.accepted).toBeGreaterThan(60);
    // RMC, GGA, GLL and VTG repeat one fix in one second: the last is kept, the others counted.
    expect(status.rejected.duplicate_time).toBeGreaterThan(0);
    expect(status.rejected.empty_value).toBeGreaterThan(0); // $SDMTW,,C
    expect(status.rejected.unknown_path ?? 0).toBe(0);
  });

  it('keeps 1-h rollups equal to a direct computation over what arrived', async () => {
    const decoder = new NmeaDecoder({ clock: 'data' });
    const { readFileSync } = await import('node:fs');
    // One value per millisecond, the last (docs/decisions.md).
    const byTime = new Map<number, number>();
    for (const line of readFileSync(ZEUS, 'utf8').split('\n')) {
      const r = decoder.decode(line);
      if (r.kind === 'samples')
        for (const s of r.samples) if (s.channel === 'navigation.speedOverGround') byTime.set(s.t, s.value);
    }
    const values = [...byTime.values()];
    const hour = await telemetry.rollups('1h', 'navigation.speedOverGround', T('09:00:00'), T('10:00:00'));
    expect(hour).toHaveLength(1);
    expect(hour[0]!.n).toBe(values.length);
    expect(hour[0]!.sum / hour[0]!.n).toBeCloseTo(values.reduce((a, b) => a + b, 0) / values.length, 12);
    expect(hour[0]!.max).toBe(Math.max(...values));
  });
});
