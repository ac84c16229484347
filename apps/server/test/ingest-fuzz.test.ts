/**
 * Property tests of every adapter's receiving code (issue 25): arbitrary input goes through the real parse and
 * the real pipeline gate (over an in-memory store), and nothing may throw; every value is stored or counted.
 * Runs are bounded so the file stays within a few seconds.
 */
import { channelCatalogue } from '@ecohelm/domain';
import fc from 'fast-check';
import type { ModbusRTU } from 'modbus-serial/ModbusRTU.d.ts';
import { describe, expect, it } from 'vitest';
import { CsvReader } from '../src/features/ingest/csv.ts';
import { readBlocks } from '../src/features/ingest/modbus.ts';
import { samplesFromJson } from '../src/features/ingest/mqtt.ts';
import { isProprietaryPgn, N2kDecoder } from '../src/features/ingest/n2k.ts';
import { LineFeed } from '../src/features/ingest/nmea-sources.ts';
import { NmeaDecoder } from '../src/features/ingest/nmea0183.ts';
import { type NodePoint, sampleOfDataValue } from '../src/features/ingest/opcua.ts';
import { IngestPipeline } from '../src/features/ingest/pipeline.ts';
import { parseRegisterMap, planBlocks } from '../src/features/ingest/register-map.ts';
import { SignalKStreamIntake, SourcePriority } from '../src/features/ingest/signalk-client.ts';
import type { Sample } from '../src/features/ingest/types.ts';
import type { TelemetryService } from '../src/features/telemetry/telemetry.service.ts';

const RUNS = { numRuns: Number(process.env.FUZZ_RUNS ?? 300) };

/** The real pipeline over a store that keeps nothing but the count. */
function countingPipeline(now = Date.now) {
  let stored = 0;
  const telemetry = {
    writeSamples: async (s: readonly Sample[]) => {
      stored += s.length;
    },
  } as unknown as TelemetryService;
  const pipeline = new IngestPipeline(telemetry, undefined, now);
  const counted = (source: string) => {
    const s = pipeline.status().find((x) => x.source === source);
    return (s?.accepted ?? 0) + Object.values(s?.rejected ?? {}).reduce((a, b) => a + (b ?? 0), 0);
  };
  return { pipeline, counted, stored: () => stored };
}

const paths = [
  ...channelCatalogue.slice(0, 12).map((c) => c.id),
  'navigation.position',
  'propulsion.port.revolutions',
  '__proto__',
  'constructor',
  'no.such.path',
  '',
];
const anyValue = fc.oneof(
  fc.double(),
  fc.integer(),
  fc.boolean(),
  fc.string(),
  fc.constant(null),
  fc.dictionary(fc.string(), fc.jsonValue()),
  fc.record({ latitude: fc.jsonValue(), longitude: fc.jsonValue() }),
);
const stamp = fc.oneof(
  fc
    .date({ min: new Date('1969-01-01'), max: new Date('3000-01-01'), noInvalidDate: true })
    .map((d) => d.toISOString()),
  fc.constant(undefined),
);

describe('fuzz: Signal K frames through the client intake and the gate', () => {
  it('never throws on arbitrary text or JSON', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string(),
          fc.jsonValue().map((v) => JSON.stringify(v) ?? 'null'),
        ),
        async (text) => {
          const { pipeline } = countingPipeline();
          const pushed: Sample[] = [];
          const intake = new SignalKStreamIntake(pipeline, 'fuzz', (s) => pushed.push(...s));
          intake.message(text);
          await pipeline.write('fuzz', pushed);
        },
      ),
      RUNS,
    );
  });

  it('stores or counts every value of a delta of the own vessel', async () => {
    const delta = fc.record({
      context: fc.constantFrom(undefined, 'vessels.self'),
      updates: fc.array(
        fc.record({
          timestamp: stamp,
          $source: fc.constantFrom('a.1', 'b.2'),
          values: fc.array(fc.record({ path: fc.constantFrom(...paths), value: anyValue }), { maxLength: 6 }),
        }),
        { maxLength: 4 },
      ),
    });
    await fc.assert(
      fc.asyncProperty(delta, async (d) => {
        const { pipeline, counted } = countingPipeline();
        const pushed: Sample[] = [];
        const intake = new SignalKStreamIntake(pipeline, 'fuzz', (s) => pushed.push(...s), {
          priority: new SourcePriority(),
        });
        intake.message(JSON.stringify(d));
        await pipeline.write('fuzz', pushed);
        // A compound value becomes one sample per member present; anything else one sample.
        const expected = d.updates
          .flatMap((u) => u.values)
          .reduce((n, v) => {
            if (v.path === 'navigation.position' && v.value && typeof v.value === 'object') {
              const o = v.value as Record<string, unknown>;
              return n + Number(o.latitude !== undefined) + Number(o.longitude !== undefined);
            }
            return n + 1;
          }, 0);
        expect(counted('fuzz')).toBe(expected);
      }),
      RUNS,
    );
  });

  it('gives MQTT payloads of any JSON samples or a refusal, never an exception', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        const r = samplesFromJson(v, Date.now());
        expect(r === undefined || Array.isArray(r)).toBe(true);
      }),
      RUNS,
    );
  });
});

