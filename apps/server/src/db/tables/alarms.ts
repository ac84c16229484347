import type { Generated, Selectable } from 'kysely';

/** Tables of the alarms feature (migration 0009-alarms). Times are ISO-8601 UTC strings; values SI. */
export interface AlarmTables {
  alarms: AlarmsTable;
  alarm_events: AlarmEventsTable;
  alarm_reads: AlarmReadsTable;
  alarm_limits: AlarmLimitsTable;
}

export interface AlarmsTable {
  id: Generated<number>;
  key: string;
  category: string;
  condition: string;
  equipment: string;
  channel: string | null;
  priority: string;
  state: string;
  /** 0/1 on both dialects. */
  escalated: number;
  raised_at: string;
  updated_at: string;
  acknowledged_at: string | null;
  acknowledged_by: string | null;
  cleared_at: string | null;
  silenced_until: string | null;
  unack_since: string | null;
  value: number | null;
  limit_value: number | null;
}

export interface AlarmEventsTable {
  id: Generated<number>;
  alarm_id: number;
  at: string;
  event: string;
  from_state: string | null;
  to_state: string;
  source: string;
  device_code: string | null;
  value: number | null;
}

export interface AlarmReadsTable {
  alarm_id: number;
  device_id: string;
  read_at: string;
}

/** The crew's limits of a channel (SI); channels without a row use the catalogue defaults. */
export interface AlarmLimitsTable {
  channel: string;
  lowlow: number | null;
  low: number | null;
  high: number | null;
  highhigh: number | null;
  hysteresis: number;
  delay_s: number;
  enabled: number;
  updated_at: string;
  updated_by: string | null;
}

/** A stored alarm as read (the shore reads the ship's rows in this shape too). */
export type AlarmRow = Selectable<AlarmsTable>;
