import type { Generated } from 'kysely';

/** Tables of the shore's user accounts (migration 0035-users). Times are ISO-8601 UTC strings. */
export interface UserTables {
  users: UsersTable;
  user_sessions: UserSessionsTable;
}

export interface UsersTable {
  id: string;
  /** Lower case, unique. */
  username: string;
  display_name: string;
  role: 'admin' | 'emission_manager' | 'superintendent' | 'viewer';
  /** argon2id PHC string (`$argon2id$v=19$m=…`); the password itself is never stored. */
  password_hash: string;
  /** 1 when an admin has disabled the account (its sessions end at once). */
  disabled: number;
  created_at: string;
  updated_at: string;
  /** User name of the admin who last changed the account (null: the command line or the first start). */
  updated_by: string | null;
}

export interface UserSessionsTable {
  id: Generated<number>;
  /** sha256 of the session token. */
  token_hash: string;
  user_id: string;
  /** Slides forward with use, never beyond `max_expires_at`. */
  expires_at: string;
  max_expires_at: string;
  created_at: string;
  last_seen_at: string;
}
