import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** A stored version of one unit's parameters (newest wins). */
export interface EquipmentRow {
  unit: string;
  value: string;
  updated_at: string;
  updated_by: string | null;
}

/** The equipment parameters table: every save is a new row, read oldest first. */
export class EquipmentRepository {
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  /** Every stored version, oldest first. */
  rows(): Promise<EquipmentRow[]> {
    return this.#db
      .selectFrom('equipment_parameters')
      .select(['unit', 'value', 'updated_at', 'updated_by'])
      .orderBy('id')
      .execute();
  }

  async insert(row: EquipmentRow): Promise<void> {
    await this.#db.insertInto('equipment_parameters').values(row).execute();
  }
}
