import { hash, verify } from '@node-rs/argon2';

/**
 * Password hashing with argon2id (`@node-rs/argon2`, its defaults: 19 MiB, 2 passes, 1 lane — OWASP's
 * recommended minimum). The PHC string keeps salt and parameters, so stronger settings later still verify
 * the old hashes.
 */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

/** True when `password` matches the stored PHC string; a malformed hash is a mismatch. */
export async function passwordMatches(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;

/**
 * Spends the time of one verification for a user name that does not exist, so a wrong name and a wrong password
 * take as long (no user enumeration by timing).
 */
export async function burnVerification(password: string): Promise<false> {
  dummy ??= hash('not a password of anyone');
  await passwordMatches(await dummy, password);
  return false;
}
