import { randomUUID } from 'node:crypto';
import { createReadStream, statSync } from 'node:fs';
import { Readable } from 'node:stream';
import type { IngestCsvJob } from '@ecohelm/contracts';
import { parse } from 'csv-parse';
import { type CsvMapping, CsvReader } from './csv.ts';
import type { IngestPipeline } from './pipeline.ts';
import type { Sample } from './types.ts';

/** Rows per stored batch; progress advances batch by batch. */
const ROWS_PER_BATCH = 2000;

/** CSV to import: text received over HTTP, or a file read as a stream (history of hundreds of MB). */
export type CsvInput = { text: string } | { file: string };

/**
 * Imports CSV (history, noon reports) through the validated path and reports progress. The file is
 * streamed through csv-parse (RFC 4180: quoted fields, doubled quotes, line breaks inside quotes, a
 * byte-order mark), so its size does not bound memory. `onProgress` is called after every batch (the
 * CLI draws its bar from it); the row total is exact for text and estimated from the bytes for a file.
 * A file that is not CSV (an unclosed quote) stops the import with the parser's message and line.
 */
export async function importCsv(
  pipeline: IngestPipeline,
  input: CsvInput,
  mapping: CsvMapping,
  source: string,
  onProgress?: (p: { rowsDone: number; rowsTotal: number; accepted: number; rejected: number }) => void,
): Promise<{
  rowsDone: number;
  rowsTotal: number;
  accepted: number;
  rejected: number;
  missingColumns: string[];
}> {
  const totalBytes = 'text' in input ? Buffer.byteLength(input.text) : statSync(input.file).size;
  const exactRows =
    'text' in input
      ? Math.max(0, input.text.split(/\r?\n/).filter((l) => l.trim() !== '').length - 1)
      : undefined;
  const parser = ('text' in input ? Readable.from([input.text]) : createReadStream(input.file)).pipe(
    parse({
      delimiter: mapping.delimiter ?? ',',
      bom: true,
      trim: true,
      skip_empty_lines: true,
      relax_column_count: true,
    }),
  );
  const reader = new CsvReader(mapping);
  let missingColumns: string[] = [];
  let accepted = 0;
  let rejected = 0;
  let batch: Sample[] = [];
  let rowsDone = 0;
  const before = () => {
    const s = pipeline.status().find((x) => x.source === source);
    return {
      accepted: s?.accepted ?? 0,
      rejected: Object.values(s?.rejected ?? {}).reduce((a, b) => a + (b ?? 0), 0),
    };
  };
  const start = before();
  const rowsTotal = () =>
    exactRows ?? Math.max(rowsDone, Math.round((rowsDone * totalBytes) / Math.max(1, parser.info.bytes)));
  const report = () => {
    const now = before();
    accepted = now.accepted - start.accepted;
    rejected = now.rejected - start.rejected;
    onProgress?.({ rowsDone, rowsTotal: rowsTotal(), accepted, rejected });
  };
  let header = true;
  for await (const fields of parser as AsyncIterable<string[]>) {
    if (header) {
      reader.row(fields);
      missingColumns = reader.missingColumns();
      header = false;
      continue;
    }
    rowsDone += 1;
    const r = reader.row(fields);
    for (const p of r.problems) pipeline.reject(source, p.reason, `row ${rowsDone + 1}: ${p.detail}`);
    for (const s of r.samples) batch.push(s);
    if (rowsDone % ROWS_PER_BATCH === 0) {
      await pipeline.write(source, batch, { history: true });
      batch = [];
      report();
    }
  }
  await pipeline.write(source, batch, { history: true });
  report();
  return { rowsDone, rowsTotal: rowsDone, accepted, rejected, missingColumns };
}

/** CSV imports started over HTTP, polled by id. Finished jobs are kept for an hour. */
export class CsvJobs {
  readonly #jobs = new Map<string, IngestCsvJob & { finishedAt?: number }>();
  readonly #pipeline: IngestPipeline;

  constructor(pipeline: IngestPipeline) {
    this.#pipeline = pipeline;
  }

  start(text: string, mapping: CsvMapping, source: string): IngestCsvJob {
    this.#expire();
    const job: IngestCsvJob & { finishedAt?: number } = {
      id: randomUUID(),
      status: 'running',
      rowsDone: 0,
      rowsTotal: 0,
      progress: 0,
      accepted: 0,
      rejected: 0,
    };
    this.#jobs.set(job.id, job);
    void importCsv(this.#pipeline, { text }, mapping, source, (p) => {
      Object.assign(job, p, { progress: p.rowsTotal === 0 ? 1 : p.rowsDone / p.rowsTotal });
    })
      .then((r) => {
        Object.assign(job, { status: 'done', progress: 1, rowsDone: r.rowsDone, rowsTotal: r.rowsTotal });
        if (r.missingColumns.length > 0) job.error = `Columns not found: ${r.missingColumns.join(', ')}`;
      })
      .catch((error: Error) => Object.assign(job, { status: 'failed', error: error.message }))
      .finally(() => {
        job.finishedAt = Date.now();
      });
    return this.get(job.id)!;
  }

  get(id: string): IngestCsvJob | undefined {
    const job = this.#jobs.get(id);
    if (!job) return undefined;
    const { finishedAt: _f, ...rest } = job;
    return { ...rest };
  }

  #expire() {
    const cutoff = Date.now() - 3600_000;
    for (const [id, job] of this.#jobs) if (job.finishedAt && job.finishedAt < cutoff) this.#jobs.delete(id);
  }
}
