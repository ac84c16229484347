import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { EcaCustomZonesTable } from '../../db/tables/eca.ts';

/** The crew's control areas and the ECA watch settings (a history, the newest in use). */
export class EcaRepository {
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
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

  async insertSettings(row: { value: string; updatedAt: string; updatedBy: string | null }): Promise<void> {
    await this.#db
      .insertInto('eca_settings')
      .values({ value: row.value, updated_at: row.updatedAt, updated_by: row.updatedBy })
      .execute();
  }

  async latestSettings(): Promise<
    { value: string; updatedAt: string; updatedBy: string | null } | undefined
  > {
    const r = await this.#db
      .selectFrom('eca_settings')
      .selectAll()
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return r ? { value: r.value, updatedAt: r.updated_at, updatedBy: r.updated_by } : undefined;
  }
}
