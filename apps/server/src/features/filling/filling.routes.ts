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
import { actorOfRequest } from '../../platform/auth.ts';
import { answer, noBody, noContent, op } from '../../platform/operation.ts';
import type { FillingService } from './filling.service.ts';

/** Information filling for EU MRV and IMO DCS. Writes need `records:write`. */
export async function fillingRoutes(app: AppInstance, filling: FillingService): Promise<void> {
  const by = actorOfRequest;

  app.get(
    '/api/v1/filling/records',
    op('dashboard:read', 'filling.listRecords', 'List the filled-in noon, arrival and departure records', {
      query: fillingListQuerySchema,
      200: fillingListResponseSchema,
    }),
    (request) => filling.list(request.query),
  );

  app.post(
    '/api/v1/filling/records/check',
    op('records:write', 'filling.checkRecord', 'Check a filling record without saving it', {
      body: fillingCheckRequestSchema,
      200: fillingCheckResponseSchema,
    }),
    (request) => filling.check(request.body),
  );

  app.post(
    '/api/v1/filling/records',
    op('records:write', 'filling.createRecord', 'File a filling record', {
      body: fillingSaveRequestSchema,
      201: fillingRecordSchema,
    }),
    answer(201, (request) => filling.create(request.body, by(request))),
  );

  app.put(
    '/api/v1/filling/records/:id',
    op('records:write', 'filling.updateRecord', 'Correct a filling record', {
      params: idParamsSchema,
      body: fillingSaveRequestSchema,
      200: fillingRecordSchema,
    }),
    (request) => filling.update(request.params.id, request.body, by(request)),
  );

  app.delete(
    '/api/v1/filling/records/:id',
    op('records:write', 'filling.deleteRecord', 'Delete a filling record', {
      params: idParamsSchema,
      204: noBody,
    }),
    noContent((request) => filling.delete(request.params.id, by(request))),
  );

  app.post(
    '/api/v1/filling/records/report',
    op('records:write', 'filling.reportRecords', 'Build the report text of filling records', {
      body: fillingReportRequestSchema,
      200: fillingReportResponseSchema,
    }),
    (request) => filling.report(request.body.ids, by(request)),
  );
}
