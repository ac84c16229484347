/**
 * The state of an adapter's link to its peer, shown in the Data sources dialog:
 * `listening` (we wait for pushers), `connecting` (first attempt), `connected`, `reconnecting`
 * (the link dropped or an attempt failed; the next attempt is scheduled), `error` (the
 * configuration itself is wrong: no retry helps).
 */
export type ConnectionState = 'listening' | 'connecting' | 'connected' | 'reconnecting' | 'error';

export interface ConnectionStatus {
  state: ConnectionState;
  /** Why the link is not connected (the peer's or the socket's words), else null. */
  detail: string | null;
  /** When the state last changed, epoch ms. */
  since: number;
}

/** A running adapter; `stop` flushes what it buffered and closes its sockets. */
export interface Adapter {
  name: string;
  status(): ConnectionStatus;
  stop(): Promise<void>;
}

/** Holds one adapter's connection state; changes only when the state or its reason changes. */
export class Connection {
  #status: ConnectionStatus;
  readonly #now: () => number;

  constructor(initial: ConnectionState, now: () => number = Date.now) {
    this.#now = now;
    this.#status = { state: initial, detail: null, since: now() };
  }

  set(state: ConnectionState, detail: string | null = null): void {
    if (state === this.#status.state && detail === this.#status.detail) return;
    this.#status = { state, detail, since: state === this.#status.state ? this.#status.since : this.#now() };
  }

  get(): ConnectionStatus {
    return { ...this.#status };
  }
}

/**
 * Delays between reconnect attempts: doubling from `firstMs` up to `maxMs`, with ±20 % jitter so
 * that several adapters do not hammer a peer that comes back in step. `reset` after a success.
 */
export class Backoff {
  readonly #firstMs: number;
  readonly #maxMs: number;
  #attempt = 0;

  constructor(firstMs = 1000, maxMs = 30_000) {
    this.#firstMs = firstMs;
    this.#maxMs = maxMs;
  }

  next(): number {
    const base = Math.min(this.#maxMs, this.#firstMs * 2 ** this.#attempt);
    this.#attempt += 1;
    return Math.round(base * (0.8 + Math.random() * 0.4));
  }

  reset(): void {
    this.#attempt = 0;
  }
}

/** The message of an error of any shape (Node socket errors, library errors, strings). */
export function reasonOf(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) return reasonOf(error.errors[0]);
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}
