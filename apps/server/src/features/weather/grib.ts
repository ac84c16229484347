/**
 * A small GRIB2 decoder for the forecast fields the weather feature uses (WMO FM 92 GRIB edition 2, Manual on
 * Codes vol. I.2). None of the pure-JS GRIB2 decoders on npm decoded ecCodes' own files correctly (see
 * docs/decisions.md, "Weather forecasts (GRIB2)"), so this one reads only what a ship's forecast needs:
 *
 * - grid: template 3.0, regular latitude/longitude, any scanning mode except boustrophedon rows;
 * - product: templates 4.0, 4.1 (an instant), 4.8 and 4.11 (a statistic: valid at the end of its interval);
 * - packing: templates 5.0 (simple), 5.2 (complex) and 5.3 (complex with first- or second-order spatial
 *   differencing, the packing NCEP and most centres send), with a bit map (section 6) or missing-value management.
 *
 * A message in any other grid, product or packing (JPEG 2000 5.40, PNG 5.41, CCSDS 5.42, …) or of a parameter not
 * used is skipped and listed, not an error: `grib_set -r -s packingType=grid_simple in.grb2 out.grb2` converts one.
 * A buffer that is not GRIB2, or a message cut short, throws {@link GribError}.
 */

/** The forecast parameters Ecohelm reads, by their GRIB2 discipline / category / number. */
export type WeatherParameter =
  | 'windU'
  | 'windV'
  | 'waveHs'
  | 'swellHs'
  | 'swellPeriod'
  | 'swellDir'
  | 'currentU'
  | 'currentV';

/**
 * A regular latitude/longitude grid, normalised so both steps are positive: point (row r, column c) is at latitude
 * `lat0 + r·dLat` and longitude `lon0 + c·dLon`, degrees (longitudes as the file gives them, e.g. 0..360).
 */
export interface GribGrid {
  lat0: number;
  lon0: number;
  dLat: number;
  dLon: number;
  nLat: number;
  nLon: number;
}

/** One decoded field: `values[r·nLon + c]`, SI units of the GRIB2 tables (m/s, m, s, degrees), NaN where missing. */
export interface GribField {
  parameter: WeatherParameter;
  validTimeMs: number;
  grid: GribGrid;
  values: Float32Array;
}

/** A message left out, with why. `message` counts from 1 in file order. */
export interface GribSkipped {
  message: number;
  discipline: number;
  category: number | null;
  number: number | null;
  reason: string;
}

export interface GribDecoded {
  fields: GribField[];
  skipped: GribSkipped[];
}

/** The buffer is not GRIB2, or a message in it is damaged or cut short. */
export class GribError extends Error {
  override name = 'GribError';
}

/** discipline/category/number → parameter (WMO code tables 4.2-0-2 and 4.2-10-0, 4.2-10-1). */
const PARAMETERS: Record<string, WeatherParameter> = {
  '0/2/2': 'windU',
  '0/2/3': 'windV',
  '10/0/3': 'waveHs',
  '10/0/8': 'swellHs',
  '10/0/9': 'swellPeriod',
  '10/0/7': 'swellDir',
  '10/1/2': 'currentU',
  '10/1/3': 'currentV',
};

/** Code table 4.4 units of time range, in ms (months and years have no fixed length and are refused). */
const TIME_UNIT_MS: Record<number, number> = {
  0: 60_000,
  1: 3_600_000,
  2: 86_400_000,
  10: 3 * 3_600_000,
  11: 6 * 3_600_000,
  12: 12 * 3_600_000,
  13: 1000,
};

/** Grid, product and bit map in force while reading one message (sections 3, 4, 5 and 6 may repeat). */
interface MessageState {
  discipline: number;
  referenceMs: number;
  grid?: { grid: GribGrid; order: (k: number) => number; error?: undefined } | { error: string };
  product?:
    | {
        parameter: WeatherParameter;
        validTimeMs: number;
        category: number;
        number: number;
        error?: undefined;
      }
    | { category: number | null; number: number | null; error: string };
  packing?: Section5;
  bitmap?: Uint8Array | null;
  bitmapError?: string;
}

interface Section5 {
  template: number;
  count: number;
  bytes: Uint8Array;
}

