import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';

/** The settings tables kept as a history of JSON rows, the newest in use (each has `value`, `updated_at`, `updated_by`). */
export type SettingsTable = 'load_settings' | 'eca_settings';

/** One stored version of a settings object: its JSON text, when and by whom it was saved. */
export interface SettingsRow {
  value: string;
  updatedAt: string;
  updatedBy: string | null;
}

/**
 * A settings table as a history: every save is a new row, the newest is the one in use, nothing is overwritten (so
 * who changed what stays readable). One implementation for every such table.
 */
export class SettingsHistory {
  readonly #db: Kysely<Database>;
  // Every SettingsTable has the same columns: the queries are typed on one of them.
  readonly #table: 'load_settings';

  constructor(db: Kysely<Database>, table: SettingsTable) {
    this.#db = db;
    this.#table = table as 'load_settings';
  }

  async insert(row: SettingsRow): Promise<void> {
    await this.#db
      .insertInto(this.#table)
      .values({ value: row.value, updated_at: row.updatedAt, updated_by: row.updatedBy })
      .execute();
  }

  async latest(): Promise<SettingsRow | undefined> {
    const r = await this.#db
      .selectFrom(this.#table)
      .select(['value', 'updated_at', 'updated_by'])
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return r ? { value: r.value, updatedAt: r.updated_at, updatedBy: r.updated_by } : undefined;
  }
}
