import type { Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import { migrations } from './migrations/index.ts';

/** Brings the schema up to date; throws with the failing migration's name. */
export async function migrateToLatest(db: Kysely<unknown>): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${(error as Error).message}`, {
      cause: error,
    });
  }
}
