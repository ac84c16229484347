import { auditListResponseSchema, auditQuerySchema } from '@ecohelm/contracts';
import type { AppInstance } from '../../platform/app-instance.ts';
import { op } from '../../platform/operation.ts';
import type { AuditService } from './audit.service.ts';

/** The audit trail, read only: there is no route that writes, edits or deletes it. */
export async function auditRoutes(app: AppInstance, audit: AuditService): Promise<void> {
  app.get(
    '/api/v1/audit',
    op('dashboard:read', 'audit.listChanges', 'List the audit trail of record changes', {
      query: auditQuerySchema,
      200: auditListResponseSchema,
    }),
    async (request) => {
      const { entity, entityId, from, to } = request.query;
      return {
        items: await audit.list({
          ...(entity ? { entity } : {}),
          ...(entityId ? { entityId } : {}),
          ...(from ? { from } : {}),
          ...(to ? { to } : {}),
        }),
      };
    },
  );
}
