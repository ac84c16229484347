import {
  apiErrorSchema,
  complianceFlexibilitySchema,
  complianceQuerySchema,
  complianceRequestSchema,
  complianceResponseSchema,
} from '@ecohelm/contracts';
import { z } from 'zod';
import type { AppInstance } from '../../platform/app-instance.ts';
import { fileAnswer, mediaBody, op } from '../../platform/operation.ts';
import { MEDIA_TYPE } from '../../platform/send-file.ts';
import type { ComplianceService } from './compliance.service.ts';
import { complianceWorkbook } from './compliance.xlsx.ts';

/**
 * Fleet compliance on a shore server (409 elsewhere, from the fleet service): the plan of a year (GET with the price,
 * POST with the user's pool choices and what-ifs), its allocation as an XLSX, and the flexibility a company recorded.
 */
export async function complianceRoutes(app: AppInstance, compliance: ComplianceService): Promise<void> {
  app.get(
    '/api/v1/fleet/compliance',
    op('fleet:read', 'fleet.getCompliance', "Plan the fleet's FuelEU and ETS compliance of a year", {
      query: complianceQuerySchema,
      200: complianceResponseSchema,
      400: apiErrorSchema,
      409: apiErrorSchema,
    }),
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
    op('fleet:read', 'fleet.planCompliance', "Plan the fleet's compliance with pool choices and what-ifs", {
      body: complianceRequestSchema,
      200: complianceResponseSchema,
      400: apiErrorSchema,
      409: apiErrorSchema,
    }),
    (request) => compliance.plan(request.body),
  );
  app.post(
    '/api/v1/fleet/compliance/export',
    op('fleet:read', 'fleet.exportCompliance', "Download the pool's allocation as a workbook", {
      body: complianceRequestSchema,
      200: mediaBody(MEDIA_TYPE.xlsx),
    }),
    fileAnswer(async (request) => complianceWorkbook(await compliance.plan(request.body), request.body.lang)),
  );
  app.put(
    '/api/v1/fleet/compliance/flexibility',
    op(
      'fleet:admin',
      'fleet.recordFlexibility',
      "Record a ship's banked, borrowed or paid FuelEU balance of a year",
      {
        body: complianceFlexibilitySchema,
        200: z.object({ ok: z.literal(true) }),
        400: apiErrorSchema,
        404: apiErrorSchema,
      },
    ),
    async (request) => {
      await compliance.record(request.body);
      return { ok: true as const };
    },
  );
}
