import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** Imported trim tables; the newest is the one in use. */
export class TrimRepository {
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  async insert(row: {
    fileName: string;
    csv: string;
    uploadedAt: string;
    uploadedBy: string | null;
  }): Promise<void> {
    await this.#db
      .insertInto('trim_tables')
      .values({
        file_name: row.fileName,
        csv: row.csv,
        uploaded_at: row.uploadedAt,
        uploaded_by: row.uploadedBy,
      })
      .execute();
  }

  async latest(): Promise<{ fileName: string; csv: string; uploadedAt: string } | undefined> {
    const r = await this.#db
      .selectFrom('trim_tables')
      .selectAll()
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return r ? { fileName: r.file_name, csv: r.csv, uploadedAt: r.uploaded_at } : undefined;
  }
}
