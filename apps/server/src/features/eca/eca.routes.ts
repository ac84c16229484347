import {
  ecaCustomZoneSchema,
  ecaResponseSchema,
  ecaSettingsInfoSchema,
  ecaSettingsSchema,
  ecaZoneInputSchema,
  ecaZoneRingsSchema,
} from '@ecohelm/contracts';
import { z } from 'zod';
import type { AppInstance } from '../../platform/app-instance.ts';
import { answer, noBody, noContent, op } from '../../platform/operation.ts';
import type { EcaService } from './eca.service.ts';

/** ECA monitor: the watch now, the legal boundaries, the crew's control areas and the watch settings. */
export async function ecaRoutes(app: AppInstance, eca: EcaService): Promise<void> {
  app.get(
    '/api/v1/eca',
    op('dashboard:read', 'eca.getStatus', 'Read the ECA status and time spent in ECAs', {
      200: ecaResponseSchema,
    }),
    () => eca.report(),
  );
  app.get(
    '/api/v1/eca/zones',
    op('dashboard:read', 'eca.listZones', 'List the emission control areas', { 200: ecaZoneRingsSchema }),
    () => eca.rings(),
  );
  app.post(
    '/api/v1/eca/zones',
    op('settings:write', 'eca.createZone', 'Add an emission control area', {
      body: ecaZoneInputSchema,
      201: ecaCustomZoneSchema,
    }),
    answer(201, (request) => eca.addZone(request.body, request.auth?.device.code ?? null)),
  );
  app.delete(
    '/api/v1/eca/zones/:id',
    op('settings:write', 'eca.deleteZone', 'Delete an emission control area', {
      params: z.object({ id: z.string().min(1).max(64) }),
      204: noBody,
    }),
    noContent((request) => eca.deleteZone(request.params.id)),
  );
  app.put(
    '/api/v1/eca/settings',
    op('settings:write', 'eca.saveSettings', 'Save the ECA alert settings', {
      body: ecaSettingsSchema,
      200: ecaSettingsInfoSchema,
    }),
    (request) => eca.saveSettings(request.body, request.auth?.device.code ?? null),
  );
}
