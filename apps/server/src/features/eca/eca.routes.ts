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
import { requirePermission } from '../../platform/auth.ts';
import type { EcaService } from './eca.service.ts';

/** ECA monitor: the watch now, the legal boundaries, the crew's control areas and the watch settings. */
export async function ecaRoutes(app: AppInstance, eca: EcaService): Promise<void> {
  const read = { preHandler: requirePermission('dashboard:read') };
  const tags = ['eca'];
  const write = { preHandler: requirePermission('settings:write') };
  app.get(
    '/api/v1/eca',
    {
      ...read,
      schema: {
        operationId: 'eca.getStatus',
        summary: 'Read the ECA status and time spent in ECAs',
        tags,
        response: { 200: ecaResponseSchema },
      },
    },
    () => eca.report(),
  );
  app.get(
    '/api/v1/eca/zones',
    {
      ...read,
      schema: {
        operationId: 'eca.listZones',
        summary: 'List the emission control areas',
        tags,
        response: { 200: ecaZoneRingsSchema },
      },
    },
    () => eca.rings(),
  );
  app.post(
    '/api/v1/eca/zones',
    {
      ...write,
      schema: {
        operationId: 'eca.createZone',
        summary: 'Add an emission control area',
        tags,
        body: ecaZoneInputSchema,
        response: { 201: ecaCustomZoneSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await eca.addZone(request.body, request.auth?.device.code ?? null)),
  );
  app.delete(
    '/api/v1/eca/zones/:id',
    {
      ...write,
      schema: {
        operationId: 'eca.deleteZone',
        summary: 'Delete an emission control area',
        tags,
        params: z.object({ id: z.string().min(1).max(64) }),
      },
    },
    async (request, reply) => {
      await eca.deleteZone(request.params.id);
      return reply.status(204).send();
    },
  );
  app.put(
    '/api/v1/eca/settings',
    {
      ...write,
      schema: {
        operationId: 'eca.saveSettings',
        summary: 'Save the ECA alert settings',
        tags,
        body: ecaSettingsSchema,
        response: { 200: ecaSettingsInfoSchema },
      },
    },
    (request) => eca.saveSettings(request.body, request.auth?.device.code ?? null),
  );
}
