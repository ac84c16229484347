import {
  apiErrorSchema,
  complianceFlexibilitySchema,
  complianceQuerySchema,
  complianceRequestSchema,
  complianceResponseSchema,
} from '@ecohelm/contracts';
import { z } from 'zod';
import type { AppInstance } from '../../platform/app-instance.ts';
import { requirePermission } from '../../platform/auth.ts';
import { sendFile } from '../../platform/send-file.ts';
import type { ComplianceService } from './compliance.service.ts';
import { complianceWorkbook } from './compliance.xlsx.ts';

/**
 * Fleet compliance on a shore server (409 elsewhere, from the fleet service): the plan of a year (GET with the price,
 * POST with the user's pool choices and what-ifs), its allocation as an XLSX, and the flexibility a company recorded.
 */
export async function complianceRoutes(app: AppInstance, compliance: ComplianceService): Promise<void> {
  const tags = ['fleet'];
  const read = requirePermission('fleet:read');
  app.get(
    '/api/v1/fleet/compliance',
    {
      preHandler: read,
      schema: {
        operationId: 'fleet.getCompliance',
        summary: "Plan the fleet's FuelEU and ETS compliance of a year",
        tags,
        querystring: complianceQuerySchema,
        response: { 200: complianceResponseSchema, 400: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    (request) =>
      compliance.plan(
        complianceRequestSchema.parse({
          year: request.query.year ?? new Date().getUTCFullYear(),
          pricePerAllowanceEur: request.query.price ?? 0,
        }),
      ),
  );
  app.post(
    '/api/v1/fleet/compliance',
    {
      preHandler: read,
      schema: {
        operationId: 'fleet.planCompliance',
        summary: "Plan the fleet's compliance with pool choices and what-ifs",
        tags,
        body: complianceRequestSchema,
        response: { 200: complianceResponseSchema, 400: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    (request) => compliance.plan(request.body),
  );
  app.post(
    '/api/v1/fleet/compliance/export',
    {
      preHandler: read,
      schema: {
        operationId: 'fleet.exportCompliance',
        summary: "Download the pool's allocation as a workbook",
        tags,
        body: complianceRequestSchema,
      },
    },
    async (request, reply) => {
      const file = await complianceWorkbook(await compliance.plan(request.body), request.body.lang);
      return sendFile(reply, file);
    },
  );
  app.put(
    '/api/v1/fleet/compliance/flexibility',
    {
      preHandler: requirePermission('fleet:admin'),
      schema: {
        operationId: 'fleet.recordFlexibility',
        summary: "Record a ship's banked, borrowed or paid FuelEU balance of a year",
        tags,
        body: complianceFlexibilitySchema,
        response: { 200: z.object({ ok: z.literal(true) }), 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => {
      await compliance.record(request.body);
      return { ok: true as const };
    },
  );
}
