import type { Kysely } from 'kysely';
import { autoId, autoIdType, realType } from '../portable.ts';

/** Voyage events and what derives from them (voyages, legs, port calls, anchorage/drift periods); simulator state. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('voyage_events')
    .addColumn('id', autoIdType(db), autoId(db))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('time', 'text', (c) => c.notNull())
    .addColumn('voyage_number', 'integer')
    .addColumn('port', 'text')
    .addColumn('place', 'text')
    .addColumn('latitude', realType)
    .addColumn('longitude', realType)
    .addColumn('data', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('source', 'text', (c) => c.notNull())
    .addUniqueConstraint('voyage_events_source_type_time', ['source', 'type', 'time'])
    .execute();
  await db.schema.createIndex('voyage_events_time').on('voyage_events').columns(['time']).execute();

  await db.schema
    .createTable('voyages')
    .addColumn('voyage_number', 'integer', (c) => c.primaryKey())
    .addColumn('departure_port', 'text')
    .addColumn('arrival_port', 'text')
    .addColumn('departure_time', 'text')
    .addColumn('arrival_time', 'text')
    .addColumn('end_time', 'text')
    .addColumn('loading_status', 'integer', (c) => c.notNull())
    .addColumn('distance_nm', realType, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('voyage_legs')
    .addColumn('id', autoIdType(db), autoId(db))
    .addColumn('voyage_number', 'integer', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('from_port', 'text', (c) => c.notNull())
    .addColumn('to_port', 'text')
    .addColumn('departure_time', 'text', (c) => c.notNull())
    .addColumn('arrival_time', 'text')
    .addColumn('distance_nm', realType, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('port_calls')
    .addColumn('id', autoIdType(db), autoId(db))
    .addColumn('voyage_number', 'integer', (c) => c.notNull())
    .addColumn('port', 'text', (c) => c.notNull())
    .addColumn('arrival_time', 'text', (c) => c.notNull())
    .addColumn('departure_time', 'text')
    .execute();

  await db.schema
    .createTable('voyage_periods')
    .addColumn('id', autoIdType(db), autoId(db))
    .addColumn('voyage_number', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('start_time', 'text', (c) => c.notNull())
    .addColumn('end_time', 'text')
    .addColumn('latitude', realType)
    .addColumn('longitude', realType)
    .addColumn('place', 'text')
    .addColumn('purpose', 'text')
    .execute();

  await db.schema
    .createTable('simulator_state')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
}
