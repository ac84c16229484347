import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { SettingsHistory, type SettingsRow } from '../../db/settings-history.ts';

/** Generator load assistant settings: every change kept, the newest in use. */
export class LoadRepository {
  readonly #settings: SettingsHistory;

  constructor(db: Kysely<Database>) {
    this.#settings = new SettingsHistory(db, 'load_settings');
  }

  insert(row: SettingsRow): Promise<void> {
    return this.#settings.insert(row);
  }

  latest(): Promise<SettingsRow | undefined> {
    return this.#settings.latest();
  }
}
