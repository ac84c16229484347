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
  type RecordsQuery,
  recordIdParamsSchema,
  recordsQuerySchema,
} from '@ecohelm/contracts';
import type { z } from 'zod';
import type { AppInstance } from '../../platform/app-instance.ts';
import { actorOfRequest } from '../../platform/auth.ts';
import { answer, noBody, noContent, op } from '../../platform/operation.ts';
import type { ActorLike } from '../audit/index.ts';
import type { RecordsService } from './records.service.ts';

/** One kind of record as the API serves it: its path, its names in the document, its schemas and its service calls. */
interface RecordKind<I extends z.ZodType, R extends z.ZodType> {
  path: 'bunker' | 'oil-change' | 'hull-cleaning';
  /** The operationIds' noun (`records.listBunker`). */
  name: string;
  /** The summaries' words (`Add a bunker delivery record`). */
  noun: string;
  input: I;
  record: R;
  list: z.ZodType<{ items: z.output<R>[] }>;
  listed: (query: RecordsQuery) => Promise<z.output<R>[]>;
  added: (input: z.output<I>, by: ActorLike) => Promise<z.output<R>>;
  updated: (id: number, input: z.output<I>, by: ActorLike) => Promise<z.output<R>>;
}

/** A kind's list, add, correct and delete. Reads need `dashboard:read`, writes `records:write`. */
function recordKindRoutes<I extends z.ZodType, R extends z.ZodType>(
  app: AppInstance,
  records: RecordsService,
  kind: RecordKind<I, R>,
): void {
  const url = `/api/v1/records/${kind.path}`;
  const { name, noun } = kind;
  // The kind's schemas as Fastify sees them: its types do not resolve through a generic schema; `kind` types the calls.
  const input: z.ZodType = kind.input;
  const record: z.ZodType = kind.record;
  const list: z.ZodType = kind.list;
  app.get(
    url,
    op('dashboard:read', `records.list${name}`, `List the ${noun} records`, {
      query: recordsQuerySchema,
      200: list,
    }),
    async (request) => ({ items: await kind.listed(request.query) }),
  );
  app.post(
    url,
    op('records:write', `records.create${name}`, `Add ${article(noun)} ${noun} record`, {
      body: input,
      201: record,
    }),
    answer(201, (request) => kind.added(request.body as z.output<I>, actorOfRequest(request))),
  );
  app.put(
    `${url}/:id`,
    op('records:write', `records.update${name}`, `Correct ${article(noun)} ${noun} record`, {
      params: recordIdParamsSchema,
      body: input,
      200: record,
    }),
    (request) => kind.updated(request.params.id, request.body as z.output<I>, actorOfRequest(request)),
  );
  app.delete(
    `${url}/:id`,
    op('records:write', `records.delete${name}`, `Delete ${article(noun)} ${noun} record`, {
      params: recordIdParamsSchema,
      204: noBody,
    }),
    noContent((request) => records.delete(kind.path, request.params.id, actorOfRequest(request))),
  );
}

function article(noun: string): string {
  return /^[aeiou]/.test(noun) ? 'an' : 'a';
}

/** Bunker, oil change and hull cleaning records. */
export async function recordsRoutes(app: AppInstance, records: RecordsService): Promise<void> {
  recordKindRoutes(app, records, {
    path: 'bunker',
    name: 'Bunker',
    noun: 'bunker delivery',
    input: bunkerRecordInputSchema,
    record: bunkerRecordSchema,
    list: bunkerRecordsResponseSchema,
    listed: (query) => records.listBunker(query),
    added: (input, by) => records.addBunker(input, 'crew', by),
    updated: (id, input, by) => records.updateBunker(id, input, by),
  });
  recordKindRoutes(app, records, {
    path: 'oil-change',
    name: 'OilChange',
    noun: 'oil change',
    input: oilChangeRecordInputSchema,
    record: oilChangeRecordSchema,
    list: oilChangeRecordsResponseSchema,
    listed: (query) => records.listOilChange(query),
    added: (input, by) => records.addOilChange(input, 'crew', by),
    updated: (id, input, by) => records.updateOilChange(id, input, by),
  });
  recordKindRoutes(app, records, {
    path: 'hull-cleaning',
    name: 'HullCleaning',
    noun: 'hull cleaning',
    input: hullCleaningRecordInputSchema,
    record: hullCleaningRecordSchema,
    list: hullCleaningRecordsResponseSchema,
    listed: (query) => records.listHullCleaning(query),
    added: (input) => records.addHullCleaning(input),
    updated: (id, input) => records.updateHullCleaning(id, input),
  });
}
