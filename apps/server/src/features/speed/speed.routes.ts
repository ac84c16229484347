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
import { requirePermission } from '../../platform/auth.ts';
import type { SpeedService } from './speed.service.ts';

/** Speed optimisation: the page, the voyage plan (RTZ in and out), the ship's condition, the advice and the rpm simulation. */
export async function speedRoutes(app: AppInstance, speed: SpeedService): Promise<void> {
  const read = { preHandler: requirePermission('dashboard:read') };
  const by = (request: { auth?: { device: { code: string } } | undefined }) =>
    request.auth?.device.code ?? null;
  app.get(
    '/api/v1/speed',
    {
      ...read,
      schema: {
        operationId: 'speed.getSpeed',
        summary: 'Read the speed advice',
        tags: ['speed'],
        response: { 200: speedResponseSchema },
      },
    },
    () => speed.report(),
  );
  app.get(
    '/api/v1/speed/plan',
    {
      ...read,
      schema: {
        operationId: 'speed.getPlan',
        summary: 'Read the voyage plan',
        tags: ['speed'],
        response: { 200: z.object({ plan: voyagePlanSchema.nullable() }) },
      },
    },
    async () => ({ plan: await speed.plan() }),
  );
  app.put(
    '/api/v1/speed/plan',
    {
      preHandler: requirePermission('records:write'),
      schema: {
        operationId: 'speed.savePlan',
        summary: 'Save the voyage plan',
        tags: ['speed'],
        body: voyagePlanInputSchema,
        response: { 200: voyagePlanSchema },
      },
    },
    (request) => speed.savePlan(request.body, by(request)),
  );
  app.post(
    '/api/v1/speed/plan/rtz',
    {
      preHandler: requirePermission('records:write'),
      schema: {
        operationId: 'speed.importRtz',
        summary: 'Import a route from an RTZ file',
        tags: ['speed'],
        body: rtzImportSchema,
        response: { 201: voyagePlanSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await speed.importRtz(request.body.fileName, request.body.xml, by(request))),
  );
  app.get(
    '/api/v1/speed/plan/rtz',
    {
      ...read,
      schema: {
        operationId: 'speed.exportRtz',
        summary: 'Download the voyage plan as an RTZ file',
        tags: ['speed'],
      },
    },
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
    {
      preHandler: requirePermission('records:write'),
      schema: {
        operationId: 'speed.saveCondition',
        summary: 'Set the sea condition assumed by the advice',
        tags: ['speed'],
        body: shipConditionInputSchema,
        response: { 200: shipConditionSchema },
      },
    },
    (request) => speed.saveCondition(request.body, by(request)),
  );
  app.delete(
    '/api/v1/speed/condition',
    {
      preHandler: requirePermission('records:write'),
      schema: {
        operationId: 'speed.clearCondition',
        summary: 'Clear the assumed sea condition',
        tags: ['speed'],
        response: { 200: shipConditionSchema },
      },
    },
    () => speed.resetCondition(),
  );
  app.get(
    '/api/v1/speed/history',
    {
      ...read,
      schema: {
        operationId: 'speed.listHistory',
        summary: 'List past speed advice',
        tags: ['speed'],
        querystring: speedHistoryQuerySchema,
        response: { 200: speedHistorySchema },
      },
    },
    (request) => speed.history(request.query.hours),
  );
  app.post(
    '/api/v1/speed/adjustments',
    {
      preHandler: requirePermission('records:write'),
      schema: {
        operationId: 'speed.recordAdjustment',
        summary: 'Record a speed adjustment',
        tags: ['speed'],
        body: speedAdjustmentInputSchema,
        response: { 201: speedHistorySchema.shape.adjustments.element },
      },
    },
    async (request, reply) => reply.status(201).send(await speed.adjust(request.body, by(request))),
  );
  app.get(
    '/api/v1/speed/slip',
    {
      ...read,
      schema: {
        operationId: 'speed.getSlip',
        summary: 'Read the propeller slip',
        tags: ['speed'],
        querystring: slipQuerySchema,
        response: { 200: slipResponseSchema },
      },
    },
    (request) => speed.slip(request.query.days),
  );
  app.get(
    '/api/v1/speed/simulate',
    {
      ...read,
      schema: {
        operationId: 'speed.simulateSpeed',
        summary: "Simulate a speed's fuel, arrival and CII",
        tags: ['speed'],
        querystring: rpmSimulationQuerySchema,
        response: { 200: rpmSimulationSchema },
      },
    },
    (request) => speed.simulate(request.query.rpm),
  );
}