/** Decodes every message of a GRIB2 buffer into the fields Ecohelm uses; see the module comment. */
export function decodeGrib2(input: Uint8Array): GribDecoded {
  const buf = input;
  const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  const fields: GribField[] = [];
  const skipped: GribSkipped[] = [];
  let pos = findMarker(buf, 0);
  if (pos < 0) throw new GribError('no GRIB message found');
  let messageNo = 0;
  while (pos >= 0) {
    messageNo += 1;
    if (pos + 16 > buf.length)
      throw new GribError(`message ${messageNo} is cut short (no complete section 0)`);
    const edition = buf[pos + 7]!;
    if (edition !== 2) throw new GribError(`message ${messageNo} is GRIB edition ${edition}, not 2`);
    const high = view.getUint32(pos + 8);
    const length = high * 2 ** 32 + view.getUint32(pos + 12);
    if (length < 16 + 4 || pos + length > buf.length)
      throw new GribError(
        `message ${messageNo} is cut short (${buf.length - pos} of its ${length} bytes are in the file)`,
      );
    if (String.fromCharCode(...buf.subarray(pos + length - 4, pos + length)) !== '7777')
      throw new GribError(`message ${messageNo} does not end with 7777`);
    readMessage(buf.subarray(pos, pos + length), messageNo, fields, skipped);
    pos = findMarker(buf, pos + length);
  }
  return { fields, skipped };
}

function findMarker(buf: Uint8Array, from: number): number {
  for (let i = from; i + 4 <= buf.length; i++) {
    // 'GRIB'
    if (buf[i] === 0x47 && buf[i + 1] === 0x52 && buf[i + 2] === 0x49 && buf[i + 3] === 0x42) return i;
  }
  return -1;
}

function readMessage(msg: Uint8Array, messageNo: number, fields: GribField[], skipped: GribSkipped[]): void {
  const view = new DataView(msg.buffer, msg.byteOffset, msg.byteLength);
  const state: MessageState = { discipline: msg[6]!, referenceMs: Number.NaN };
  const end = msg.length - 4;
  let pos = 16;
  const seen = new Set<string>();
  while (pos < end) {
    if (pos + 5 > end) throw new GribError(`message ${messageNo}: section header past the end`);
    const length = view.getUint32(pos);
    const number = msg[pos + 4]!;
    if (length < 5 || pos + length > end)
      throw new GribError(`message ${messageNo}: section ${number} is longer than the message`);
    const section = msg.subarray(pos, pos + length);
    const sv = new DataView(section.buffer, section.byteOffset, section.byteLength);
    switch (number) {
      case 1:
        state.referenceMs = Date.UTC(
          sv.getUint16(12),
          section[14]! - 1,
          section[15]!,
          section[16]!,
          section[17]!,
          section[18]!,
        );
        break;
      case 2:
        break;
      case 3:
        state.grid = readGrid(section, sv);
        break;
      case 4:
        state.product = readProduct(section, sv, state);
        break;
      case 5:
        state.packing = { template: sv.getUint16(9), count: sv.getUint32(5), bytes: section };
        break;
      case 6:
        readBitmap(section, state, messageNo);
        break;
      case 7: {
        const result = readField(section, state, messageNo);
        if ('field' in result) {
          const key = `${result.field.parameter}@${result.field.validTimeMs}`;
          if (seen.has(key) || fields.some((f) => `${f.parameter}@${f.validTimeMs}` === key))
            skipped.push(skip(state, messageNo, 'the same parameter and time again'));
          else {
            seen.add(key);
            fields.push(result.field);
          }
        } else skipped.push(skip(state, messageNo, result.reason));
        break;
      }
      default:
        throw new GribError(`message ${messageNo}: unknown section ${number}`);
    }
    pos += length;
  }
  if (pos !== end) throw new GribError(`message ${messageNo}: sections do not add up to its length`);
}

function skip(state: MessageState, messageNo: number, reason: string): GribSkipped {
  return {
    message: messageNo,
    discipline: state.discipline,
    category: state.product?.category ?? null,
    number: state.product?.number ?? null,
    reason,
  };
}

/** GRIB2 signed integers are sign and magnitude, not two's complement. */
const signed16 = (v: DataView, at: number) => {
  const raw = v.getUint16(at);
  return raw & 0x8000 ? -(raw & 0x7fff) : raw;
};
const signed32 = (v: DataView, at: number) => {
  const raw = v.getUint32(at);
  return raw & 0x80000000 ? -(raw & 0x7fffffff) : raw;
};
const MISSING32 = 0xffffffff;

