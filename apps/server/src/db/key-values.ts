import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';

/** The tables of named text values, one row a key (cursors, the simulator's clock). */
export type KeyValueTable = 'sync_state' | 'simulator_state';

/** A key–value table: read a key, write it (insert or replace). One implementation for every such table. */
export class KeyValues {
  readonly #db: Kysely<Database>;
  // Every KeyValueTable has the same columns: the queries are typed on one of them.
  readonly #table: 'sync_state';

  constructor(db: Kysely<Database>, table: KeyValueTable) {
    this.#db = db;
    this.#table = table as 'sync_state';
  }

  async get(key: string): Promise<string | undefined> {
    const row = await this.#db
      .selectFrom(this.#table)
      .select('value')
      .where('key', '=', key)
      .executeTakeFirst();
    return row?.value;
  }

  async set(key: string, value: string): Promise<void> {
    await this.#db
      .insertInto(this.#table)
      .values({ key, value })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
      .execute();
  }
}
