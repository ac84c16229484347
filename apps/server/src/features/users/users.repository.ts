import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { UsersTable } from '../../db/tables/users.ts';

export type UserRow = UsersTable;

/** Shore user accounts and their sessions. */
export class UsersRepository {
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  list(): Promise<UserRow[]> {
    return this.#db.selectFrom('users').selectAll().orderBy('username').execute();
  }

  findById(id: string): Promise<UserRow | undefined> {
    return this.#db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findByUsername(username: string): Promise<UserRow | undefined> {
    return this.#db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();
  }

  async countActiveAdmins(): Promise<number> {
    const row = await this.#db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('role', '=', 'admin')
      .where('disabled', '=', 0)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async insert(row: UserRow): Promise<void> {
    await this.#db.insertInto('users').values(row).execute();
  }

  async update(
    id: string,
    changes: Partial<Pick<UserRow, 'display_name' | 'role' | 'disabled' | 'password_hash'>> &
      Pick<UserRow, 'updated_at' | 'updated_by'>,
  ): Promise<void> {
    await this.#db.updateTable('users').set(changes).where('id', '=', id).execute();
  }

  async insertSession(row: {
    token_hash: string;
    user_id: string;
    expires_at: string;
    max_expires_at: string;
    created_at: string;
  }): Promise<void> {
    await this.#db
      .insertInto('user_sessions')
      .values({ ...row, last_seen_at: row.created_at })
      .execute();
  }

  /** The session with its user, when it exists, has not expired at `now` and its user is not disabled. */
  findLiveSession(tokenHash: string, now: string) {
    return this.#db
      .selectFrom('user_sessions as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .select(['s.id as sessionId', 's.expires_at', 's.max_expires_at', 's.last_seen_at'])
      .selectAll('u')
      .where('s.token_hash', '=', tokenHash)
      .where('s.expires_at', '>', now)
      .where('u.disabled', '=', 0)
      .executeTakeFirst();
  }

  async touchSession(id: number, now: string, expiresAt: string): Promise<void> {
    await this.#db
      .updateTable('user_sessions')
      .set({ last_seen_at: now, expires_at: expiresAt })
      .where('id', '=', id)
      .execute();
  }

  async deleteSession(id: number): Promise<void> {
    await this.#db.deleteFrom('user_sessions').where('id', '=', id).execute();
  }

  async deleteSessionsOf(userId: string, exceptId?: number): Promise<void> {
    let q = this.#db.deleteFrom('user_sessions').where('user_id', '=', userId);
    if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
    await q.execute();
  }

  async deleteExpiredSessions(now: string): Promise<void> {
    await this.#db.deleteFrom('user_sessions').where('expires_at', '<=', now).execute();
  }
}
