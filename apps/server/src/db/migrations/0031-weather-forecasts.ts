import type { Kysely } from 'kysely';
import { autoId, autoIdType, realType } from '../portable.ts';

/** Imported GRIB2 weather forecasts and their decoded fields (grids as base64 Float32 text on both dialects). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('weather_forecasts')
    .addColumn('id', autoIdType(db), autoId(db))
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('imported_at', 'text', (c) => c.notNull())
    .addColumn('imported_by', 'text')
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('folder_key', 'text')
    .addColumn('field_count', 'integer', (c) => c.notNull())
    .addColumn('parameters', 'text', (c) => c.notNull())
    .addColumn('valid_from', 'text', (c) => c.notNull())
    .addColumn('valid_to', 'text', (c) => c.notNull())
    .addColumn('lat_south', realType, (c) => c.notNull())
    .addColumn('lat_north', realType, (c) => c.notNull())
    .addColumn('lon_west', realType, (c) => c.notNull())
    .addColumn('lon_east', realType, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('weather_fields')
    .addColumn('id', autoIdType(db), autoId(db))
    .addColumn('forecast_id', 'integer', (c) => c.notNull())
    .addColumn('parameter', 'text', (c) => c.notNull())
    .addColumn('valid_time', 'text', (c) => c.notNull())
    .addColumn('lat0', realType, (c) => c.notNull())
    .addColumn('lon0', realType, (c) => c.notNull())
    .addColumn('d_lat', realType, (c) => c.notNull())
    .addColumn('d_lon', realType, (c) => c.notNull())
    .addColumn('n_lat', 'integer', (c) => c.notNull())
    .addColumn('n_lon', 'integer', (c) => c.notNull())
    .addColumn('grid_values', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('weather_fields_forecast').on('weather_fields').column('forecast_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('weather_fields').ifExists().execute();
  await db.schema.dropTable('weather_forecasts').ifExists().execute();
}
