import type { ComplianceFlexibility } from '@ecohelm/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** The FuelEU flexibility a company recorded per ship and year (table `fueleu_flexibility`, migration 0039). */
export class ComplianceRepository {
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  /** Every recorded year before `year`, all ships. */
  async before(year: number): Promise<ComplianceFlexibility[]> {
    const rows = await this.#db
      .selectFrom('fueleu_flexibility')
      .selectAll()
      .where('year', '<', year)
      .orderBy('ship_id')
      .orderBy('year')
      .execute();
    return rows.map((r) => ({
      shipId: r.ship_id,
      year: Number(r.year),
      bankedT: Number(r.banked_t),
      borrowedT: Number(r.borrowed_t),
      penalised: Number(r.penalised) === 1,
    }));
  }

  async upsert(entry: ComplianceFlexibility, now: Date): Promise<void> {
    const row = {
      ship_id: entry.shipId,
      year: entry.year,
      banked_t: entry.bankedT,
      borrowed_t: entry.borrowedT,
      penalised: entry.penalised ? 1 : 0,
      updated_at: now.toISOString(),
    };
    await this.#db
      .insertInto('fueleu_flexibility')
      .values(row)
      .onConflict((oc) =>
        oc.columns(['ship_id', 'year']).doUpdateSet({
          banked_t: row.banked_t,
          borrowed_t: row.borrowed_t,
          penalised: row.penalised,
          updated_at: row.updated_at,
        }),
      )
      .execute();
  }
}
