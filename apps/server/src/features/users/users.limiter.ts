/** How many failed logins in a window lock a key (an account name or a client address), and for how long. */
export interface LimiterRule {
  maxFailures: number;
  windowMs: number;
  lockMs: number;
}

/** Five wrong passwords for one user name within 15 minutes lock that name for 15 minutes. */
export const accountRule: LimiterRule = { maxFailures: 5, windowMs: 15 * 60_000, lockMs: 15 * 60_000 };
/** Twenty failures from one address within 15 minutes (any names) lock that address for 15 minutes. */
export const addressRule: LimiterRule = { maxFailures: 20, windowMs: 15 * 60_000, lockMs: 15 * 60_000 };

interface Entry {
  failures: number[];
  lockedUntil: number;
}

/**
 * Counts failed logins per key in memory (one shore server; a restart forgets the counts, which costs an attacker
 * a restart per few guesses). The failure that reaches `maxFailures` within `windowMs` locks the key for `lockMs`:
 * that attempt and every one until the lock ends are refused without looking at the password.
 */
export class LoginLimiter {
  readonly #entries = new Map<string, Entry>();
  readonly #rules: Record<'account' | 'address', LimiterRule>;
  readonly #now: () => number;

  constructor(now: () => number = Date.now, rules: Partial<Record<'account' | 'address', LimiterRule>> = {}) {
    this.#now = now;
    this.#rules = { account: rules.account ?? accountRule, address: rules.address ?? addressRule };
  }

  /** Milliseconds until the first of `keys` unlocks; 0 when none is locked. */
  retryAfterMs(keys: { account: string; address: string }): number {
    const now = this.#now();
    return Math.max(0, ...this.#keys(keys).map(([key]) => (this.#entries.get(key)?.lockedUntil ?? 0) - now));
  }

  /** Records a failed login; returns the lock's length in ms when this failure locked a key, else 0. */
  fail(keys: { account: string; address: string }): number {
    const now = this.#now();
    this.#prune(now);
    let locked = 0;
    for (const [key, rule] of this.#keys(keys)) {
      const entry = this.#entries.get(key) ?? { failures: [], lockedUntil: 0 };
      entry.failures = [...entry.failures.filter((t) => t > now - rule.windowMs), now];
      if (entry.failures.length >= rule.maxFailures) {
        entry.lockedUntil = now + rule.lockMs;
        entry.failures = [];
        locked = Math.max(locked, rule.lockMs);
      }
      this.#entries.set(key, entry);
    }
    return locked;
  }

  /** A successful login clears the account's failures (the address keeps its count). */
  succeed(keys: { account: string; address: string }): void {
    this.#entries.delete(`account:${keys.account}`);
  }

  #keys(keys: { account: string; address: string }): [string, LimiterRule][] {
    return [
      [`account:${keys.account}`, this.#rules.account],
      [`address:${keys.address}`, this.#rules.address],
    ];
  }

  /** Forgets keys with no lock and no failure left in their window, so the map does not grow without end. */
  #prune(now: number): void {
    if (this.#entries.size < 1000) return;
    const window = Math.max(this.#rules.account.windowMs, this.#rules.address.windowMs);
    for (const [key, entry] of this.#entries) {
      if (entry.lockedUntil <= now && entry.failures.every((t) => t <= now - window))
        this.#entries.delete(key);
    }
  }
}
