import {
  fillingCheckRequestSchema,
  fillingCheckResponseSchema,
  fillingListQuerySchema,
  fillingListResponseSchema,
  fillingRecordSchema,
  fillingReportRequestSchema,
  fillingReportResponseSchema,
  fillingSaveRequestSchema,
  idParamsSchema,
} from '@ecohelm/contracts';
import type { AppInstance } from '../../platform/app-instance.ts';
import { actorOfRequest, requirePermission } from '../../platform/auth.ts';
import type { FillingService } from './filling.service.ts';

/** Information filling for EU MRV and IMO DCS. Writes need `records:write`. */
export async function fillingRoutes(app: AppInstance, filling: FillingService): Promise<void> {
  const read = { preHandler: requirePermission('dashboard:read') };
  const tags = ['filling'];
  const write = { preHandler: requirePermission('records:write') };
  const by = actorOfRequest;

  app.get(
    '/api/v1/filling/records',
    {
      ...read,
      schema: {
        operationId: 'filling.listRecords',
        summary: 'List the filled-in noon, arrival and departure records',
        tags,
        querystring: fillingListQuerySchema,
        response: { 200: fillingListResponseSchema },
      },
    },
    (request) => filling.list(request.query),
  );

  app.post(
    '/api/v1/filling/records/check',
    {
      ...write,
      schema: {
        operationId: 'filling.checkRecord',
        summary: 'Check a filling record without saving it',
        tags,
        body: fillingCheckRequestSchema,
        response: { 200: fillingCheckResponseSchema },
      },
    },
    (request) => filling.check(request.body),
  );

  app.post(
    '/api/v1/filling/records',
    {
      ...write,
      schema: {
        operationId: 'filling.createRecord',
        summary: 'File a filling record',
        tags,
        body: fillingSaveRequestSchema,
        response: { 201: fillingRecordSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await filling.create(request.body, by(request))),
  );

  app.put(
    '/api/v1/filling/records/:id',
    {
      ...write,
      schema: {
        operationId: 'filling.updateRecord',
        summary: 'Correct a filling record',
        tags,
        params: idParamsSchema,
        body: fillingSaveRequestSchema,
        response: { 200: fillingRecordSchema },
      },
    },
    (request) => filling.update(request.params.id, request.body, by(request)),
  );

  app.delete(
    '/api/v1/filling/records/:id',
    {
      ...write,
      schema: {
        operationId: 'filling.deleteRecord',
        summary: 'Delete a filling record',
        tags,
        params: idParamsSchema,
      },
    },
    async (request, reply) => {
      await filling.delete(request.params.id, by(request));
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/v1/filling/records/report',
    {
      ...write,
      schema: {
        operationId: 'filling.reportRecords',
        summary: 'Build the report text of filling records',
        tags,
        body: fillingReportRequestSchema,
        response: { 200: fillingReportResponseSchema },
      },
    },
    (request) => filling.report(request.body.ids, by(request)),
  );
}
