import {
  rpmSimulationQuerySchema,
  rpmSimulationSchema,
  rtzImportSchema,
  shipConditionInputSchema,
  shipConditionSchema,
  slipQuerySchema,
  slipResponseSchema,
  speedAdjustmentInputSchema,
  speedHistoryQuerySchema,
  speedHistorySchema,
  speedResponseSchema,
  voyagePlanInputSchema,
  voyagePlanSchema,
} from '@ecohelm/contracts';
import { z } from 'zod';
import type { AppInstance } from '../../platform/app-instance.ts';
import { answer, mediaBody, op } from '../../platform/operation.ts';
import type { SpeedService } from './speed.service.ts';

/** Speed optimisation: the page, the voyage plan (RTZ in and out), the ship's condition, the advice and the rpm simulation. */
export async function speedRoutes(app: AppInstance, speed: SpeedService): Promise<void> {
  const by = (request: { auth?: { device: { code: string } } | undefined }) =>
    request.auth?.device.code ?? null;
  app.get(
    '/api/v1/speed',
    op('dashboard:read', 'speed.getSpeed', 'Read the speed advice', { 200: speedResponseSchema }),
    () => speed.report(),
  );
  app.get(
    '/api/v1/speed/plan',
    op('dashboard:read', 'speed.getPlan', 'Read the voyage plan', {
      200: z.object({ plan: voyagePlanSchema.nullable() }),
    }),
    async () => ({ plan: await speed.plan() }),
  );
  app.put(
    '/api/v1/speed/plan',
    op('records:write', 'speed.savePlan', 'Save the voyage plan', {
      body: voyagePlanInputSchema,
      200: voyagePlanSchema,
    }),
    (request) => speed.savePlan(request.body, by(request)),
  );
  app.post(
    '/api/v1/speed/plan/rtz',
    op('records:write', 'speed.importRtz', 'Import a route from an RTZ file', {
      body: rtzImportSchema,
      201: voyagePlanSchema,
    }),
    answer(201, (request) => speed.importRtz(request.body.fileName, request.body.xml, by(request))),
  );
  app.get(
    '/api/v1/speed/plan/rtz',
    op('dashboard:read', 'speed.exportRtz', 'Download the voyage plan as an RTZ file', {
      200: mediaBody('application/xml'),
    }),
    async (_request, reply) => {
      const file = await speed.exportRtz();
      return reply
        .header('content-type', 'application/xml; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .send(file.xml);
    },
  );
  app.put(
    '/api/v1/speed/condition',
    op('records:write', 'speed.saveCondition', 'Set the sea condition assumed by the advice', {
      body: shipConditionInputSchema,
      200: shipConditionSchema,
    }),
    (request) => speed.saveCondition(request.body, by(request)),
  );
  app.delete(
    '/api/v1/speed/condition',
    op('records:write', 'speed.clearCondition', 'Clear the assumed sea condition', {
      200: shipConditionSchema,
    }),
    () => speed.resetCondition(),
  );
  app.get(
    '/api/v1/speed/history',
    op('dashboard:read', 'speed.listHistory', 'List past speed advice', {
      query: speedHistoryQuerySchema,
      200: speedHistorySchema,
    }),
    (request) => speed.history(request.query.hours),
  );
  app.post(
    '/api/v1/speed/adjustments',
    op('records:write', 'speed.recordAdjustment', 'Record a speed adjustment', {
      body: speedAdjustmentInputSchema,
      201: speedHistorySchema.shape.adjustments.element,
    }),
    answer(201, (request) => speed.adjust(request.body, by(request))),
  );
  app.get(
    '/api/v1/speed/slip',
    op('dashboard:read', 'speed.getSlip', 'Read the propeller slip', {
      query: slipQuerySchema,
      200: slipResponseSchema,
    }),
    (request) => speed.slip(request.query.days),
  );
  app.get(
    '/api/v1/speed/simulate',
    op('dashboard:read', 'speed.simulateSpeed', "Simulate a speed's fuel, arrival and CII", {
      query: rpmSimulationQuerySchema,
      200: rpmSimulationSchema,
    }),
    (request) => speed.simulate(request.query.rpm),
  );
}
