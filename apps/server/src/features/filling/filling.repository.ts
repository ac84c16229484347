import type { Kysely } from 'kysely';
import type { Database, FillingRecordsTable } from '../../db/schema.ts';

/** Voyage information filling records. */
export class FillingRepository {
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  /** All of a ship's records, oldest first (checks need the whole ROB chain). */
  listAll(shipId: string): Promise<FillingRecordsTable[]> {
    return this.#db
      .selectFrom('filling_records')
      .selectAll()
      .where('ship_id', '=', shipId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  find(shipId: string, id: string): Promise<FillingRecordsTable | undefined> {
    return this.#db
      .selectFrom('filling_records')
      .selectAll()
      .where('ship_id', '=', shipId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async insert(row: FillingRecordsTable): Promise<void> {
    await this.#db.insertInto('filling_records').values(row).execute();
  }

  /** Inserts rows in one transaction (in chunks, under both dialects' parameter limits). */
  async insertMany(rows: readonly FillingRecordsTable[]): Promise<void> {
    if (rows.length === 0) return;
    await this.#db.transaction().execute(async (trx) => {
      for (let i = 0; i < rows.length; i += 200) {
        await trx
          .insertInto('filling_records')
          .values(rows.slice(i, i + 200))
          .execute();
      }
    });
  }

  async update(
    shipId: string,
    id: string,
    set: Partial<Omit<FillingRecordsTable, 'id' | 'ship_id' | 'created_at'>>,
  ): Promise<void> {
    await this.#db
      .updateTable('filling_records')
      .set(set)
      .where('ship_id', '=', shipId)
      .where('id', '=', id)
      .execute();
  }

  async delete(shipId: string, id: string): Promise<void> {
    await this.#db.deleteFrom('filling_records').where('ship_id', '=', shipId).where('id', '=', id).execute();
  }

  /** Marks records submitted in one transaction; only rows still not submitted change. */
  async markSubmitted(shipId: string, ids: string[], at: string, by: string | null): Promise<void> {
    await this.#db.transaction().execute(async (trx) => {
      await trx
        .updateTable('filling_records')
        .set({ status: 'submitted', submitted_at: at, updated_at: at, updated_by: by })
        .where('ship_id', '=', shipId)
        .where('id', 'in', ids)
        .where('status', '=', 'not_submitted')
        .execute();
    });
  }
}
