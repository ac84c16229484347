import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** Generator load assistant settings: every change kept, the newest in use. */
export class LoadRepository {
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  async insert(row: { value: string; updatedAt: string; updatedBy: string | null }): Promise<void> {
    await this.#db
      .insertInto('load_settings')
      .values({ value: row.value, updated_at: row.updatedAt, updated_by: row.updatedBy })
      .execute();
  }

  async latest(): Promise<{ value: string; updatedAt: string; updatedBy: string | null } | undefined> {
    const r = await this.#db
      .selectFrom('load_settings')
      .selectAll()
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return r ? { value: r.value, updatedAt: r.updated_at, updatedBy: r.updated_by } : undefined;
  }
}
