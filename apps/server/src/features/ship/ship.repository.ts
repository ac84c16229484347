import type { Kysely } from 'kysely';
import type { Database, ShipStartInfoTable, ShipsTable } from '../../db/schema.ts';

/** Ship particulars and the start-info list. */
export class ShipRepository {
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  findShip(id: string): Promise<ShipsTable | undefined> {
    return this.#db.selectFrom('ships').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async upsertShip(row: ShipsTable): Promise<void> {
    const { id: _id, created_at: _created, ...changed } = row;
    await this.#db
      .insertInto('ships')
      .values(row)
      .onConflict((oc) => oc.column('id').doUpdateSet(changed))
      .execute();
  }

  listStartInfo(shipId: string): Promise<ShipStartInfoTable[]> {
    return this.#db
      .selectFrom('ship_start_info')
      .selectAll()
      .where('ship_id', '=', shipId)
      .orderBy('start_time', 'desc')
      .orderBy('id')
      .execute();
  }

  findStartInfo(shipId: string, id: string): Promise<ShipStartInfoTable | undefined> {
    return this.#db
      .selectFrom('ship_start_info')
      .selectAll()
      .where('ship_id', '=', shipId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async insertStartInfo(row: ShipStartInfoTable): Promise<void> {
    await this.#db.insertInto('ship_start_info').values(row).execute();
  }

  async updateStartInfo(
    shipId: string,
    id: string,
    set: Pick<ShipStartInfoTable, 'change_type' | 'start_time' | 'data' | 'updated_at'>,
  ): Promise<boolean> {
    const r = await this.#db
      .updateTable('ship_start_info')
      .set(set)
      .where('ship_id', '=', shipId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  async deleteStartInfo(shipId: string, id: string): Promise<boolean> {
    const r = await this.#db
      .deleteFrom('ship_start_info')
      .where('ship_id', '=', shipId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }
}
