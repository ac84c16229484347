import { randomUUID } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { BackupJob, RestoreResponse } from '@ecohelm/contracts';
import type { Store } from '../../db/client.ts';
import { checkBackupFile, pendingRestoreFile } from '../../db/restore.ts';
import { AppError, conflict, notFound, validationFailed } from '../../platform/errors.ts';

/** Pages copied per step of the online backup; between steps ingest and requests go on. */
const PAGES_PER_STEP = 2048;

const stamp = (d: Date) => d.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 13);

/**
 * Online backup of the SQLite store to a file with SQLite's backup API, in the server's own connection, so the
 * copy includes every write acknowledged until it ends; and restore of such a file at the next start.
 * The fleet shape (PostgreSQL) is backed up with the database's own tools (docs/operations.md).
 */
export class BackupService {
  readonly #store: Store;
  readonly #storeFile: string;
  readonly #dir: string;
  readonly #jobs = new Map<string, BackupJob & { file: string }>();
  readonly #now: () => Date;

  constructor(store: Store, options: { storeFile: string; dataDir: string; now?: () => Date }) {
    this.#store = store;
    this.#storeFile = options.storeFile;
    this.#dir = path.join(options.dataDir, 'backups');
    this.#now = options.now ?? (() => new Date());
  }

  /** Starts a backup; answers at once with the job, whose progress is polled. */
  start(): BackupJob {
    const sqlite = this.#store.sqlite;
    if (!sqlite) throw conflict('This store is PostgreSQL: back it up with pg_dump.', { reason: 'postgres' });
    if ([...this.#jobs.values()].some((j) => j.status === 'running')) {
      throw conflict('A backup is already running.', { reason: 'running' });
    }
    mkdirSync(this.#dir, { recursive: true });
    const started = this.#now();
    const fileName = `ecohelm-${stamp(started)}.sqlite`;
    const job = {
      id: randomUUID(),
      status: 'running' as BackupJob['status'],
      progress: 0,
      startedAt: started.toISOString(),
      finishedAt: null as string | null,
      bytes: null as number | null,
      fileName,
      error: null as string | null,
      file: path.join(this.#dir, fileName),
    };
    this.#jobs.set(job.id, job);
    const partial = `${job.file}.part`;
    sqlite
      .backup(partial, {
        progress: ({ totalPages, remainingPages }) => {
          job.progress = totalPages > 0 ? Math.min(0.99, 1 - remainingPages / totalPages) : 0;
          return PAGES_PER_STEP;
        },
      })
      .then(
        () => {
          renameSync(partial, job.file);
          Object.assign(job, {
            status: 'done',
            progress: 1,
            finishedAt: this.#now().toISOString(),
            bytes: statSync(job.file).size,
          });
        },
        (error: Error) => {
          rmSync(partial, { force: true });
          Object.assign(job, {
            status: 'failed',
            finishedAt: this.#now().toISOString(),
            error: error.message,
          });
        },
      );
    return this.#public(job);
  }

  get(id: string): BackupJob {
    return this.#public(this.#job(id));
  }

  /** The finished backup's file, for download. */
  file(id: string): { path: string; fileName: string } {
    const job = this.#job(id);
    if (job.status !== 'done') throw conflict('The backup is not finished.', { reason: job.status });
    return { path: job.file, fileName: job.fileName };
  }

  /** Resolves when the backup has ended (tests and the CLI). */
  async finished(id: string): Promise<BackupJob> {
    for (;;) {
      const job = this.#job(id);
      if (job.status !== 'running') return this.#public(job);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  /**
   * Takes an uploaded backup, checks it, and stages it to replace the store at the next start. Nothing of the
   * running store changes; a file that fails its checks is refused whole.
   */
  async stageRestore(upload: Readable): Promise<RestoreResponse> {
    if (!this.#store.sqlite)
      throw conflict('This store is PostgreSQL: restore it with pg_restore.', { reason: 'postgres' });
    const incoming = `${pendingRestoreFile(this.#storeFile)}.upload`;
    mkdirSync(path.dirname(incoming), { recursive: true });
    try {
      await pipeline(upload, createWriteStream(incoming));
      const check = checkBackupFile(incoming);
      if (!check.ok) {
        throw validationFailed(`This file cannot be restored: ${check.reason}.`, [
          { path: 'body', message: `This file cannot be restored: ${check.reason}.` },
        ]);
      }
      const bytes = statSync(incoming).size;
      renameSync(incoming, pendingRestoreFile(this.#storeFile));
      return { pending: true, migrations: check.migrations, bytes };
    } catch (error) {
      rmSync(incoming, { force: true });
      if (error instanceof AppError) throw error;
      throw new AppError('internal', 500, `The upload could not be stored: ${(error as Error).message}`);
    }
  }

  /** Withdraws a staged restore; the store stays as it is. Answers whether one was waiting. */
  cancelRestore(): { cancelled: boolean } {
    const pending = pendingRestoreFile(this.#storeFile);
    const waiting = existsSync(pending);
    rmSync(pending, { force: true });
    return { cancelled: waiting };
  }

  #job(id: string) {
    const job = this.#jobs.get(id);
    if (!job) throw notFound('No such backup.');
    return job;
  }

  #public(job: BackupJob & { file: string }): BackupJob {
    const { file: _file, ...rest } = job;
    return rest;
  }
}
