import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import {
  backupJobSchema,
  backupParamsSchema,
  cancelRestoreResponseSchema,
  restoreResponseSchema,
} from '@ecohelm/contracts';
import type { AppInstance } from '../../platform/app-instance.ts';
import { answer, mediaBody, op } from '../../platform/operation.ts';
import type { BackupService } from './backup.service.ts';

/** Store backup (online, with progress, downloadable) and restore at the next start. */
export async function backupRoutes(app: AppInstance, backups: BackupService): Promise<void> {
  app.post(
    '/api/v1/backups',
    op('settings:write', 'backup.startBackup', 'Start a backup of the store', { 202: backupJobSchema }),
    answer(202, () => backups.start()),
  );

  app.get(
    '/api/v1/backups/:id',
    op('settings:write', 'backup.getBackup', "Read a backup's progress", {
      params: backupParamsSchema,
      200: backupJobSchema,
    }),
    async (request) => backups.get(request.params.id),
  );

  app.get(
    '/api/v1/backups/:id/file',
    op('settings:write', 'backup.downloadBackup', 'Download a finished backup', {
      params: backupParamsSchema,
      200: mediaBody('application/vnd.sqlite3'),
    }),
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
    op('settings:write', 'backup.cancelRestore', 'Cancel a staged restore', {
      200: cancelRestoreResponseSchema,
    }),
    async () => backups.cancelRestore(),
  );

  // The upload is streamed to disk (a store is hundreds of megabytes), not parsed into memory.
  await app.register(async (scope: AppInstance) => {
    scope.addContentTypeParser('application/octet-stream', (_request, payload, done) => done(null, payload));
    scope.post(
      '/api/v1/backups/restore',
      {
        ...op('settings:write', 'backup.stageRestore', 'Upload a backup to restore at the next start', {
          202: restoreResponseSchema,
        }),
        bodyLimit: Number.MAX_SAFE_INTEGER,
      },
      answer(202, (request) => backups.stageRestore(request.body as Readable)),
    );
  });
}