/** `$TTSSS,f1,f2*hh` with a correct checksum. */
const sentence = (body: string) => {
  let sum = 0;
  for (let i = 0; i < body.length; i++) sum ^= body.charCodeAt(i);
  return `$${body}*${sum.toString(16).toUpperCase().padStart(2, '0')}`;
};
const field = fc.oneof(
  fc.constant(''),
  fc.double({ min: -1e6, max: 1e6, noNaN: true }).map((x) => String(x)),
  fc.integer({ min: -999999, max: 999999 }).map(String),
  fc.constantFrom('A', 'V', 'N', 'S', 'E', 'W', 'T', 'M', 'K', 'C', 'D', 'P', 'R'),
  fc.stringMatching(/^[\x20-\x7e]{0,8}$/).map((s) => s.replaceAll(',', '').replaceAll('*', '')),
);
const nmeaLine = fc.oneof(
  fc
    .tuple(
      fc.constantFrom('GP', 'II', 'SD', 'WI', 'HE', 'YX'),
      fc.constantFrom(
        'RMC',
        'GGA',
        'GLL',
        'VTG',
        'HDT',
        'HDG',
        'VHW',
        'DPT',
        'DBT',
        'MWV',
        'MWD',
        'XDR',
        'ZDA',
        'RPM',
        'ROT',
        'RSA',
        'MTW',
        'XYZ',
      ),
      fc.array(field, { maxLength: 16 }),
    )
    .map(([talker, type, fields]) => sentence(`${talker}${type},${fields.join(',')}`)),
  fc.string(),
  fc.stringMatching(/^[$!][A-Z]{5},[\x20-\x7e]{0,40}\*[0-9A-F]{2}$/),
);

describe('fuzz: NMEA 0183 lines through the decoder and the line feed', () => {
  it('decodes, refuses or ignores every line without an exception, and counts each sample', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(nmeaLine, { maxLength: 20 }),
        fc.constantFrom('data', 'receive'),
        async (lines, clock) => {
          const decoder = new NmeaDecoder({ clock: clock as 'data' | 'receive' });
          let samples = 0;
          let refused = 0;
          for (const l of lines) {
            const r = decoder.decode(l);
            if (r.kind === 'samples') samples += r.samples.length;
            else if (r.kind === 'reject') refused += 1;
          }
          samples += decoder.drain().length;
          const { pipeline, counted } = countingPipeline();
          const feed = new LineFeed(pipeline, 'fuzz', clock as 'data' | 'receive');
          for (const l of lines) feed.line(l);
          await feed.end();
          expect(counted('fuzz')).toBe(samples + refused);
        },
      ),
      RUNS,
    );
  });

  it('survives arbitrary bytes split anywhere in a TCP stream', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.uint8Array({ maxLength: 200 }), { maxLength: 8 }), async (chunks) => {
        const { pipeline } = countingPipeline();
        const feed = new LineFeed(pipeline, 'fuzz', 'receive');
        for (const c of chunks) feed.chunk(Buffer.from(c).toString('latin1'));
        await feed.end();
      }),
      { numRuns: 200 },
    );
  });
});

const hex = (bytes: Uint8Array) => [...bytes].map((b) => b.toString(16).padStart(2, '0')).join(',');
const n2kLine = fc.oneof(
  fc
    .tuple(
      fc.constantFrom(
        127488,
        127489,
        128259,
        129025,
        129026,
        130306,
        127250,
        128267,
        130312,
        65306,
        65311,
        130846,
        126720,
        59904,
        60928,
      ),
      fc.integer({ min: 0, max: 255 }),
      fc.uint8Array({ minLength: 0, maxLength: 40 }),
    )
    .map(([pgn, src, bytes]) => `2026-01-01T00:00:00.000Z,2,${pgn},${src},255,${bytes.length},${hex(bytes)}`),
  fc.string(),
);

describe('fuzz: NMEA 2000 frames through canboat and n2k-signalk', () => {
  it('gives samples, a counted refusal or nothing, never an exception; proprietary PGNs are unsupported_pgn', () => {
    const decoder = new N2kDecoder({ clock: 'receive' });
    fc.assert(
      fc.property(n2kLine, (line) => {
        const r = decoder.decode(line);
        expect(['samples', 'reject', 'ignored']).toContain(r.kind);
        const fields = line.split(',');
        const pgn = Number(fields[2]);
        // A proprietary frame with data is unsupported; one with no data bytes is malformed like any other.
        if (
          r.kind === 'reject' &&
          Number.isInteger(pgn) &&
          isProprietaryPgn(pgn) &&
          line.startsWith('2026-') &&
          Number(fields[5]) > 0
        ) {
          expect(r.reason).toBe('unsupported_pgn');
        }
      }),
      RUNS,
    );
  });

  it('counts a proprietary frame without data bytes as malformed (a case the fuzzer found)', () => {
    expect(
      new N2kDecoder({ clock: 'receive' }).decode('2026-01-01T00:00:00.000Z,2,126720,0,255,0,'),
    ).toMatchObject({
      kind: 'reject',
      reason: 'malformed',
    });
  });

  it('fills the main engine from PGN 127488 of instance 0', () => {
    const r = new N2kDecoder({ clock: 'receive' }).decode(
      '2026-01-01T00:00:00.000Z,2,127488,115,255,8,00,10,27,ff,ff,ff,ff,ff',
    );
    expect(r).toMatchObject({ kind: 'samples', samples: [{ channel: 'propulsion.main.revolutions' }] });
  });
});

