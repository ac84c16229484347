import { randomUUID } from 'node:crypto';
import type { IngestCsvJob } from '@ecohelm/contracts';
import { type CsvMapping, CsvReader } from './csv.ts';
import type { IngestPipeline } from './pipeline.ts';
import type { Sample } from './types.ts';

/** Rows per stored batch; progress advances batch by batch. */
const ROWS_PER_BATCH = 2000;

/**
 * Imports CSV text (history, noon reports) through the validated path and reports progress.
 * `onProgress` is called after every batch (the CLI draws its bar from it).
 */
export async function importCsv(
  pipeline: IngestPipeline,
  text: string,
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
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== '');
  const reader = new CsvReader(mapping);
  if (lines.length > 0) reader.row(lines[0]!);
  const missingColumns = reader.missingColumns();
  const rowsTotal = Math.max(0, lines.length - 1);
  let accepted = 0;
  let rejected = 0;
  let batch: Sample[] = [];
  const before = () => {
    const s = pipeline.status().find((x) => x.source === source);
    return {
      accepted: s?.accepted ?? 0,
      rejected: Object.values(s?.rejected ?? {}).reduce((a, b) => a + (b ?? 0), 0),
    };
  };
  const start = before();
  const report = (rowsDone: number) => {
    const now = before();
    accepted = now.accepted - start.accepted;
    rejected = now.rejected - start.rejected;
    onProgress?.({ rowsDone, rowsTotal, accepted, rejected });
  };
  for (let i = 1; i < lines.length; i++) {
    const r = reader.row(lines[i]!);
    for (const p of r.problems) pipeline.reject(source, p.reason, `row ${i + 1}: ${p.detail}`);
    for (const s of r.samples) batch.push(s);
    if (i % ROWS_PER_BATCH === 0) {
      await pipeline.write(source, batch);
      batch = [];
      report(i);
    }
  }
  await pipeline.write(source, batch);
  report(rowsTotal);
  return { rowsDone: rowsTotal, rowsTotal, accepted, rejected, missingColumns };
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
    void importCsv(this.#pipeline, text, mapping, source, (p) => {
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