/** Section 3, template 3.0 (regular lat/lon), octets as in the WMO manual (1-based; offsets here 0-based). */
function readGrid(s: Uint8Array, v: DataView): MessageState['grid'] {
  if (s[5] !== 0) return { error: 'predefined grid (section 3 source ≠ 0)' };
  const template = v.getUint16(12);
  if (template !== 0) return { error: `grid template 3.${template} (only 3.0, regular lat/lon, is read)` };
  if (s.length < 72) throw new GribError('section 3 is shorter than template 3.0');
  const points = v.getUint32(6);
  const ni = v.getUint32(30);
  const nj = v.getUint32(34);
  if (ni === MISSING32 || nj === MISSING32 || ni * nj !== points)
    return { error: 'a quasi-regular or inconsistent grid (Ni × Nj ≠ number of points)' };
  const basic = v.getUint32(38);
  const sub = v.getUint32(42);
  const unit = basic === 0 || basic === MISSING32 || sub === 0 || sub === MISSING32 ? 1e-6 : basic / sub;
  const la1 = signed32(v, 46) * unit;
  const lo1 = signed32(v, 50) * unit;
  const flags = s[54]!;
  const la2 = signed32(v, 55) * unit;
  const lo2 = signed32(v, 59) * unit;
  const diRaw = v.getUint32(63);
  const djRaw = v.getUint32(67);
  const scan = s[71]!;
  if (scan & 0x10) return { error: 'boustrophedon scanning (scanning mode bit 4) is not read' };
  const iNegative = (scan & 0x80) !== 0;
  const jPositive = (scan & 0x40) !== 0;
  const jConsecutive = (scan & 0x20) !== 0;
  let lonSpan = iNegative ? lo1 - lo2 : lo2 - lo1;
  lonSpan = ((lonSpan % 360) + 360) % 360;
  const di = flags & 0x20 && diRaw !== MISSING32 ? diRaw * unit : ni > 1 ? lonSpan / (ni - 1) : 1;
  const dj = flags & 0x10 && djRaw !== MISSING32 ? djRaw * unit : nj > 1 ? Math.abs(la2 - la1) / (nj - 1) : 1;
  if (!(di > 0) || !(dj > 0)) return { error: 'grid increments are zero' };
  // Normalise to rows south → north and columns west → east: position k of the file holds grid point (r, c).
  const lat0 = jPositive ? la1 : la1 - (nj - 1) * dj;
  const lon0 = iNegative ? lo1 - (ni - 1) * di : lo1;
  const order = (k: number) => {
    const i = jConsecutive ? Math.floor(k / nj) : k % ni;
    const j = jConsecutive ? k % nj : Math.floor(k / ni);
    const c = iNegative ? ni - 1 - i : i;
    const r = jPositive ? j : nj - 1 - j;
    return r * ni + c;
  };
  return { grid: { lat0, lon0, dLat: dj, dLon: di, nLat: nj, nLon: ni }, order };
}

/** Section 4: the parameter, its level and its valid time. */
function readProduct(s: Uint8Array, v: DataView, state: MessageState): MessageState['product'] {
  const template = v.getUint16(7);
  const category = s.length > 10 ? s[9]! : null;
  const number = s.length > 10 ? s[10]! : null;
  if (![0, 1, 8, 11].includes(template) || s.length < 34)
    return { category, number, error: `product template 4.${template} is not read` };
  const parameter = PARAMETERS[`${state.discipline}/${category}/${number}`];
  if (!parameter) return { category, number, error: 'a parameter the weather forecasts do not use' };
  const levelType = s[22]!;
  const levelScale = s[23]!;
  const levelRaw = v.getUint32(24);
  const level =
    levelScale === 0xff || levelRaw === MISSING32
      ? Number.NaN
      : signed32(v, 24) * 10 ** -(levelScale & 0x80 ? -(levelScale & 0x7f) : levelScale);
  if (parameter === 'windU' || parameter === 'windV') {
    if (levelType !== 103 || Math.abs(level - 10) > 1e-6)
      return { category, number, error: 'wind not at 10 m above ground' };
  }
  if (parameter === 'currentU' || parameter === 'currentV') {
    const surface = levelType === 1 || levelType === 101 || levelType === 255;
    const shallow = levelType === 160 && (Number.isNaN(level) || level <= 1);
    if (!surface && !shallow) return { category, number, error: 'current not at the sea surface (≤ 1 m)' };
  }
  let validTimeMs: number;
  if (template === 8 || template === 11) {
    const at = template === 8 ? 34 : 37;
    if (s.length < at + 7) throw new GribError('section 4 is shorter than its template');
    validTimeMs = Date.UTC(v.getUint16(at), s[at + 2]! - 1, s[at + 3]!, s[at + 4]!, s[at + 5]!, s[at + 6]!);
  } else {
    const unitMs = TIME_UNIT_MS[s[17]!];
    if (unitMs === undefined)
      return { category, number, error: `forecast time in unit ${s[17]} (code table 4.4)` };
    validTimeMs = state.referenceMs + signed32(v, 18) * unitMs;
  }
  if (!Number.isFinite(validTimeMs)) throw new GribError('the reference or valid time is not a date');
  return { parameter, validTimeMs, category: category!, number: number! };
}

