import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { WeatherFieldsTable, WeatherForecastsTable } from '../../db/tables/weather.ts';
import type { GribField, WeatherParameter } from './grib.ts';

export type ForecastRow = Selectable<WeatherForecastsTable>;
export type NewForecast = Omit<ForecastRow, 'id'>;

/** A stored field with its forecast, as the service interpolates it. */
export interface StoredField extends GribField {
  forecastId: number;
}

/** Imported GRIB2 forecast files and their fields; grids are Float32 little-endian as base64 text. */
export class WeatherRepository {
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  /** Stores a file and all its fields in one transaction; returns the file's id. */
  async insert(forecast: NewForecast, fields: readonly GribField[]): Promise<number> {
    return this.#db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('weather_forecasts')
        .values(forecast)
        .returning('id')
        .executeTakeFirstOrThrow();
      const id = Number(row.id);
      // A few fields per statement: a global grid's text is megabytes.
      for (let i = 0; i < fields.length; i += 8) {
        await trx
          .insertInto('weather_fields')
          .values(fields.slice(i, i + 8).map((f) => toRow(id, f)))
          .execute();
      }
      return id;
    });
  }

  /** Newest import first. */
  async list(): Promise<ForecastRow[]> {
    const rows = await this.#db.selectFrom('weather_forecasts').selectAll().orderBy('id', 'desc').execute();
    return rows.map((r) => ({ ...r, id: Number(r.id) }));
  }

  async hasFolderKey(key: string): Promise<boolean> {
    const row = await this.#db
      .selectFrom('weather_forecasts')
      .select('id')
      .where('folder_key', '=', key)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Deletes a file and its fields; false when there was none. */
  async remove(id: number): Promise<boolean> {
    return this.#db.transaction().execute(async (trx) => {
      await trx.deleteFrom('weather_fields').where('forecast_id', '=', id).execute();
      const result = await trx.deleteFrom('weather_forecasts').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    });
  }

  /** Every stored field (the service keeps them in memory: forecasts are small boxes along a route). */
  async fields(): Promise<StoredField[]> {
    const rows = await this.#db.selectFrom('weather_fields').selectAll().orderBy('id').execute();
    return rows.map(fromRow);
  }
}

function toRow(forecastId: number, f: GribField): Omit<Selectable<WeatherFieldsTable>, 'id'> {
  const bytes = new Uint8Array(f.values.length * 4);
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < f.values.length; i++) view.setFloat32(i * 4, f.values[i]!, true);
  return {
    forecast_id: forecastId,
    parameter: f.parameter,
    valid_time: new Date(f.validTimeMs).toISOString(),
    lat0: f.grid.lat0,
    lon0: f.grid.lon0,
    d_lat: f.grid.dLat,
    d_lon: f.grid.dLon,
    n_lat: f.grid.nLat,
    n_lon: f.grid.nLon,
    grid_values: Buffer.from(bytes).toString('base64'),
  };
}

function fromRow(r: Selectable<WeatherFieldsTable>): StoredField {
  const bytes = Buffer.from(r.grid_values, 'base64');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const values = new Float32Array(bytes.byteLength / 4);
  for (let i = 0; i < values.length; i++) values[i] = view.getFloat32(i * 4, true);
  return {
    forecastId: Number(r.forecast_id),
    parameter: r.parameter as WeatherParameter,
    validTimeMs: Date.parse(r.valid_time),
    grid: {
      lat0: r.lat0,
      lon0: r.lon0,
      dLat: r.d_lat,
      dLon: r.d_lon,
      nLat: Number(r.n_lat),
      nLon: Number(r.n_lon),
    },
    values,
  };
}
