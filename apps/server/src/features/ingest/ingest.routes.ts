import {
  ingestAckSchema,
  ingestCsvJobParamsSchema,
  ingestCsvJobSchema,
  ingestCsvRequestSchema,
  ingestSignalKRequestSchema,
  ingestStatusResponseSchema,
} from '@ecohelm/contracts';
import websocket from '@fastify/websocket';
import type { AppInstance } from '../../platform/app-instance.ts';
import { requirePermission } from '../../platform/auth.ts';
import { notFound } from '../../platform/errors.ts';
import { op } from '../../platform/operation.ts';
import type { ConnectionStatus } from './connection.ts';
import type { CsvJobs } from './csv-jobs.ts';
import type { IngestPipeline } from './pipeline.ts';
import { parseSignalKFrame, type SignalKDeltaMessage, samplesFromDelta } from './signalk.ts';
import type { Sample } from './types.ts';

const iso = (t: number | undefined) => (t === undefined ? null : new Date(t).toISOString());

function deltaSamples(pipeline: IngestPipeline, source: string, deltas: SignalKDeltaMessage[]): Sample[] {
  const samples: Sample[] = [];
  const now = Date.now();
  for (const d of deltas) {
    const r = samplesFromDelta(d, now);
    if (r.malformed > 0)
      pipeline.reject(source, 'malformed', 'delta update without timestamp/values', r.malformed);
    for (const s of r.samples) samples.push(s);
  }
  return samples;
}

/** One received websocket frame: parsed and checked like the HTTP body, counted, never thrown. */
export function ingestStreamFrame(pipeline: IngestPipeline, source: string, text: string): void {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    pipeline.reject(source, 'malformed', text.slice(0, 100));
    return;
  }
  const frame = parseSignalKFrame(parsed);
  if (frame.malformed > 0) {
    pipeline.reject(source, 'malformed', `${frame.detail}: ${text.slice(0, 80)}`, frame.malformed);
  }
  if (frame.deltas.length > 0)
    void pipeline.writeQuietly(source, deltaSamples(pipeline, source, frame.deltas));
}

/** Ingest over HTTP and websocket (Signal K deltas), CSV import jobs and the status counters. */
export async function ingestRoutes(
  app: AppInstance,
  pipeline: IngestPipeline,
  csvJobs: CsvJobs,
  adapters: () => ({ name: string } & ConnectionStatus)[],
): Promise<void> {
  // Telemetry pushed by a data source or imported by the crew: the permission of the crew's records.
  app.get(
    '/api/v1/ingest/status',
    op('dashboard:read', 'ingest.getStatus', "Read each data source's state and counts", {
      200: ingestStatusResponseSchema,
    }),
    () => ({
      sources: pipeline.status().map((s) => ({
        ...s,
        lastAcceptedAt: iso(s.lastAcceptedAt),
        lastRejectedAt: iso(s.lastRejectedAt),
        lastReject: s.lastReject ?? null,
      })),
      adapters: adapters().map((a) => ({
        name: a.name,
        state: a.state,
        detail: a.detail,
        since: new Date(a.since).toISOString(),
      })),
    }),
  );

  app.post(
    '/api/v1/ingest/signalk',
    {
      ...op('records:write', 'ingest.pushSignalk', 'Push Signal K deltas', {
        body: ingestSignalKRequestSchema,
        200: ingestAckSchema,
      }),
      // A body that is not deltas is counted for the Data sources dialog before it is answered 400.
      attachValidation: true,
    },
    async (request) => {
      const source = `signalk.http:${request.auth?.device.code ?? 'unknown'}`;
      if (request.validationError) {
        pipeline.reject(source, 'malformed', request.validationError.message);
        throw request.validationError;
      }
      const deltas = (Array.isArray(request.body) ? request.body : [request.body]) as SignalKDeltaMessage[];
      const samples = deltaSamples(pipeline, source, deltas);
      const valid = pipeline.validate(source, samples);
      // Validated above; `write` validates again cheaply and acknowledges only once durable.
      await pipeline.write(source, valid);
      return { accepted: valid.length, rejected: samples.length - valid.length };
    },
  );

  await app.register(websocket, { options: { maxPayload: 1024 * 1024 } });
  app.get(
    '/api/v1/ingest/signalk/stream',
    { preHandler: requirePermission('records:write'), websocket: true, schema: { tags: ['ingest'] } },
    (socket, request) => {
      const source = `signalk.ws:${request.auth?.device.code ?? 'unknown'}`;
      socket.on('message', (data: Buffer) => {
        try {
          ingestStreamFrame(pipeline, source, data.toString('utf8'));
        } catch (error) {
          // The parse above never throws; this keeps a future slip from ending the process.
          pipeline.reject(source, 'malformed', (error as Error).message);
        }
      });
    },
  );

  app.post(
    '/api/v1/ingest/csv',
    op('records:write', 'ingest.importCsv', 'Import a CSV file of samples', {
      body: ingestCsvRequestSchema,
      202: ingestCsvJobSchema,
    }),
    async (request, reply) => {
      const { csv, mapping, source } = request.body;
      return reply.status(202).send(csvJobs.start(csv, mapping, source ?? 'csv.http'));
    },
  );

  app.get(
    '/api/v1/ingest/csv/:id',
    op('dashboard:read', 'ingest.getCsvJob', "Read a CSV import's progress", {
      params: ingestCsvJobParamsSchema,
      200: ingestCsvJobSchema,
    }),
    async (request) => {
      const job = csvJobs.get(request.params.id);
      if (!job) throw notFound('No such import job.');
      return job;
    },
  );
}
