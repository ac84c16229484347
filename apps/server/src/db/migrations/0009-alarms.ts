import type { Kysely } from 'kysely';
import { autoId, autoIdType, realType } from '../portable.ts';

/**
 * Alarms (one row per alert, its current state), every transition of each (the complete history),
 * the per-device read marks of the message center, and the crew's alarm-limit settings per channel.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('alarms')
    .addColumn('id', autoIdType(db), autoId(db))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('condition', 'text', (c) => c.notNull())
    .addColumn('equipment', 'text', (c) => c.notNull())
    .addColumn('channel', 'text')
    .addColumn('priority', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('escalated', 'integer', (c) => c.notNull())
    .addColumn('raised_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('acknowledged_at', 'text')
    .addColumn('acknowledged_by', 'text')
    .addColumn('cleared_at', 'text')
    .addColumn('silenced_until', 'text')
    .addColumn('unack_since', 'text')
    .addColumn('value', realType)
    .addColumn('limit_value', realType)
    .execute();
  await db.schema.createIndex('alarms_raised_at').on('alarms').columns(['raised_at']).execute();
  await db.schema.createIndex('alarms_state').on('alarms').columns(['state']).execute();
  await db.schema
    .createTable('alarm_events')
    .addColumn('id', autoIdType(db), autoId(db))
    .addColumn('alarm_id', 'integer', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('from_state', 'text')
    .addColumn('to_state', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('device_code', 'text')
    .addColumn('value', realType)
    .execute();
  await db.schema.createIndex('alarm_events_alarm').on('alarm_events').columns(['alarm_id', 'at']).execute();
  await db.schema
    .createTable('alarm_reads')
    .addColumn('alarm_id', 'integer', (c) => c.notNull())
    .addColumn('device_id', 'text', (c) => c.notNull())
    .addColumn('read_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('alarm_reads_pk', ['alarm_id', 'device_id'])
    .execute();
  await db.schema
    .createTable('alarm_limits')
    .addColumn('channel', 'text', (c) => c.primaryKey())
    .addColumn('lowlow', realType)
    .addColumn('low', realType)
    .addColumn('high', realType)
    .addColumn('highhigh', realType)
    .addColumn('hysteresis', realType, (c) => c.notNull())
    .addColumn('delay_s', 'integer', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'text')
    .execute();
}
