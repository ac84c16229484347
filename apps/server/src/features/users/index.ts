/** The users feature's public entry: what the rest of the server may use of it. */
import type { Store } from '../../db/client.ts';
import { UsersRepository } from './users.repository.ts';
import { UsersService } from './users.service.ts';

export { usersRoutes } from './users.routes.ts';
export { USER_TOKEN_PREFIX, UsersService } from './users.service.ts';

/** The users service on a store: its repository stays inside the feature. */
export function createUsersService(
  store: Store,
  ...rest: ConstructorParameters<typeof UsersService> extends [unknown, ...infer R] ? R : never
): UsersService {
  return new UsersService(new UsersRepository(store.db), ...rest);
}
