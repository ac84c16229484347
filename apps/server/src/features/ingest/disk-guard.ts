import { statfsSync } from 'node:fs';

/** The free space of the store's disk, read at most every `everyMs`. */
export interface DiskSpace {
  freeBytes: number;
  totalBytes: number;
  minFreeBytes: number;
  /** Free space is under the minimum: telemetry is refused until it is back above it. */
  low: boolean;
}

/**
 * Watches the disk that holds the store. Telemetry is the store's bulk (thousands of samples a second on a real
 * ship) while records are small: refusing telemetry below a free-space floor keeps room for the crew's records
 * and keeps SQLite from ever meeting a full disk mid-transaction.
 */
export class DiskGuard {
  readonly #dir: string;
  readonly #minFreeBytes: number;
  readonly #statfs: (dir: string) => {
    bavail: number | bigint;
    blocks: number | bigint;
    bsize: number | bigint;
  };
  readonly #everyMs: number;
  readonly #now: () => number;
  #checkedAt = Number.NEGATIVE_INFINITY;
  #space: DiskSpace | undefined;

  constructor(options: {
    dir: string;
    minFreeBytes: number;
    statfs?: (dir: string) => { bavail: number | bigint; blocks: number | bigint; bsize: number | bigint };
    everyMs?: number;
    now?: () => number;
  }) {
    this.#dir = options.dir;
    this.#minFreeBytes = options.minFreeBytes;
    this.#statfs = options.statfs ?? ((dir) => statfsSync(dir));
    this.#everyMs = options.everyMs ?? 5000;
    this.#now = options.now ?? Date.now;
  }

  /** The disk's space now (cached for `everyMs`); a disk that cannot be read counts as not low. */
  space(): DiskSpace {
    const now = this.#now();
    if (this.#space && now - this.#checkedAt < this.#everyMs) return this.#space;
    this.#checkedAt = now;
    try {
      const s = this.#statfs(this.#dir);
      const freeBytes = Number(s.bavail) * Number(s.bsize);
      this.#space = {
        freeBytes,
        totalBytes: Number(s.blocks) * Number(s.bsize),
        minFreeBytes: this.#minFreeBytes,
        low: freeBytes < this.#minFreeBytes,
      };
    } catch {
      this.#space = {
        freeBytes: Number.NaN,
        totalBytes: Number.NaN,
        minFreeBytes: this.#minFreeBytes,
        low: false,
      };
    }
    return this.#space;
  }
}
