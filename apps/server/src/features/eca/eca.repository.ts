import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { SettingsHistory, type SettingsRow } from '../../db/settings-history.ts';
import type { EcaCustomZonesTable } from '../../db/tables/eca.ts';

/** The crew's control areas and the ECA watch settings (a history, the newest in use). */
export class EcaRepository {
  readonly #db: Kysely<Database>;
  readonly #settings: SettingsHistory;

  constructor(db: Kysely<Database>) {
    this.#db = db;
    this.#settings = new SettingsHistory(db, 'eca_settings');
  }

  listZones(): Promise<EcaCustomZonesTable[]> {
    return this.#db.selectFrom('eca_custom_zones').selectAll().orderBy('created_at').execute();
  }

  async insertZone(row: EcaCustomZonesTable): Promise<void> {
    await this.#db.insertInto('eca_custom_zones').values(row).execute();
  }

  async deleteZone(id: string): Promise<boolean> {
    const out = await this.#db.deleteFrom('eca_custom_zones').where('id', '=', id).executeTakeFirst();
    return Number(out.numDeletedRows) > 0;
  }

  insertSettings(row: SettingsRow): Promise<void> {
    return this.#settings.insert(row);
  }

  latestSettings(): Promise<SettingsRow | undefined> {
    return this.#settings.latest();
  }
}