function readBitmap(s: Uint8Array, state: MessageState, messageNo: number): void {
  const indicator = s[5];
  state.bitmapError = undefined;
  if (indicator === 255) state.bitmap = null;
  else if (indicator === 0) state.bitmap = s.subarray(6);
  else if (indicator === 254) {
    if (state.bitmap === undefined)
      throw new GribError(`message ${messageNo}: refers to an earlier bit map that is not there`);
  } else state.bitmapError = `predefined bit map ${indicator}`;
}

function readField(
  s: Uint8Array,
  state: MessageState,
  messageNo: number,
): { field: GribField } | { reason: string } {
  const { grid, product, packing } = state;
  if (!grid || !product || !packing)
    throw new GribError(`message ${messageNo}: data before its sections 3 to 5`);
  if (product.error !== undefined) return { reason: product.error };
  if (grid.error !== undefined) return { reason: grid.error };
  if (state.bitmapError) return { reason: state.bitmapError };
  const total = grid.grid.nLat * grid.grid.nLon;
  const bitmap = state.bitmap ?? null;
  let present = total;
  if (bitmap) {
    if (bitmap.length * 8 < total) throw new GribError(`message ${messageNo}: the bit map is too short`);
    present = 0;
    for (let k = 0; k < total; k++) present += (bitmap[k >> 3]! >> (7 - (k & 7))) & 1;
  }
  if (packing.count !== present)
    throw new GribError(`message ${messageNo}: ${packing.count} values packed for ${present} grid points`);
  let packed: Float64Array;
  const data = s.subarray(5);
  if (packing.template === 0) packed = unpackSimple(packing.bytes, data, present, messageNo);
  else if (packing.template === 2 || packing.template === 3)
    packed = unpackComplex(packing.bytes, data, present, packing.template, messageNo);
  else
    return {
      reason: `packing 5.${packing.template} is not read (simple 5.0 and complex 5.2/5.3 are)`,
    };
  const values = new Float32Array(total).fill(Number.NaN);
  let n = 0;
  for (let k = 0; k < total; k++) {
    if (bitmap && ((bitmap[k >> 3]! >> (7 - (k & 7))) & 1) === 0) continue;
    values[grid.order(k)] = packed[n++]!;
  }
  return {
    field: { parameter: product.parameter, validTimeMs: product.validTimeMs, grid: { ...grid.grid }, values },
  };
}

/** Reads unsigned big-endian integers of any width up to 32 bits from a byte array. */
class BitReader {
  readonly #bytes: Uint8Array;
  #bit = 0;
  readonly #messageNo: number;

  constructor(bytes: Uint8Array, messageNo: number) {
    this.#bytes = bytes;
    this.#messageNo = messageNo;
  }

