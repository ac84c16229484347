import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** Per-device settings as JSON text under a key (table device_settings). */
export class DeviceSettingsRepository {
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  async get(deviceId: string, key: string): Promise<string | undefined> {
    const row = await this.#db
      .selectFrom('device_settings')
      .select('value')
      .where('device_id', '=', deviceId)
      .where('key', '=', key)
      .executeTakeFirst();
    return row?.value;
  }

  async put(deviceId: string, key: string, value: string, at: string): Promise<void> {
    await this.#db
      .insertInto('device_settings')
      .values({ device_id: deviceId, key, value, updated_at: at })
      .onConflict((oc) => oc.columns(['device_id', 'key']).doUpdateSet({ value, updated_at: at }))
      .execute();
  }
}
