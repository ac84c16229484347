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

  constructor(firstMs = 1000, maxMs = 10_000) {
    this.#firstMs = firstMs;
    this.#maxMs = maxMs;
  }

  next(): number {
    const base = Math.min(this.#maxMs, this.#firstMs * 2 ** Math.min(this.#attempt, 30));
    this.#attempt += 1;
    // The jitter never takes a delay past the cap: a restarted peer is read again within the cap.
    return Math.round(Math.min(this.#maxMs, base * (0.8 + Math.random() * 0.4)));
  }

  reset(): void {
    this.#attempt = 0;
  }
}

/**
 * What the adapters that dial their peer (Modbus, OPC UA, the Signal K client) share: the link's state, the backoff
 * between attempts, the one attempt scheduled at a time, and `stopped`, after which no attempt is made.
 */
export class Redial {
  readonly connection = new Connection('connecting');
  readonly backoff: Backoff;
  stopped = false;
  #timer: NodeJS.Timeout | undefined;
  #dial: () => Promise<void> = async () => undefined;

  constructor(options: { retryMs?: number; retryMaxMs?: number }) {
    this.backoff = new Backoff(options.retryMs ?? 1000, options.retryMaxMs ?? 10_000);
  }

  /** Dials now (and again after each `retry`); the adapter's `stop` ends the attempts, then runs `stop`. */
  start(name: string, dial: () => Promise<void>, stop: () => Promise<void>): Adapter {
    this.#dial = dial;
    void dial();
    return {
      name,
      status: () => this.connection.get(),
      stop: async () => {
        this.stopped = true;
        clearTimeout(this.#timer);
        await stop();
      },
    };
  }

  /** The link dropped or an attempt failed for `reason`: `reconnecting`, and the next attempt after a backoff. */
  retry(reason: string): void {
    if (this.stopped) return;
    this.connection.set('reconnecting', reason);
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => void this.#dial(), this.backoff.next());
  }
}

/**
 * The message of an error of any shape (Node socket errors, library errors, strings, and the plain objects
 * modbus-serial rejects with: `{ name: 'TransactionTimedOutError', message: 'Timed out', errno: 'ETIMEDOUT' }`),
 * always as text, never `[object Object]`.
 */
export function reasonOf(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) return reasonOf(error.errors[0]);
  if (error instanceof Error) {
    const code = (error as NodeJS.ErrnoException).code;
    const text = error.message || error.name;
    return code && !text.includes(code) ? `${text} (${code})` : text;
  }
  if (error && typeof error === 'object') {
    const o = error as Record<string, unknown>;
    const text = [o.message, o.name, o.errno, o.code].find((x) => typeof x === 'string' && x !== '');
    if (typeof text === 'string') {
      const code = typeof o.errno === 'string' ? o.errno : typeof o.code === 'string' ? o.code : undefined;
      return code && !text.includes(code) ? `${text} (${code})` : text;
    }
    try {
      return JSON.stringify(error);
    } catch {
      return 'unknown error';
    }
  }
  return String(error);
}
