import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { safeEncode } from 'zod/v4/core';
import { createResponseSerializerCompiler, zodEncodedAnswers } from '../src/platform/response-serializer.ts';
import { get } from './http.ts';
import { simulateHistory } from './sim-history.ts';
import { createTestApp, type TestApp } from './stores.ts';

/** The writer the app gives `schema`'s answers, checking against the zod encoding or not. */
const writerOf = (schema: z.ZodType, checkAnswers = false) =>
  createResponseSerializerCompiler({ checkAnswers })({ schema, method: 'GET', url: '/x', httpStatus: '200' });

/** What fastify-type-provider-zod's serializer wrote: the zod encoding, stringified. */
const zodWritten = (schema: z.ZodType, data: unknown) => JSON.stringify(safeEncode(schema, data).data);

const point = z.object({ t: z.iso.datetime(), value: z.number().nullable() });
const answer = z.object({
  id: z.string(),
  count: z.int(),
  note: z.string().optional(),
  status: z.enum(['ok', 'stale']),
  points: z.array(point),
  range: z.tuple([z.number(), z.number()]),
  limits: z.record(z.string(), z.object({ low: z.number(), high: z.number() })),
  source: z.object({ name: z.string(), since: z.iso.datetime() }).nullable(),
  params: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('engine'), powerKw: z.number() }),
    z.object({ kind: z.literal('generator'), loadPct: z.number() }),
  ]),
  code: z.union([z.literal(200), z.literal(401)]),
  before: z.unknown().nullable(),
});

/** An answer as a handler hands it over: with fields its contract does not name, at every depth. */
const handed = () => ({
  id: 'a"b\\c\u2028é',
  count: 3,
  status: 'ok',
  points: [
    { t: '2026-11-28T00:00:00.000Z', value: 1.5, row: 7 },
    { t: '2026-11-28T00:01:00.000Z', value: null, internal: { secret: 1 } },
  ],
  range: [-0, 1e21],
  limits: { 'a.b': { low: 0, high: 1, hidden: true } },
  source: { name: 'nmea', since: '2026-11-27T00:00:00.000Z', password: 'x' },
  params: { kind: 'generator', loadPct: 71.2, debug: 'x' },
  code: 401,
  before: { anything: [1, 'two', null], kept: true },
  passwordHash: 'secret',
});

describe('response serializer', () => {
  it('writes only the properties the schema declares, at every depth', () => {
    const written = JSON.parse(writerOf(answer)(handed()));
    expect(written).toEqual({
      id: 'a"b\\c\u2028é',
      count: 3,
      status: 'ok',
      points: [
        { t: '2026-11-28T00:00:00.000Z', value: 1.5 },
        { t: '2026-11-28T00:01:00.000Z', value: null },
      ],
      range: [0, 1e21],
      limits: { 'a.b': { low: 0, high: 1 } },
      source: { name: 'nmea', since: '2026-11-27T00:00:00.000Z' },
      params: { kind: 'generator', loadPct: 71.2 },
      code: 401,
      before: { anything: [1, 'two', null], kept: true },
    });
  });

  it('writes the same JSON as the zod encoding, required properties first', () => {
    const data = handed();
    expect(writerOf(answer)(data)).toBe(zodWritten(answer, data));
    const other = { ...data, note: 'n', source: null, params: { kind: 'engine', powerKw: 1 }, before: null };
    const written = writerOf(answer, true)(other);
    expect(JSON.parse(written)).toStrictEqual(JSON.parse(zodWritten(answer, other)));
    expect(Object.keys(JSON.parse(written)).at(-1)).toBe('note');
  });

  it('fails an answer that breaks its contract when checking answers, as the zod encoding did', () => {
    const broken = { ...handed(), count: '3' };
    expect(() => writerOf(answer, true)(broken)).toThrow(/Response doesn't match the schema/);
    // Unchecked (production), a value of another type is written as the schema's type; a missing field still fails.
    expect(JSON.parse(writerOf(answer)(broken)).count).toBe(3);
    const { id: _, ...withoutId } = handed();
    expect(() => writerOf(answer)(withoutId)).toThrow(/"id" is required/);
  });

  it('keeps the zod encoding for a schema that changes values on the way out', () => {
    const before = zodEncodedAnswers.length;
    try {
      // Its JSON Schema (the output side) says number; the zod encoding writes the string.
      const tenths = z.codec(z.string(), z.number(), { decode: Number, encode: (n) => n.toFixed(1) });
      const codec = z.object({ at: tenths });
      expect(writerOf(codec)({ at: 2, extra: 1 })).toBe('{"at":"2.0"}');
      expect(zodEncodedAnswers.slice(before)).toEqual([
        { route: 'GET /x 200', reason: 'a pipe changes the value' },
      ]);
    } finally {
      zodEncodedAnswers.length = before;
    }
  });
});

/** Path parameters and required query parameters of the reads, as the memory bench fills them in. */
function filled(now: number): Record<string, string> {
  return {
    channels: 'navigation.speedOverGround,propulsion.main.shaftPower,propulsion.main.revolutions',
    channel: 'propulsion.main.shaftPower',
    from: new Date(now - 86_400_000).toISOString(),
    to: new Date(now).toISOString(),
    unit: 'me',
    year: String(new Date(now).getUTCFullYear()),
  };
}

describe('every page read on three days of the simulator', () => {
  let t: TestApp;
  const now = Date.now();
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    await simulateHistory(t, now, 3);
  }, 120_000);
  afterAll(() => t.close());

  it('compiles every route answer to a JSON Schema writer', () => {
    expect(zodEncodedAnswers).toEqual([]);
  });

  // The test apps check every answer (`checkAnswers`): a read whose JSON Schema writer wrote other text than the zod
  // encoding, or whose answer broke its contract, fails with 500 instead of 200.
  it('answers each GET of the API document as the zod encoding wrote it', async () => {
    const doc = (await get(t, '/api/docs/json')).json() as {
      paths: Record<
        string,
        { get?: { operationId: string; parameters?: { in: string; name: string; required?: boolean }[] } }
      >;
    };
    const values = filled(now);
    const answered: string[] = [];
    const failed: string[] = [];
    for (const [template, item] of Object.entries(doc.paths)) {
      const op = item.get;
      // Not JSON, or never ending: files, the live streams, backups.
      if (!op || /stream|live|export|download|backup|csvjob/i.test(op.operationId)) continue;
      let url = template;
      const query = new URLSearchParams();
      const missing = (op.parameters ?? []).some((p) => {
        if (p.in !== 'path' && !(p.in === 'query' && p.required)) return false;
        const value = values[p.name];
        if (value === undefined) return true;
        if (p.in === 'path') url = url.replace(`{${p.name}}`, value);
        else query.set(p.name, value);
        return false;
      });
      if (missing) continue;
      const res = await get(t, `${url}${query.size > 0 ? `?${query}` : ''}`);
      if (res.statusCode === 500) failed.push(`${url}: ${res.body}`);
      else if (res.statusCode === 200 && res.headers['content-type']?.startsWith('application/json')) {
        answered.push(url);
      }
    }
    expect(failed).toEqual([]);
    expect(answered.length).toBeGreaterThan(40);
  }, 120_000);
});
