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
import { actorOfRequest } from '../../platform/auth.ts';
import { answer, noContent, op } from '../../platform/operation.ts';
import type { RecordsService } from './records.service.ts';

/** Bunker, oil change and hull cleaning records. Writes need `records:write`. */
export async function recordsRoutes(app: AppInstance, records: RecordsService): Promise<void> {
  app.get(
    '/api/v1/records/bunker',
    op('dashboard:read', 'records.listBunker', 'List the bunker delivery records', {
      query: recordsQuerySchema,
      200: bunkerRecordsResponseSchema,
    }),
    async (request) => ({ items: await records.listBunker(request.query) }),
  );
  app.post(
    '/api/v1/records/bunker',
    op('records:write', 'records.createBunker', 'Add a bunker delivery record', {
      body: bunkerRecordInputSchema,
      201: bunkerRecordSchema,
    }),
    answer(201, (request) => records.addBunker(request.body, 'crew', actorOfRequest(request))),
  );

  app.get(
    '/api/v1/records/oil-change',
    op('dashboard:read', 'records.listOilChange', 'List the oil change records', {
      query: recordsQuerySchema,
      200: oilChangeRecordsResponseSchema,
    }),
    async (request) => ({ items: await records.listOilChange(request.query) }),
  );
  app.post(
    '/api/v1/records/oil-change',
    op('records:write', 'records.createOilChange', 'Add an oil change record', {
      body: oilChangeRecordInputSchema,
      201: oilChangeRecordSchema,
    }),
    answer(201, (request) => records.addOilChange(request.body, 'crew', actorOfRequest(request))),
  );

  app.get(
    '/api/v1/records/hull-cleaning',
    op('dashboard:read', 'records.listHullCleaning', 'List the hull cleaning records', {
      query: recordsQuerySchema,
      200: hullCleaningRecordsResponseSchema,
    }),
    async (request) => ({ items: await records.listHullCleaning(request.query) }),
  );
  app.post(
    '/api/v1/records/hull-cleaning',
    op('records:write', 'records.createHullCleaning', 'Add a hull cleaning record', {
      body: hullCleaningRecordInputSchema,
      201: hullCleaningRecordSchema,
    }),
    answer(201, (request) => records.addHullCleaning(request.body)),
  );

  app.put(
    '/api/v1/records/bunker/:id',
    op('records:write', 'records.updateBunker', 'Correct a bunker delivery record', {
      params: recordIdParamsSchema,
      body: bunkerRecordInputSchema,
      200: bunkerRecordSchema,
    }),
    (request) => records.updateBunker(request.params.id, request.body, actorOfRequest(request)),
  );
  app.put(
    '/api/v1/records/oil-change/:id',
    op('records:write', 'records.updateOilChange', 'Correct an oil change record', {
      params: recordIdParamsSchema,
      body: oilChangeRecordInputSchema,
      200: oilChangeRecordSchema,
    }),
    (request) => records.updateOilChange(request.params.id, request.body, actorOfRequest(request)),
  );
  app.put(
    '/api/v1/records/hull-cleaning/:id',
    op('records:write', 'records.updateHullCleaning', 'Correct a hull cleaning record', {
      params: recordIdParamsSchema,
      body: hullCleaningRecordInputSchema,
      200: hullCleaningRecordSchema,
    }),
    (request) => records.updateHullCleaning(request.params.id, request.body),
  );
  const deletes = { bunker: 'Bunker', 'oil-change': 'OilChange', 'hull-cleaning': 'HullCleaning' } as const;
  for (const kind of ['bunker', 'oil-change', 'hull-cleaning'] as const) {
    app.delete(
      `/api/v1/records/${kind}/:id`,
      op('records:write', `records.delete${deletes[kind]}`, `Delete a ${kind.replace('-', ' ')} record`, {
        params: recordIdParamsSchema,
      }),
      noContent((request) => records.delete(kind, request.params.id, actorOfRequest(request))),
    );
  }
}
