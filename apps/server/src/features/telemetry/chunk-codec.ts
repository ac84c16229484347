/**
 * Lossless compression of one channel's samples or minute rollups into a chunk (one row of
 * `sample_chunks` / `minute_chunks`).
 *
 * - Times: delta-of-delta, zigzag varints (1 Hz samples and consecutive minutes cost a zero byte each).
 * - Values: each column picks the divisor d (10^k, 6·10^k or 36·10^k, k = 0…9) at which most of its values are
 *   exact (`Math.round(v · d) / d === v`, what a register read at a fixed resolution gives), stores the scaled
 *   integers as zigzag varint deltas (or deltas of deltas, whichever is shorter; a minute's min, max and last
 *   relative to its mean) and, per value, the distance in units in the last place between the value and
 *   that fraction (0 for exact ones; a sum of 60 such values is a few ulps off). Every float64
 *   comes back bit for bit: infinities, -0, subnormals and values no decimal fits included (NaN is never stored).
 * - The bytes are then deflated (zlib raw deflate), which takes the runs of zero bytes and repeated deltas.
 */
import { deflateRawSync, inflateRawSync } from 'node:zlib';

/** Chunk format byte (first byte of every chunk): 1 = deflated columns below. */
const FORMAT = 1;
const KIND_SAMPLES = 1;
const KIND_MINUTES = 2;
const POW10 = [1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9];
/**
 * Divisors a column's values are tried against, coarsest first: whole thousands and tens (a kW or 0.01 bar register in
 * W or Pa), decimals, and decimals of sixths and 36ths (rpm and per-minute registers in per-second SI units, km/h in
 * m/s). A divisor below 1 multiplies by its exact inverse instead.
 */
const DIVISORS = [1e-6, 1e-5, 1e-4, 1e-3, 1e-2, 1e-1, ...[1, 6, 36].flatMap((m) => POW10.map((p) => p * m))];
const INVERSES = DIVISORS.map((p) => (p < 1 ? Math.round(1 / p) : 0));
/** Scaled integers stay far inside the safe range so their deltas and zigzags are exact doubles. */
const MAX_SCALED = 2 ** 50;

const f64 = new Float64Array(1);
const i64 = new BigInt64Array(f64.buffer);
const u32 = new Uint32Array(f64.buffer);
/** Little-endian word order of the float's bits (every platform Node runs on). */
const LO = 0;
const HI = 1;
const TWO32 = 4_294_967_296;
/** Ulp distances up to this go as plain varints; larger ones (different signs or magnitudes) as 64-bit integers. */
const SMALL_ULPS = 2 ** 50;
const bitsOf = (v: number): bigint => {
  f64[0] = v;
  return i64[0]!;
};
const fromBits = (b: bigint): number => {
  i64[0] = b;
  return f64[0]!;
};

class ByteWriter {
  bytes = new Uint8Array(1024);
  length = 0;

  #room(n: number) {
    if (this.length + n <= this.bytes.length) return;
    const grown = new Uint8Array(Math.max(this.bytes.length * 2, this.length + n));
    grown.set(this.bytes.subarray(0, this.length));
    this.bytes = grown;
  }

  byte(b: number) {
    this.#room(1);
    this.bytes[this.length++] = b;
  }

  /** An unsigned integer below 2^53. */
  uint(n: number) {
    this.#room(8);
    while (n >= 128) {
      this.bytes[this.length++] = (n % 128) | 128;
      n = Math.floor(n / 128);
    }
    this.bytes[this.length++] = n;
  }

  /** A signed integer of magnitude below 2^52. */
  int(n: number) {
    this.uint(n >= 0 ? n * 2 : -n * 2 - 1);
  }

  /** A signed 64-bit integer (ulp distances). */
  bigint(n: bigint) {
    let z = BigInt.asUintN(64, (n << 1n) ^ (n >> 63n));
    this.#room(10);
    while (z >= 128n) {
      this.bytes[this.length++] = Number(z & 127n) | 128;
      z >>= 7n;
    }
    this.bytes[this.length++] = Number(z);
  }
}