const MAP = `group,interval_ms,unit_id,table,address,type,word_order,scale,offset,unit,channel
me,1000,1,holding,0,uint16,,0.1,0,rpm,propulsion.main.revolutions
me,1000,1,holding,1,float32,big,1,0,kW,propulsion.main.shaftPower
me,1000,1,holding,3,int16,,0.1,0,degC,propulsion.main.coolantTemperature
nav,1000,1,input,0,int32,little,0.000001,0,deg,navigation.position.latitude
nav,1000,1,input,2,int32,little,0.000001,0,deg,navigation.position.longitude`;

describe('fuzz: Modbus answers through readBlocks and the gate', () => {
  const points = parseRegisterMap(MAP, 'fuzz.csv');
  const blocks = planBlocks(points);
  const answer = fc.oneof(
    fc
      .record({ data: fc.array(fc.integer({ min: 0, max: 65535 }), { maxLength: 8 }) })
      .map((a) => ({ ok: a })),
    fc
      .record({
        data: fc.array(fc.oneof(fc.integer(), fc.double(), fc.constant(null)) as fc.Arbitrary<number>, {
          maxLength: 8,
        }),
      })
      .map((a) => ({ ok: a })),
    fc
      .integer({ min: 1, max: 11 })
      .map((modbusCode) => ({ fail: Object.assign(new Error('exception'), { modbusCode }) })),
    fc.constantFrom(
      { fail: { name: 'TransactionTimedOutError', message: 'Timed out', errno: 'ETIMEDOUT' } },
      { fail: new Error('socket closed') },
      { fail: 'a string' },
    ),
  );

  it('stores or counts every point of every poll, or reports the link lost', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(answer, { minLength: 1, maxLength: 12 }), async (answers) => {
        let i = 0;
        const next = async () => {
          const a = answers[i++ % answers.length]!;
          if ('fail' in a) throw a.fail;
          return a.ok;
        };
        const client = {
          setID: () => undefined,
          readHoldingRegisters: next,
          readInputRegisters: next,
        } as unknown as ModbusRTU;
        const r = await readBlocks(client, blocks, Date.now);
        if (!r.lost) expect(r.samples.length + r.failed.length).toBe(points.length);
        const { pipeline, counted } = countingPipeline();
        await pipeline.write('fuzz', r.samples);
        expect(counted('fuzz')).toBe(r.samples.length);
      }),
      RUNS,
    );
  });
});

describe('fuzz: OPC UA data values through the item handler and the gate', () => {
  const point: NodePoint = {
    line: 2,
    nodeId: 'ns=1;s=ME.Speed',
    samplingMs: 1000,
    scale: 1,
    offset: 0,
    unit: 'rpm',
    channel: 'propulsion.main.revolutions',
    toSi: (v) => v / 60,
  };
  it('gives a sample or a reason for any value, status and time, and the gate counts it', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.anything(),
        fc.boolean(),
        fc.oneof(fc.date(), fc.constant(null), fc.constant(new Date(Number.NaN))),
        async (raw, good, time) => {
          const r = sampleOfDataValue(
            point,
            {
              value: { value: raw },
              statusCode: { isGood: () => good, name: good ? 'Good' : 'BadNodeIdUnknown' },
              sourceTimestamp: time,
            },
            Date.now(),
          );
          const { pipeline, counted } = countingPipeline();
          if ('sample' in r) await pipeline.write('fuzz', [r.sample]);
          else pipeline.reject('fuzz', r.reason, r.detail);
          expect(counted('fuzz')).toBe(1);
        },
      ),
      RUNS,
    );
  });
});

describe('fuzz: CSV rows', () => {
  it('reads any row into samples or counted problems', () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.string(), { maxLength: 5 }), { maxLength: 10 }), (rows) => {
        const reader = new CsvReader({
          timeColumn: 'time',
          columns: { sog: { channel: 'navigation.speedOverGround' }, x: { channel: 'no.such' } },
        });
        reader.row(['time', 'sog', 'x']);
        for (const row of rows) {
          const r = reader.row(row);
          expect(Array.isArray(r.samples) && Array.isArray(r.problems)).toBe(true);
        }
      }),
      RUNS,
    );
  });
});
