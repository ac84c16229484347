import {
  bunkerRecordInputSchema,
  bunkerRecordSchema,
  bunkerRecordsResponseSchema,
  hullCleaningRecordInputSchema,
  hullCleaningRecordSchema,
  hullCleaningRecordsResponseSchema,
  oilChangeRecordInputSchema,
  oilChangeRecordSchema,
  oilChangeRecordsResponseSchema,
  recordIdParamsSchema,
  recordsQuerySchema,
} from '@ecohelm/contracts';
import type { AppInstance } from '../../platform/app-instance.ts';
import { actorOfRequest, requirePermission } from '../../platform/auth.ts';
import type { RecordsService } from './records.service.ts';

/** Bunker, oil change and hull cleaning records. Writes need `records:write`. */
export async function recordsRoutes(app: AppInstance, records: RecordsService): Promise<void> {
  const read = { preHandler: requirePermission('dashboard:read') };
  const tags = ['records'];
  const write = { preHandler: requirePermission('records:write') };

  app.get(
    '/api/v1/records/bunker',
    {
      ...read,
      schema: { tags, querystring: recordsQuerySchema, response: { 200: bunkerRecordsResponseSchema } },
    },
    async (request) => ({ items: await records.listBunker(request.query) }),
  );
  app.post(
    '/api/v1/records/bunker',
    { ...write, schema: { tags, body: bunkerRecordInputSchema, response: { 201: bunkerRecordSchema } } },
    async (request, reply) =>
      reply.status(201).send(await records.addBunker(request.body, 'crew', actorOfRequest(request))),
  );

  app.get(
    '/api/v1/records/oil-change',
    {
      ...read,
      schema: { tags, querystring: recordsQuerySchema, response: { 200: oilChangeRecordsResponseSchema } },
    },
    async (request) => ({ items: await records.listOilChange(request.query) }),
  );
  app.post(
    '/api/v1/records/oil-change',
    {
      ...write,
      schema: { tags, body: oilChangeRecordInputSchema, response: { 201: oilChangeRecordSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await records.addOilChange(request.body, 'crew', actorOfRequest(request))),
  );

  app.get(
    '/api/v1/records/hull-cleaning',
    {
      ...read,
      schema: { tags, querystring: recordsQuerySchema, response: { 200: hullCleaningRecordsResponseSchema } },
    },
    async (request) => ({ items: await records.listHullCleaning(request.query) }),
  );
  app.post(
    '/api/v1/records/hull-cleaning',
    {
      ...write,
      schema: { tags, body: hullCleaningRecordInputSchema, response: { 201: hullCleaningRecordSchema } },
    },
    async (request, reply) => reply.status(201).send(await records.addHullCleaning(request.body)),
  );

  app.put(
    '/api/v1/records/bunker/:id',
    {
      ...write,
      schema: {
        tags,
        params: recordIdParamsSchema,
        body: bunkerRecordInputSchema,
        response: { 200: bunkerRecordSchema },
      },
    },
    (request) => records.updateBunker(request.params.id, request.body, actorOfRequest(request)),
  );
  app.put(
    '/api/v1/records/oil-change/:id',
    {
      ...write,
      schema: {
        tags,
        params: recordIdParamsSchema,
        body: oilChangeRecordInputSchema,
        response: { 200: oilChangeRecordSchema },
      },
    },
    (request) => records.updateOilChange(request.params.id, request.body, actorOfRequest(request)),
  );
  app.put(
    '/api/v1/records/hull-cleaning/:id',
    {
      ...write,
      schema: {
        tags,
        params: recordIdParamsSchema,
        body: hullCleaningRecordInputSchema,
        response: { 200: hullCleaningRecordSchema },
      },
    },
    (request) => records.updateHullCleaning(request.params.id, request.body),
  );
  for (const kind of ['bunker', 'oil-change', 'hull-cleaning'] as const) {
    app.delete(
      `/api/v1/records/${kind}/:id`,
      { ...write, schema: { tags, params: recordIdParamsSchema } },
      async (request, reply) => {
        await records.delete(kind, request.params.id, actorOfRequest(request));
        return reply.status(204).send();
      },
    );
  }
}
