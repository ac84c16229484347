import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCsv } from '../src/features/ingest/csv-jobs.ts';
import { createTestApp, storeKinds, type TestApp } from './stores.ts';

describe('CSV import through csv-parse', () => {
  let t: TestApp;
  const dir = mkdtempSync(path.join(tmpdir(), 'ecohelm-csv-'));
  beforeAll(async () => {
    t = await createTestApp(storeKinds[0]!);
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('reads quoted fields, doubled quotes, a line break inside quotes and a byte-order mark', async () => {
    const text =
      '\uFEFFtime;"remark; free text";"STW (kn)"\r\n' +
      '2026-03-01 00:00;"calm; ""good"" day";12,0\r\n' +
      '2026-03-01 01:00;"line one\nline two";12.5\r\n' +
      '\r\n' +
      '2026-03-01 02:00;;13\r\n';
    const r = await importCsv(
      t.services.ingest,
      { text },
      {
        timeColumn: 'time',
        delimiter: ';',
        columns: { 'STW (kn)': { channel: 'navigation.speedThroughWater' } },
      },
      'csv:quoted',
    );
    expect(r.missingColumns).toEqual([]);
    expect(r.rowsDone).toBe(3);
    const rows = await t.services.telemetry.rawSamples(
      'navigation.speedThroughWater',
      Date.parse('2026-03-01T00:00:00Z'),
      Date.parse('2026-03-01T03:00:00Z'),
    );
    // "12,0" is not a number in a ';' file with '.' decimals: refused, the other two stored in m/s.
    expect(rows).toHaveLength(2);
    expect(rows[0]!.value).toBeCloseTo((12.5 * 1852) / 3600, 12);
    expect(rows[1]!.value).toBeCloseTo((13 * 1852) / 3600, 12);
    expect(t.services.ingest.status().find((s) => s.source === 'csv:quoted')?.rejected.not_a_number).toBe(1);
  });

  it('streams a file of 100,000 rows', async () => {
    const file = path.join(dir, 'history.csv');
    const start = Date.parse('2025-01-01T00:00:00Z');
    const lines = ['time,rpm'];
    for (let i = 0; i < 100_000; i++)
      lines.push(`${new Date(start + i * 60_000).toISOString()},${(70 + (i % 10)).toFixed(1)}`);
    writeFileSync(file, `${lines.join('\n')}\n`);
    const progress: number[] = [];
    const r = await importCsv(
      t.services.ingest,
      { file },
      { timeColumn: 'time', columns: { rpm: { channel: 'propulsion.main.revolutions' } } },
      'csv:history',
      (p) => progress.push(p.rowsDone / p.rowsTotal),
    );
    expect(r.rowsDone).toBe(100_000);
    expect(r.accepted).toBe(100_000);
    expect(progress.length).toBeGreaterThan(10);
    expect(progress.at(-1)).toBe(1);
    const day = await t.services.telemetry.rawSamples('propulsion.main.revolutions', start, start + 600_000);
    expect(day.map((x) => x.value * 60).map((v) => Math.round(v * 10) / 10)).toEqual([
      70, 71, 72, 73, 74, 75, 76, 77, 78, 79,
    ]);
  }, 60_000);

  it('stops at a file that is not CSV with the parser message and line', async () => {
    await expect(
      importCsv(
        t.services.ingest,
        { text: 'time,rpm\n2026-03-01 00:00,"70\n2026-03-01 01:00,71\n' },
        { timeColumn: 'time', columns: { rpm: { channel: 'propulsion.main.revolutions' } } },
        'csv:broken',
      ),
    ).rejects.toThrow(/Quote Not Closed/i);
  });
});