class ByteReader {
  readonly #bytes: Uint8Array;
  #at = 0;

  constructor(bytes: Uint8Array) {
    this.#bytes = bytes;
  }

  byte(): number {
    const b = this.#bytes[this.#at++];
    if (b === undefined) throw new Error('Telemetry chunk is truncated');
    return b;
  }

  uint(): number {
    const first = this.#bytes[this.#at];
    if (first !== undefined && first < 128) {
      this.#at++;
      return first;
    }
    let n = 0;
    let scale = 1;
    for (;;) {
      const b = this.byte();
      n += (b & 127) * scale;
      if (b < 128) return n;
      scale *= 128;
    }
  }

  int(): number {
    const z = this.uint();
    return z % 2 === 0 ? z / 2 : -(z + 1) / 2;
  }

  bigint(): bigint {
    let z = 0n;
    let shift = 0n;
    for (;;) {
      const b = this.byte();
      z |= BigInt(b & 127) << shift;
      if (b < 128) break;
      shift += 7n;
    }
    return BigInt.asIntN(64, (z >> 1n) ^ -(z & 1n));
  }
}

/** Integers (times in ms or s) as delta-of-delta. */
function writeTimes(w: ByteWriter, t: ArrayLike<number>, n: number) {
  let prev = 0;
  let prevDelta = 0;
  for (let i = 0; i < n; i++) {
    const delta = t[i]! - prev;
    w.int(delta - prevDelta);
    prev = t[i]!;
    prevDelta = delta;
  }
}

function readTimes(r: ByteReader, n: number): Float64Array {
  const t = new Float64Array(n);
  let prev = 0;
  let delta = 0;
  for (let i = 0; i < n; i++) {
    delta += r.int();
    prev += delta;
    t[i] = prev;
  }
  return t;
}

const scaled = (v: number, k: number): number => {
  const inverse = INVERSES[k]!;
  const q = Math.round(inverse ? v / inverse : v * DIVISORS[k]!);
  // `+ 0` turns -0 into 0; out-of-range and non-finite values are carried whole by their ulp distance.
  return Number.isFinite(q) && Math.abs(q) <= MAX_SCALED ? q + 0 : 0;
};
const unscaled = (q: number, k: number): number => {
  const inverse = INVERSES[k]!;
  return inverse ? q * inverse : q / DIVISORS[k]!;
};
const exact = (v: number, pred: number): boolean => pred === v && (v !== 0 || Object.is(pred, v));

/**
 * The residual of an inexact `x` against `pred`: the difference of their bit patterns as integers (ulps), small for
 * a value a rounding away from its fraction. Even varints are such small distances, 1 announces a 64-bit one.
 */
function writeResidual(w: ByteWriter, x: number, pred: number) {
  f64[0] = x;
  const xHi = u32[HI]! | 0;
  const xLo = u32[LO]!;
  f64[0] = pred;
  const d = (xHi - (u32[HI]! | 0)) * TWO32 + (xLo - u32[LO]!);
  if (Math.abs(d) <= SMALL_ULPS) {
    w.uint((d >= 0 ? d * 2 : -d * 2 - 1) * 2);
    return;
  }
  w.byte(1);
  w.bigint(BigInt.asIntN(64, bitsOf(x) - bitsOf(pred)));
}

function readResidual(r: ByteReader, pred: number): number {
  const u = r.uint();
  if (u === 1) return fromBits(BigInt.asIntN(64, bitsOf(pred) + r.bigint()));
  const z = u / 2;
  const d = z % 2 === 0 ? z / 2 : -(z + 1) / 2;
  f64[0] = pred;
  const dHi = Math.floor(d / TWO32);
  let lo = u32[LO]! + (d - dHi * TWO32);
  const carry = lo >= TWO32 ? 1 : 0;
  lo -= carry * TWO32;
  u32[HI] = (u32[HI]! + dHi + carry) >>> 0;
  u32[LO] = lo;
  return f64[0]!;
}
/** Bytes of the zigzag varint of `n` (for choosing an encoding, not writing it). */
const intBytes = (n: number): number => {
  let z = n >= 0 ? n * 2 : -n * 2 - 1;
  let bytes = 1;
  while (z >= 128) {
    z = Math.floor(z / 128);
    bytes++;
  }
  return bytes;
};

