import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import {
  backupJobSchema,
  backupParamsSchema,
  cancelRestoreResponseSchema,
  restoreResponseSchema,
} from '@ecohelm/contracts';
import type { AppInstance } from '../../platform/app-instance.ts';
import { requirePermission } from '../../platform/auth.ts';
import type { BackupService } from './backup.service.ts';

/** Store backup (online, with progress, downloadable) and restore at the next start. */
export async function backupRoutes(app: AppInstance, backups: BackupService): Promise<void> {
  const tags = ['backup'];
  const admin = { preHandler: requirePermission('settings:write') };

  app.post(
    '/api/v1/backups',
    {
      ...admin,
      schema: {
        operationId: 'backup.startBackup',
        summary: 'Start a backup of the store',
        tags,
        response: { 202: backupJobSchema },
      },
    },
    async (_request, reply) => reply.status(202).send(backups.start()),
  );

  app.get(
    '/api/v1/backups/:id',
    {
      ...admin,
      schema: {
        operationId: 'backup.getBackup',
        summary: "Read a backup's progress",
        tags,
        params: backupParamsSchema,
        response: { 200: backupJobSchema },
      },
    },
    async (request) => backups.get(request.params.id),
  );

  app.get(
    '/api/v1/backups/:id/file',
    {
      ...admin,
      schema: {
        operationId: 'backup.downloadBackup',
        summary: 'Download a finished backup',
        tags,
        params: backupParamsSchema,
      },
    },
    async (request, reply) => {
      const file = backups.file(request.params.id);
      return reply
        .header('content-type', 'application/vnd.sqlite3')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'no-store')
        .send(createReadStream(file.path));
    },
  );

  app.delete(
    '/api/v1/backups/restore',
    {
      ...admin,
      schema: {
        operationId: 'backup.cancelRestore',
        summary: 'Cancel a staged restore',
        tags,
        response: { 200: cancelRestoreResponseSchema },
      },
    },
    async () => backups.cancelRestore(),
  );

  // The upload is streamed to disk (a store is hundreds of megabytes), not parsed into memory.
  await app.register(async (scope: AppInstance) => {
    scope.addContentTypeParser('application/octet-stream', (_request, payload, done) => done(null, payload));
    scope.post(
      '/api/v1/backups/restore',
      {
        ...admin,
        bodyLimit: Number.MAX_SAFE_INTEGER,
        schema: {
          operationId: 'backup.stageRestore',
          summary: 'Upload a backup to restore at the next start',
          tags,
          response: { 202: restoreResponseSchema },
        },
      },
      async (request, reply) => reply.status(202).send(await backups.stageRestore(request.body as Readable)),
    );
  });
}
