/**
 * Decoded chunks recently read, keyed by table, channel and period, each with the bytes it was decoded from: a reader
 * reads the chunk's bytes anyway and takes the decoded copy only when they are the same, so an entry can never be
 * stale (another connection or repository may have rewritten the chunk). The analyses read one day in several
 * ranges (the hull analysis reads only its steady stretches), each of which would decode it again.
 */
export class DecodedChunks<T> {
  readonly #entries = new Map<string, { data: Uint8Array; decoded: T }>();
  readonly #max: number;

  constructor(max: number) {
    this.#max = max;
  }

  get(key: string, data: Uint8Array, decode: (data: Uint8Array) => T): T {
    const hit = this.#entries.get(key);
    if (hit && Buffer.compare(hit.data, data) === 0) {
      // Most recently used last: Map keeps insertion order.
      this.#entries.delete(key);
      this.#entries.set(key, hit);
      return hit.decoded;
    }
    const decoded = decode(data);
    this.#entries.delete(key);
    this.#entries.set(key, { data, decoded });
    if (this.#entries.size > this.#max) this.#entries.delete(this.#entries.keys().next().value!);
    return decoded;
  }
}
