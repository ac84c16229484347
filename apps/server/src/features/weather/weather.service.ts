import { mkdir, readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import {
  GRIB_DAMAGED_MESSAGE,
  type WeatherForecast,
  type WeatherImportResponse,
  weatherParameterSchema,
} from '@ecohelm/contracts';
import type { AppConfig } from '../../platform/config.ts';
import { notFound, validationFailed } from '../../platform/errors.ts';
import { decodeGrib2, GribError, type GribField, type GribGrid, type WeatherParameter } from './grib.ts';
import type { ForecastRow, StoredField, WeatherRepository } from './weather.repository.ts';

/**
 * Forecast weather at one place and time. Directions are radians clockwise from true north: wind and swell where
 * they come FROM, the current where it sets (flows) TO. A quantity the file does not have is absent.
 */
export interface ForecastWeather {
  windSpeedMs?: number;
  windFromRad?: number;
  waveHsM?: number;
  swellHsM?: number;
  swellPeriodS?: number;
  swellFromRad?: number;
  currentMs?: number;
  currentSetRad?: number;
}

export type ForecastSource = 'upload' | 'folder';

/** What the folder watch logs through (the app's logger fits). */
export interface WeatherLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** The watched GRIB folder: `ECOHELM_GRIB_DIR`, default `<data dir>/grib`. */
export function gribFolderOf(
  config: Pick<AppConfig, 'dataDir'>,
  env: NodeJS.ProcessEnv = process.env,
): string {
  return path.resolve(env.ECOHELM_GRIB_DIR || path.join(config.dataDir, 'grib'));
}

const GRIB_FILE = /\.(grb2|grib2|grb)$/i;
const TWO_PI = 2 * Math.PI;
const DEG = Math.PI / 180;
const PARAMETER_ORDER = weatherParameterSchema.options;

/** One imported file in memory: each parameter's fields in time order. */
interface CachedForecast {
  id: number;
  validFrom: number;
  validTo: number;
  series: Map<WeatherParameter, GribField[]>;
}

/**
 * Offline weather forecasts from GRIB2 files (uploaded, or dropped in a watched folder), and the forecast weather
 * at a place and time for the speed optimiser: bilinear in space, linear in time between the two valid times
 * around it, from the newest imported file that covers the place and time.
 */
export class WeatherService {
  readonly #repo: WeatherRepository;
  readonly #now: () => number;
  readonly #log: WeatherLog | undefined;
  /** Newest import first; undefined until {@link load}. */
  #cache: CachedForecast[] | undefined;
  #polling: Promise<void> | undefined;
  /** Folder files (name|size|mtime) that failed to import, so a damaged file is not read every minute. */
  readonly #failed = new Set<string>();

  constructor(repo: WeatherRepository, options: { now?: () => number; log?: WeatherLog } = {}) {
    this.#repo = repo;
    this.#now = options.now ?? Date.now;
    this.#log = options.log;
  }

  /** Reads the stored fields into memory; {@link at} answers from there. */
  async load(): Promise<void> {
    const byForecast = new Map<number, StoredField[]>();
    for (const f of await this.#repo.fields()) {
      const list = byForecast.get(f.forecastId) ?? [];
      list.push(f);
      byForecast.set(f.forecastId, list);
    }
    this.#cache = [...byForecast].map(([id, fields]) => cached(id, fields)).sort((a, b) => b.id - a.id);
  }

  /**
   * Decodes and stores a GRIB2 file. A file that is not GRIB2 or is damaged, or has no field used, is refused
   * (400) and nothing is stored; messages of other parameters, levels or packings are skipped and listed.
   */
  async importGrib(
    buffer: Uint8Array,
    fileName: string,
    source: ForecastSource,
    by: string | null,
    options: { folderKey?: string } = {},
  ): Promise<WeatherImportResponse> {
    let decoded: ReturnType<typeof decodeGrib2>;
    try {
      decoded = decodeGrib2(buffer);
    } catch (error) {
      if (!(error instanceof GribError)) throw error;
      throw validationFailed(`${GRIB_DAMAGED_MESSAGE}: ${error.message}`, [
        { path: 'body', message: error.message },
      ]);
    }
    const { fields, skipped } = decoded;
    if (fields.length === 0) {
      throw validationFailed(
        'This GRIB2 file has no field the weather forecasts use (10 m wind, waves, swell, surface current).',
        skipped.slice(0, 10).map((s) => ({ path: `message ${s.message}`, message: s.reason })),
      );
    }
    const times = fields.map((f) => f.validTimeMs);
    const boxes = fields.map((f) => box(f.grid));
    const row: Omit<ForecastRow, 'id'> = {
      file_name: fileName,
      imported_at: new Date(this.#now()).toISOString(),
      imported_by: by,
      source,
      folder_key: options.folderKey ?? null,
      field_count: fields.length,
      parameters: PARAMETER_ORDER.filter((p) => fields.some((f) => f.parameter === p)).join(','),
      valid_from: new Date(Math.min(...times)).toISOString(),
      valid_to: new Date(Math.max(...times)).toISOString(),
      lat_south: Math.min(...boxes.map((b) => b.south)),
      lat_north: Math.max(...boxes.map((b) => b.north)),
      lon_west: Math.min(...boxes.map((b) => b.west)),
      lon_east: Math.max(...boxes.map((b) => b.east)),
    };
    const id = await this.#repo.insert(row, fields);
    if (this.#cache) this.#cache = [cached(id, fields), ...this.#cache.filter((c) => c.id !== id)];
    return { ...toDto({ ...row, id }), skipped };
  }

  /** Imported files, newest first. */
  async list(): Promise<WeatherForecast[]> {
    return (await this.#repo.list()).map(toDto);
  }

  async remove(id: number): Promise<void> {
    if (!(await this.#repo.remove(id))) throw notFound('No weather forecast with that id.');
    if (this.#cache) this.#cache = this.#cache.filter((c) => c.id !== id);
  }

  /**
   * The forecast weather at a position (degrees, longitude −180..180 or 0..360) and time (epoch ms), from the newest
   * imported file with a value there; undefined when none covers it (or before {@link load}).
   */
  at(lat: number, lon: number, tMs: number): ForecastWeather | undefined {
    for (const forecast of this.#cache ?? []) {
      if (tMs < forecast.validFrom || tMs > forecast.validTo) continue;
      const value = (p: WeatherParameter) => sample(forecast.series.get(p), lat, lon, tMs, p === 'swellDir');
      const u = value('windU');
      const v = value('windV');
      const hs = value('waveHs');
      const swellHs = value('swellHs');
      const swellPeriod = value('swellPeriod');
      const swellDir = value('swellDir');
      const cu = value('currentU');
      const cv = value('currentV');
      const out: ForecastWeather = {};
      if (u !== undefined && v !== undefined) {
        out.windSpeedMs = Math.hypot(u, v);
        // u, v are the components the wind blows towards; it comes from the opposite side.
        out.windFromRad = angle(Math.atan2(-u, -v));
      }
      if (hs !== undefined) out.waveHsM = hs;
      if (swellHs !== undefined) out.swellHsM = swellHs;
      if (swellPeriod !== undefined) out.swellPeriodS = swellPeriod;
      if (swellDir !== undefined) out.swellFromRad = angle(swellDir * DEG);
      if (cu !== undefined && cv !== undefined) {
        out.currentMs = Math.hypot(cu, cv);
        out.currentSetRad = angle(Math.atan2(cu, cv));
      }
      if (Object.keys(out).length > 0) return out;
    }
    return undefined;
  }

  /**
   * One reading of a folder for GRIB files (`*.grb2`, `*.grib2`, `*.grb`), made when missing; the `weather.grib-folder`
   * job reads it every minute. Each new file (by name, size and modification time) is imported once with source
   * `folder`; one that fails is logged and not tried again unchanged. Never two readings at once.
   */
  pollFolder(dir: string): Promise<void> {
    this.#polling ??= this.#poll(dir).finally(() => {
      this.#polling = undefined;
    });
    return this.#polling;
  }

  async #poll(dir: string): Promise<void> {
    let names: string[];
    await mkdir(dir, { recursive: true }).catch(() => undefined);
    try {
      names = (await readdir(dir)).filter((n) => GRIB_FILE.test(n)).sort();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
        this.#log?.warn({ err: error, dir }, 'cannot read the GRIB folder');
      return;
    }
    for (const name of names) {
      const file = path.join(dir, name);
      try {
        const s = await stat(file);
        if (!s.isFile()) continue;
        const key = `${name}|${s.size}|${Math.round(s.mtimeMs)}`;
        if (this.#failed.has(key) || (await this.#repo.hasFolderKey(key))) continue;
        try {
          const result = await this.importGrib(await readFile(file), name, 'folder', null, {
            folderKey: key,
          });
          this.#log?.info(
            { file, fields: result.fieldCount },
            'weather forecast imported from the GRIB folder',
          );
        } catch (error) {
          this.#failed.add(key);
          this.#log?.warn({ file, reason: (error as Error).message }, 'GRIB file in the folder not imported');
        }
      } catch (error) {
        this.#log?.error({ err: error, file }, 'reading the GRIB folder failed');
      }
    }
  }
}

/** Normalises an angle to [0, 2π). */
const angle = (rad: number) => ((rad % TWO_PI) + TWO_PI) % TWO_PI;

function cached(id: number, fields: readonly GribField[]): CachedForecast {
  const series = new Map<WeatherParameter, GribField[]>();
  for (const f of fields) series.set(f.parameter, [...(series.get(f.parameter) ?? []), f]);
  for (const list of series.values()) list.sort((a, b) => a.validTimeMs - b.validTimeMs);
  const times = fields.map((f) => f.validTimeMs);
  return { id, validFrom: Math.min(...times), validTo: Math.max(...times), series };
}

/** A parameter at (lat, lon, t): linear in time between the two valid times around t, bilinear in space. */
function sample(
  series: readonly GribField[] | undefined,
  lat: number,
  lon: number,
  tMs: number,
  isAngle: boolean,
): number | undefined {
  if (!series || series.length === 0) return undefined;
  const last = series.length - 1;
  if (tMs < series[0]!.validTimeMs || tMs > series[last]!.validTimeMs) return undefined;
  let i = 0;
  while (i < last && series[i + 1]!.validTimeMs <= tMs) i++;
  const a = series[i]!;
  const b = series[Math.min(i + 1, last)]!;
  const w = b.validTimeMs > a.validTimeMs ? (tMs - a.validTimeMs) / (b.validTimeMs - a.validTimeMs) : 0;
  const parts: [GribField, number][] =
    w === 0
      ? [[a, 1]]
      : [
          [a, 1 - w],
          [b, w],
        ];
  if (isAngle) {
    // Directions are averaged as unit vectors, so 350° and 10° give 0°, not 180°.
    let sin = 0;
    let cos = 0;
    for (const [field, weight] of parts) {
      const s = bilinear(field, lat, lon, (x) => Math.sin(x * DEG));
      const c = bilinear(field, lat, lon, (x) => Math.cos(x * DEG));
      if (s === undefined || c === undefined) return undefined;
      sin += weight * s;
      cos += weight * c;
    }
    return angle(Math.atan2(sin, cos)) / DEG;
  }
  let sum = 0;
  for (const [field, weight] of parts) {
    const x = bilinear(field, lat, lon, (v) => v);
    if (x === undefined) return undefined;
    sum += weight * x;
  }
  return sum;
}

const EPS = 1e-9;

/**
 * Bilinear interpolation on a field's grid; undefined outside the grid or when a grid point it weighs is missing.
 * Longitudes are compared modulo 360, so a 0..360 grid answers −180..180 positions; a global grid wraps.
 */
function bilinear(
  field: GribField,
  lat: number,
  lon: number,
  map: (v: number) => number,
): number | undefined {
  const { lat0, lon0, dLat, dLon, nLat, nLon } = field.grid;
  const global = Math.abs(nLon * dLon - 360) < 1e-6;
  const xs = cell(((((lon - lon0) % 360) + 360) % 360) / dLon, nLon, global);
  const ys = cell((lat - lat0) / dLat, nLat, false);
  if (!xs || !ys) return undefined;
  const [x0, x1, fx] = xs;
  const [y0, y1, fy] = ys;
  let sum = 0;
  for (const [r, c, weight] of [
    [y0, x0, (1 - fx) * (1 - fy)],
    [y0, x1, fx * (1 - fy)],
    [y1, x0, (1 - fx) * fy],
    [y1, x1, fx * fy],
  ] as const) {
    if (weight === 0) continue;
    const v = field.values[r * nLon + c]!;
    if (Number.isNaN(v)) return undefined;
    sum += weight * map(v);
  }
  return sum;
}

/** The two grid indexes around a fractional index and the weight of the second; undefined outside the grid. */
function cell(index: number, n: number, wraps: boolean): [number, number, number] | undefined {
  let i0 = Math.floor(index);
  let f = index - i0;
  if (f < EPS) f = 0;
  else if (1 - f < EPS) {
    i0 += 1;
    f = 0;
  }
  if (i0 < 0) return undefined;
  if (i0 > n - 1) {
    if (wraps && i0 === n) i0 = 0;
    else return undefined;
  }
  if (f === 0) return [i0, i0, 0];
  if (i0 + 1 <= n - 1) return [i0, i0 + 1, f];
  return wraps ? [i0, 0, f] : undefined;
}

function box(grid: GribGrid): { south: number; north: number; west: number; east: number } {
  const west = ((((grid.lon0 + 180) % 360) + 360) % 360) - 180;
  return {
    south: grid.lat0,
    north: grid.lat0 + (grid.nLat - 1) * grid.dLat,
    west,
    east: west + (grid.nLon - 1) * grid.dLon,
  };
}

function toDto(r: ForecastRow): WeatherForecast {
  return {
    id: Number(r.id),
    fileName: r.file_name,
    importedAt: r.imported_at,
    importedBy: r.imported_by,
    source: r.source,
    fieldCount: Number(r.field_count),
    parameters: r.parameters.split(',').filter(Boolean) as WeatherParameter[],
    validFrom: r.valid_from,
    validTo: r.valid_to,
    bbox: { south: r.lat_south, north: r.lat_north, west: r.lon_west, east: r.lon_east },
  };
}
