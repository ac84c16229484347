import type { Kysely } from 'kysely';
import type { Database, DevicesTable } from '../../db/schema.ts';

export type DeviceRow = DevicesTable;

/** Devices and their tokens. */
export class SessionRepository {
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  findDeviceByCode(code: string): Promise<DeviceRow | undefined> {
    return this.#db.selectFrom('devices').selectAll().where('code', '=', code).executeTakeFirst();
  }

  async insertDevice(row: DeviceRow): Promise<void> {
    await this.#db.insertInto('devices').values(row).execute();
  }

  async updateDeviceSecret(id: string, secretHash: string): Promise<void> {
    await this.#db.updateTable('devices').set({ secret_hash: secretHash }).where('id', '=', id).execute();
  }

  async insertToken(row: {
    token_hash: string;
    device_id: string;
    kind: 'device' | 'portal';
    expires_at: string;
    created_at: string;
  }): Promise<void> {
    await this.#db
      .insertInto('device_tokens')
      .values({ ...row, last_seen_at: row.created_at })
      .execute();
  }

  /** The token with its device, when it exists and has not expired at `now`. */
  findLiveToken(tokenHash: string, kind: 'device' | 'portal', now: string) {
    return this.#db
      .selectFrom('device_tokens as t')
      .innerJoin('devices as d', 'd.id', 't.device_id')
      .select(['t.id as tokenId', 't.expires_at', 'd.id', 'd.code', 'd.name', 'd.role'])
      .where('t.token_hash', '=', tokenHash)
      .where('t.kind', '=', kind)
      .where('t.expires_at', '>', now)
      .executeTakeFirst();
  }

  async touchToken(tokenId: number, now: string, expiresAt: string): Promise<void> {
    await this.#db
      .updateTable('device_tokens')
      .set({ last_seen_at: now, expires_at: expiresAt })
      .where('id', '=', tokenId)
      .execute();
  }

  async deleteExpired(now: string): Promise<void> {
    await this.#db.deleteFrom('device_tokens').where('expires_at', '<=', now).execute();
  }
}