  read(width: number): number {
    if (width === 0) return 0;
    if (this.#bit + width > this.#bytes.length * 8)
      throw new GribError(`message ${this.#messageNo}: the data section is cut short`);
    let value = 0;
    for (let left = width; left > 0; ) {
      const byte = this.#bytes[this.#bit >> 3]!;
      const offset = this.#bit & 7;
      const take = Math.min(8 - offset, left);
      const bits = (byte >> (8 - offset - take)) & ((1 << take) - 1);
      value = value * 2 ** take + bits;
      left -= take;
      this.#bit += take;
    }
    return value;
  }

  /** A sign-and-magnitude integer of `octets` whole octets. */
  readSigned(octets: number): number {
    const raw = this.read(octets * 8);
    const sign = 2 ** (octets * 8 - 1);
    return raw >= sign ? -(raw - sign) : raw;
  }

  align(): void {
    this.#bit = Math.ceil(this.#bit / 8) * 8;
  }
}

/** R, E, D and the bit width shared by templates 5.0, 5.2 and 5.3 (Y = (R + X·2^E) / 10^D). */
function scaling(s5: Uint8Array) {
  const v = new DataView(s5.buffer, s5.byteOffset, s5.byteLength);
  if (s5.length < 21) throw new GribError('section 5 is shorter than its template');
  return {
    r: v.getFloat32(11),
    e: 2 ** signed16(v, 15),
    d: 10 ** -signed16(v, 17),
    width: s5[19]!,
  };
}

function unpackSimple(s5: Uint8Array, data: Uint8Array, count: number, messageNo: number): Float64Array {
  const { r, e, d, width } = scaling(s5);
  const out = new Float64Array(count);
  // A constant field: every value is R itself, the decimal scale not applied (as ecCodes and NCEP g2clib read it).
  if (width === 0) return out.fill(r);
  const bits = new BitReader(data, messageNo);
  for (let i = 0; i < count; i++) out[i] = (r + bits.read(width) * e) * d;
  return out;
}

/** Templates 5.2 and 5.3 (data templates 7.2 and 7.3), as in NCEP g2clib's comunpack. */
function unpackComplex(
  s5: Uint8Array,
  data: Uint8Array,
  count: number,
  template: number,
  messageNo: number,
): Float64Array {
  const { r, e, d, width } = scaling(s5);
  if (s5.length < (template === 3 ? 49 : 47)) throw new GribError('section 5 is shorter than its template');
  if (width === 0) return new Float64Array(count).fill(r);
  const v = new DataView(s5.buffer, s5.byteOffset, s5.byteLength);
  const missingMode = s5[22]!;
  const groups = v.getUint32(31);
  const widthRef = s5[35]!;
  const widthBits = s5[36]!;
  const lengthRef = v.getUint32(37);
  const lengthInc = s5[41]!;
  const lastLength = v.getUint32(42);
  const lengthBits = s5[46]!;
  const order = template === 3 ? s5[47]! : 0;
  const extraOctets = template === 3 ? s5[48]! : 0;
  if (order > 2) throw new GribError(`message ${messageNo}: spatial differencing of order ${order}`);
  const bits = new BitReader(data, messageNo);
  const firsts: number[] = [];
  let minimum = 0;
  if (order > 0) {
    for (let i = 0; i < order; i++) firsts.push(bits.readSigned(extraOctets));
    minimum = bits.readSigned(extraOctets);
  }
  const refs = new Float64Array(groups);
  for (let g = 0; g < groups; g++) refs[g] = bits.read(width);
  bits.align();
  const widths = new Uint8Array(groups);
  for (let g = 0; g < groups; g++) widths[g] = bits.read(widthBits) + widthRef;
  bits.align();
  const lengths = new Float64Array(groups);
  for (let g = 0; g < groups; g++) lengths[g] = lengthRef + bits.read(lengthBits) * lengthInc;
  bits.align();
  if (groups > 0) lengths[groups - 1] = lastLength;
  let sum = 0;
  for (const l of lengths) sum += l;
  if (sum !== count) throw new GribError(`message ${messageNo}: groups hold ${sum} values, not ${count}`);

  const ints = new Float64Array(count);
  const missing = new Uint8Array(count);
  let n = 0;
  for (let g = 0; g < groups; g++) {
    const w = widths[g]!;
    const ref = refs[g]!;
    const length = lengths[g]!;
    for (let i = 0; i < length; i++, n++) {
      if (w === 0) {
        if (missingMode >= 1 && ref === 2 ** width - 1) missing[n] = 1;
        else if (missingMode === 2 && ref === 2 ** width - 2) missing[n] = 1;
        else ints[n] = ref;
      } else {
        const x = bits.read(w);
        if (missingMode >= 1 && x === 2 ** w - 1) missing[n] = 1;
        else if (missingMode === 2 && x === 2 ** w - 2) missing[n] = 1;
        else ints[n] = ref + x;
      }
    }
  }
  if (order > 0) {
    // Undo the differencing over the values that are present, in order.
    let seen = 0;
    let prev1 = 0;
    let prev2 = 0;
    for (let i = 0; i < count; i++) {
      if (missing[i]) continue;
      let value: number;
      if (seen < order) value = firsts[seen]!;
      else if (order === 1) value = ints[i]! + minimum + prev1;
      else value = ints[i]! + minimum + 2 * prev1 - prev2;
      ints[i] = value;
      prev2 = prev1;
      prev1 = value;
      seen++;
    }
  }
  const out = new Float64Array(count);
  for (let i = 0; i < count; i++) out[i] = missing[i] ? Number.NaN : (r + ints[i]! * e) * d;
  return out;
}
