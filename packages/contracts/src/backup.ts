import { z } from 'zod';

/** A backup of the store being written, or written (POST /api/v1/backups, GET /api/v1/backups/{id}). */
export const backupJobSchema = z.object({
  id: z.string(),
  status: z.enum(['running', 'done', 'failed']),
  /** Share of the store's pages copied, 0–1. */
  progress: z.number().min(0).max(1),
  startedAt: z.iso.datetime(),
  finishedAt: z.iso.datetime().nullable(),
  /** Size of the finished backup file, bytes. */
  bytes: z.number().int().nullable(),
  /** File name the download is offered under, e.g. `ecohelm-20261124-2130.sqlite`. */
  fileName: z.string(),
  error: z.string().nullable(),
});
export type BackupJob = z.infer<typeof backupJobSchema>;

export const backupParamsSchema = z.object({ id: z.string().regex(/^[\w-]{1,64}$/) });

/** What a restore found in the uploaded file; the store is replaced at the next start. */
export const restoreResponseSchema = z.object({
  /** The restore waits for the next start of the server. */
  pending: z.literal(true),
  /** Migrations the backup had taken (it is migrated at the start like any older store). */
  migrations: z.number().int(),
  bytes: z.number().int(),
});
export type RestoreResponse = z.infer<typeof restoreResponseSchema>;

/** DELETE /api/v1/backups/restore: withdraws a staged restore. */
export const cancelRestoreResponseSchema = z.object({ cancelled: z.boolean() });