/** Values of a column that choose its divisor: spread evenly over it (the choice only sets the size, not what comes back). */
const PROBES = 64;

/** The divisor at which most probed values of the column are exact (the first such in {@link DIVISORS} on a tie). */
function bestDivisor(v: ArrayLike<number>, n: number): number {
  const step = Math.max(1, Math.floor(n / PROBES));
  let best = 0;
  let bestExact = -1;
  let probes = 0;
  for (let i = 0; i < n; i += step) probes++;
  for (let k = 0; k < DIVISORS.length; k++) {
    let hits = 0;
    for (let i = 0; i < n; i += step) if (exact(v[i]!, unscaled(scaled(v[i]!, k), k))) hits++;
    if (hits > bestExact) {
      best = k;
      bestExact = hits;
    }
    if (hits === probes) break;
  }
  return best;
}

/**
 * A value column: its divisor, then the scaled integers as deltas or deltas of deltas (whichever is shorter: noise
 * favours deltas, smooth sums favour the second), each minus the scaled `ref` when given (a minute's min, max and
 * last are close to its mean), then the ulp distances.
 */
function writeValues(w: ByteWriter, v: ArrayLike<number>, n: number, ref?: ArrayLike<number>) {
  const k = bestDivisor(v, n);
  const r = new Float64Array(n);
  for (let i = 0; i < n; i++) r[i] = scaled(v[i]!, k) - (ref ? scaled(ref[i]!, k) : 0);
  let deltaBytes = 0;
  let dodBytes = 0;
  for (let i = 0; i < n; i++) {
    const d = r[i]! - (i > 0 ? r[i - 1]! : 0);
    deltaBytes += intBytes(d);
    dodBytes += intBytes(d - (i > 0 ? r[i - 1]! - (i > 1 ? r[i - 2]! : 0) : 0));
  }
  const secondOrder = dodBytes < deltaBytes;
  w.byte(k);
  w.byte(secondOrder ? 1 : 0);
  let prev = 0;
  let prevDelta = 0;
  for (let i = 0; i < n; i++) {
    const d = r[i]! - prev;
    w.int(secondOrder ? d - prevDelta : d);
    prev = r[i]!;
    prevDelta = d;
  }
  // The values that are not exact at the divisor: their count, then each one's index gap and ulp distance.
  const inexact: number[] = [];
  for (let i = 0; i < n; i++) if (!exact(v[i]!, unscaled(scaled(v[i]!, k), k))) inexact.push(i);
  w.uint(inexact.length);
  let at = 0;
  for (const i of inexact) {
    w.uint(i - at);
    at = i;
    writeResidual(w, v[i]!, unscaled(scaled(v[i]!, k), k));
  }
}

function readValues(r: ByteReader, n: number, ref?: ArrayLike<number>): Float64Array {
  const k = r.byte();
  if (DIVISORS[k] === undefined) throw new Error('Telemetry chunk has an unknown scale');
  const secondOrder = r.byte() === 1;
  const v = new Float64Array(n);
  let q = 0;
  let delta = 0;
  for (let i = 0; i < n; i++) {
    delta = secondOrder ? delta + r.int() : r.int();
    q += delta;
    v[i] = unscaled(q + (ref ? scaled(ref[i]!, k) : 0), k);
  }
  const inexact = r.uint();
  let at = 0;
  for (let e = 0; e < inexact; e++) {
    at += r.uint();
    if (at >= n) throw new Error('Telemetry chunk has a residual past its values');
    v[at] = readResidual(r, v[at]!);
  }
  return v;
}

function finish(w: ByteWriter): Uint8Array {
  const packed = deflateRawSync(w.bytes.subarray(0, w.length));
  const out = new Uint8Array(packed.length + 1);
  out[0] = FORMAT;
  out.set(packed, 1);
  return out;
}

