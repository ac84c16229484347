import type {
  BunkerRecord,
  BunkerRecordInput,
  HullCleaningRecord,
  HullCleaningRecordInput,
  OilChangeRecord,
  OilChangeRecordInput,
  RecordsQuery,
} from '@ecohelm/contracts';
import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type {
  BunkerRecordsTable,
  HullCleaningRecordsTable,
  OilChangeRecordsTable,
} from '../../db/tables/records.ts';
import { absentAsNull } from '../../platform/nullable.ts';
import {
  type RecordSource,
  toBunkerRecord,
  toHullCleaningRecord,
  toOilChangeRecord,
} from './records.mapping.ts';

export type { RecordSource };
export type RecordTable = 'bunker_records' | 'oil_change_records' | 'hull_cleaning_records';

/** Bunker, oil change and hull cleaning records. */
export class RecordsRepository {
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  #list<T extends RecordTable>(table: T, q: Partial<RecordsQuery>) {
    let query = this.#db.selectFrom(table as RecordTable).selectAll();
    if (q.from) query = query.where('start_time', '>=', q.from);
    if (q.to) query = query.where('start_time', '<', q.to);
    return query
      .orderBy('start_time', 'desc')
      .orderBy('id', 'desc')
      .limit(q.limit ?? 200)
      .execute();
  }

  async listBunker(q: Partial<RecordsQuery>): Promise<BunkerRecord[]> {
    const rows = (await this.#list('bunker_records', q)) as unknown as Selectable<BunkerRecordsTable>[];
    return rows.map(toBunkerRecord);
  }

  async findBunker(id: number): Promise<BunkerRecord | undefined> {
    const row = await this.#find('bunker_records', id);
    return row ? toBunkerRecord(row as unknown as Selectable<BunkerRecordsTable>) : undefined;
  }

  async findOilChange(id: number): Promise<OilChangeRecord | undefined> {
    const row = await this.#find('oil_change_records', id);
    return row ? toOilChangeRecord(row as unknown as Selectable<OilChangeRecordsTable>) : undefined;
  }

  async listOilChange(q: Partial<RecordsQuery>): Promise<OilChangeRecord[]> {
    const rows = (await this.#list(
      'oil_change_records',
      q,
    )) as unknown as Selectable<OilChangeRecordsTable>[];
    return rows.map(toOilChangeRecord);
  }

  async listHullCleaning(q: Partial<RecordsQuery>): Promise<HullCleaningRecord[]> {
    const rows = (await this.#list(
      'hull_cleaning_records',
      q,
    )) as unknown as Selectable<HullCleaningRecordsTable>[];
    return rows.map(toHullCleaningRecord);
  }

  updateBunker(id: number, r: BunkerRecordInput): Promise<boolean> {
    return this.#update('bunker_records', id, bunkerColumns(r));
  }

  updateOilChange(id: number, r: OilChangeRecordInput): Promise<boolean> {
    return this.#update('oil_change_records', id, oilChangeColumns(r));
  }

  updateHullCleaning(id: number, r: HullCleaningRecordInput): Promise<boolean> {
    return this.#update('hull_cleaning_records', id, hullCleaningColumns(r));
  }

  /** Deletes one record; false when there was none with that id. */
  async delete(table: RecordTable, id: number): Promise<boolean> {
    const out = await this.#db.deleteFrom(table).where('id', '=', id).executeTakeFirst();
    return Number(out.numDeletedRows) > 0;
  }

  insertBunker(rows: readonly BunkerRecordInput[], source: RecordSource, now: string): Promise<number[]> {
    return this.#insert('bunker_records', rows.map(bunkerColumns), source, now);
  }

  insertOilChange(
    rows: readonly OilChangeRecordInput[],
    source: RecordSource,
    now: string,
  ): Promise<number[]> {
    return this.#insert('oil_change_records', rows.map(oilChangeColumns), source, now);
  }

  insertHullCleaning(
    rows: readonly HullCleaningRecordInput[],
    source: RecordSource,
    now: string,
  ): Promise<number[]> {
    return this.#insert('hull_cleaning_records', rows.map(hullCleaningColumns), source, now);
  }

  #find(table: RecordTable, id: number) {
    return this.#db
      .selectFrom(table as 'bunker_records')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** A crew's correction: the row's columns replaced, and the record is the crew's from now on. */
  async #update(table: RecordTable, id: number, columns: Record<string, unknown>): Promise<boolean> {
    const out = await this.#db
      .updateTable(table as 'bunker_records')
      .set({ ...columns, source: 'crew' } as Updateable<BunkerRecordsTable>)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(out.numUpdatedRows) > 0;
  }

  async #insert(
    table: RecordTable,
    rows: readonly Record<string, unknown>[],
    source: RecordSource,
    now: string,
  ): Promise<number[]> {
    if (!rows.length) return [];
    const out = await this.#db
      .insertInto(table as 'bunker_records')
      .values(rows.map((r) => ({ ...r, source, created_at: now }) as Insertable<BunkerRecordsTable>))
      .returning('id')
      .execute();
    return out.map((r) => Number(r.id));
  }

  /** The latest start time of the simulator's records, to append without duplicates after a restart. */
  async lastSimulatorRecordTime(): Promise<string | undefined> {
    let last: string | undefined;
    for (const table of ['bunker_records', 'oil_change_records', 'hull_cleaning_records'] as const) {
      const row = await this.#db
        .selectFrom(table as RecordTable)
        .select((eb) => eb.fn.max('start_time').as('t'))
        .where('source', '=', 'simulator')
        .executeTakeFirst();
      const t = row?.t ?? undefined;
      if (t && (!last || t > last)) last = t;
    }
    return last;
  }
}

/** A record's columns from the crew's input (the same for a new record and a correction). */
const bunkerColumns = (r: BunkerRecordInput) => ({
  port: r.port,
  fuel_type: r.fuelType,
  quantity_t: r.quantityT,
  supplier: r.supplier,
  start_time: r.startTime,
  end_time: r.endTime,
  tank_number: r.tankNumber,
  sulphur_pct: r.sulphurPct ?? null,
  bdn_number: r.bdnNumber ?? null,
});

/** Where (null when not given) and when a maintenance record's work was done, as columns. */
const whereAndWhenColumns = (r: OilChangeRecordInput | HullCleaningRecordInput) => ({
  ...absentAsNull(r, ['latitude', 'longitude']),
  start_time: r.startTime,
  end_time: r.endTime,
});

const oilChangeColumns = (r: OilChangeRecordInput) => ({
  equipment: r.equipment,
  oil_type_before: r.oilTypeBefore,
  oil_type_after: r.oilTypeAfter,
  ...whereAndWhenColumns(r),
  reason: r.reason,
  operator: r.operator,
});

const hullCleaningColumns = (r: HullCleaningRecordInput) => ({
  kind: r.kind ?? 'hull_cleaning',
  place: r.place,
  ...whereAndWhenColumns(r),
  remark: r.remark,
});
