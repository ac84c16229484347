import type { Generated } from 'kysely';

/** Tables of the voyages feature (migration 0003-voyages). Times are ISO-8601 UTC strings. */
export interface VoyageTables {
  voyage_events: VoyageEventsTable;
  voyages: VoyagesTable;
  voyage_legs: VoyageLegsTable;
  port_calls: PortCallsTable;
  voyage_periods: VoyagePeriodsTable;
  simulator_state: { key: string; value: string };
}

export interface VoyageEventsTable {
  id: Generated<number>;
  type: string;
  time: string;
  voyage_number: number | null;
  port: string | null;
  place: string | null;
  latitude: number | null;
  longitude: number | null;
  /** JSON object with type-specific details. */
  data: string;
  source: string;
}

export interface VoyagesTable {
  voyage_number: number;
  departure_port: string | null;
  arrival_port: string | null;
  departure_time: string | null;
  arrival_time: string | null;
  end_time: string | null;
  loading_status: number;
  distance_nm: number;
}

export interface VoyageLegsTable {
  id: Generated<number>;
  voyage_number: number;
  seq: number;
  from_port: string;
  to_port: string | null;
  departure_time: string;
  arrival_time: string | null;
  distance_nm: number;
}

export interface PortCallsTable {
  id: Generated<number>;
  voyage_number: number;
  port: string;
  arrival_time: string;
  departure_time: string | null;
}

export interface VoyagePeriodsTable {
  id: Generated<number>;
  voyage_number: number;
  kind: 'anchorage' | 'drift';
  start_time: string;
  end_time: string | null;
  latitude: number | null;
  longitude: number | null;
  place: string | null;
  purpose: string | null;
}
