import type { Migration } from 'kysely/migration';
import * as m0001 from './0001-devices.ts';
import * as m0002 from './0002-telemetry.ts';
import * as m0003 from './0003-voyages.ts';
import * as m0004 from './0004-records.ts';
import * as m0005 from './0005-ship.ts';
import * as m0006 from './0006-filling.ts';
import * as m0007 from './0007-device-settings.ts';
import * as m0009 from './0009-alarms.ts';
import * as m0026 from './0026-hull-cleaning-kind.ts';
import * as m0027 from './0027-trim-tables.ts';
import * as m0028 from './0028-load-settings.ts';
import * as m0029 from './0029-eca.ts';
import * as m0030 from './0030-equipment-parameters.ts';
import * as m0031 from './0031-weather-forecasts.ts';
import * as m0032 from './0032-speed.ts';
import * as m0033 from './0033-telemetry-chunks.ts';
import * as m0034 from './0034-sync.ts';
import * as m0035 from './0035-users.ts';
import * as m0036 from './0036-fleet-rollups-received.ts';
import * as m0037 from './0037-audit.ts';
import * as m0038 from './0038-fleet-intake.ts';
import * as m0039 from './0039-fueleu-flexibility.ts';
import * as m0040 from './0040-rollup-autovacuum.ts';

/**
 * Every migration, in order. Names sort by their number; a feature adds its file here.
 * The same migrations run on SQLite and PostgreSQL, so they use only portable column types
 * (text, integer, 'double precision'; `autoId`/`isSqlite` from ../portable.ts where dialects differ).
 */
export const migrations: Record<string, Migration> = {
  '0001-devices': m0001,
  '0002-telemetry': m0002,
  '0003-voyages': m0003,
  '0004-records': m0004,
  '0005-ship': m0005,
  '0006-filling': m0006,
  '0007-device-settings': m0007,
  '0009-alarms': m0009,
  '0026-hull-cleaning-kind': m0026,
  '0027-trim-tables': m0027,
  '0028-load-settings': m0028,
  '0029-eca': m0029,
  '0030-equipment-parameters': m0030,
  '0031-weather-forecasts': m0031,
  '0032-speed': m0032,
  '0033-telemetry-chunks': m0033,
  '0034-sync': m0034,
  '0035-users': m0035,
  '0036-fleet-rollups-received': m0036,
  '0037-audit': m0037,
  '0038-fleet-intake': m0038,
  '0039-fueleu-flexibility': m0039,
  '0040-rollup-autovacuum': m0040,
};