function open(chunk: Uint8Array, kind: number): { r: ByteReader; n: number } {
  if (chunk[0] !== FORMAT) throw new Error(`Telemetry chunk format ${chunk[0]} is not known`);
  const r = new ByteReader(inflateRawSync(chunk.subarray(1)));
  if (r.byte() !== kind) throw new Error('Telemetry chunk holds another kind of rows');
  return { r, n: r.uint() };
}

/** One channel's raw samples: `t` epoch ms (integers, strictly increasing), `v` SI values. */
export interface SampleColumns {
  t: Float64Array;
  v: Float64Array;
}

/** Encodes the first `n` samples (times strictly increasing integers). */
export function encodeSamples(t: ArrayLike<number>, v: ArrayLike<number>, n = t.length): Uint8Array {
  const w = new ByteWriter();
  w.byte(KIND_SAMPLES);
  w.uint(n);
  writeTimes(w, t, n);
  writeValues(w, v, n);
  return finish(w);
}

export function decodeSamples(chunk: Uint8Array): SampleColumns {
  const { r, n } = open(chunk, KIND_SAMPLES);
  const t = readTimes(r, n);
  return { t, v: readValues(r, n) };
}

/** One channel's minute rollups as columns (the rollup tables' columns; `t` epoch s, `lastT` epoch ms). */
export interface MinuteColumns {
  t: Float64Array;
  n: Float64Array;
  sum: Float64Array;
  min: Float64Array;
  max: Float64Array;
  last: Float64Array;
  lastT: Float64Array;
}

export function emptyMinuteColumns(size: number): MinuteColumns {
  return {
    t: new Float64Array(size),
    n: new Float64Array(size),
    sum: new Float64Array(size),
    min: new Float64Array(size),
    max: new Float64Array(size),
    last: new Float64Array(size),
    lastT: new Float64Array(size),
  };
}

/** Encodes the first `count` minute rows (`t` strictly increasing). */
export function encodeMinutes(m: MinuteColumns, count = m.t.length): Uint8Array {
  const w = new ByteWriter();
  w.byte(KIND_MINUTES);
  w.uint(count);
  writeTimes(w, m.t, count);
  let prev = 0;
  for (let i = 0; i < count; i++) {
    w.int(m.n[i]! - prev);
    prev = m.n[i]!;
  }
  // `last_t` relative to its minute's start (59,999 ms for bulk history, the last sample's offset live).
  const offsets = new Float64Array(count);
  for (let i = 0; i < count; i++) offsets[i] = m.lastT[i]! - m.t[i]! * 1000;
  writeTimes(w, offsets, count);
  writeValues(w, m.sum, count);
  const mean = m.sum.map((sum, i) => sum / m.n[i]!);
  for (const column of [m.min, m.max, m.last]) writeValues(w, column, count, mean);
  return finish(w);
}

/**
 * Decodes a minute chunk; with `meansOnly` the min, max and last columns are not decoded (zeros): the analyses'
 * bucket means need only the counts and sums, which come first.
 */
export function decodeMinutes(chunk: Uint8Array, meansOnly = false): MinuteColumns {
  const { r, n: count } = open(chunk, KIND_MINUTES);
  const t = readTimes(r, count);
  const n = new Float64Array(count);
  let prev = 0;
  for (let i = 0; i < count; i++) {
    prev += r.int();
    n[i] = prev;
  }
  const lastT = readTimes(r, count);
  for (let i = 0; i < count; i++) lastT[i]! += t[i]! * 1000;
  const sum = readValues(r, count);
  if (meansOnly) {
    const zeros = new Float64Array(count);
    return { t, n, sum, min: zeros, max: zeros, last: zeros, lastT };
  }
  const mean = sum.map((s, i) => s / n[i]!);
  const min = readValues(r, count, mean);
  const max = readValues(r, count, mean);
  const last = readValues(r, count, mean);
  return { t, n, sum, min, max, last, lastT };
}
