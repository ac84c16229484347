import type { Generated } from 'kysely';

/** An imported GRIB2 forecast file; its fields are rows of `weather_fields`. */
export interface WeatherForecastsTable {
  id: Generated<number>;
  file_name: string;
  imported_at: string;
  imported_by: string | null;
  /** `upload` (through the API) or `folder` (the watched GRIB folder). */
  source: 'upload' | 'folder';
  /** For `folder` imports: `name|size|mtimeMs` of the file, so it is imported once. */
  folder_key: string | null;
  field_count: number;
  /** Comma-separated parameters present (`windU,windV,…`). */
  parameters: string;
  valid_from: string;
  valid_to: string;
  /** Bounding box, degrees; `lon_west` in −180..180, `lon_east` = west + span (may pass 180). */
  lat_south: number;
  lat_north: number;
  lon_west: number;
  lon_east: number;
}

/** One decoded field on a regular lat/lon grid (rows south → north, columns west → east). */
export interface WeatherFieldsTable {
  id: Generated<number>;
  forecast_id: number;
  parameter: string;
  valid_time: string;
  lat0: number;
  lon0: number;
  d_lat: number;
  d_lon: number;
  n_lat: number;
  n_lon: number;
  /** The grid's values as Float32 little-endian, base64 (NaN where missing): portable text on both stores. */
  grid_values: string;
}

export interface WeatherTables {
  weather_forecasts: WeatherForecastsTable;
  weather_fields: WeatherFieldsTable;
}
