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
      schema: {
        operationId: 'records.listBunker',
        summary: 'List the bunker delivery records',
        tags,
        querystring: recordsQuerySchema,
        response: { 200: bunkerRecordsResponseSchema },
      },
    },
    async (request) => ({ items: await records.listBunker(request.query) }),
  );
  app.post(
    '/api/v1/records/bunker',
    {
      ...write,
      schema: {
        operationId: 'records.createBunker',
        summary: 'Add a bunker delivery record',
        tags,
        body: bunkerRecordInputSchema,
        response: { 201: bunkerRecordSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await records.addBunker(request.body, 'crew', actorOfRequest(request))),
  );

  app.get(
    '/api/v1/records/oil-change',
    {
      ...read,
      schema: {
        operationId: 'records.listOilChange',
        summary: 'List the oil change records',
        tags,
        querystring: recordsQuerySchema,
        response: { 200: oilChangeRecordsResponseSchema },
      },
    },
    async (request) => ({ items: await records.listOilChange(request.query) }),
  );
  app.post(
    '/api/v1/records/oil-change',
    {
      ...write,
      schema: {
        operationId: 'records.createOilChange',
        summary: 'Add an oil change record',
        tags,
        body: oilChangeRecordInputSchema,
        response: { 201: oilChangeRecordSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await records.addOilChange(request.body, 'crew', actorOfRequest(request))),
  );

  app.get(
    '/api/v1/records/hull-cleaning',
    {
      ...read,
      schema: {
        operationId: 'records.listHullCleaning',
        summary: 'List the hull cleaning records',
        tags,
        querystring: recordsQuerySchema,
        response: { 200: hullCleaningRecordsResponseSchema },
      },
    },
    async (request) => ({ items: await records.listHullCleaning(request.query) }),
  );
  app.post(
    '/api/v1/records/hull-cleaning',
    {
      ...write,
      schema: {
        operationId: 'records.createHullCleaning',
        summary: 'Add a hull cleaning record',
        tags,
        body: hullCleaningRecordInputSchema,
        response: { 201: hullCleaningRecordSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await records.addHullCleaning(request.body)),
  );

  app.put(
    '/api/v1/records/bunker/:id',
    {
      ...write,
      schema: {
        operationId: 'records.updateBunker',
        summary: 'Correct a bunker delivery record',
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
        operationId: 'records.updateOilChange',
        summary: 'Correct an oil change record',
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
        operationId: 'records.updateHullCleaning',
        summary: 'Correct a hull cleaning record',
        tags,
        params: recordIdParamsSchema,
        body: hullCleaningRecordInputSchema,
        response: { 200: hullCleaningRecordSchema },
      },
    },
    (request) => records.updateHullCleaning(request.params.id, request.body),
  );
  const deletes = { bunker: 'Bunker', 'oil-change': 'OilChange', 'hull-cleaning': 'HullCleaning' } as const;
  for (const kind of ['bunker', 'oil-change', 'hull-cleaning'] as const) {
    app.delete(
      `/api/v1/records/${kind}/:id`,
      {
        ...write,
        schema: {
          operationId: `records.delete${deletes[kind]}`,
          summary: `Delete a ${kind.replace('-', ' ')} record`,
          tags,
          params: recordIdParamsSchema,
        },
      },
      async (request, reply) => {
        await records.delete(kind, request.params.id, actorOfRequest(request));
        return reply.status(204).send();
      },
    );
  }
}
