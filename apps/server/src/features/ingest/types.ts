/**
 * The one shape every ingest adapter (NMEA 0183, Signal K, MQTT, CSV) and the simulator
 * produce. Values are in the channel's SI unit (Signal K convention); `t` is epoch ms UTC.
 */
export interface Sample {
  /** Channel id, a Signal K path where one exists, e.g. `navigation.speedOverGround`. */
  channel: string;
  t: number;
  value: number;
}

/** Why a sample or sentence was dropped; counted per source and reason. */
export type RejectReason =
  | 'malformed'
  | 'bad_checksum'
  | 'unknown_path'
  | 'out_of_range'
  | 'not_a_number'
  | 'empty_value'
  | 'unsupported_sentence'
  | 'store_failed'
  | 'disk_full'
  /** Stamped later than the ship clock allows or earlier than the raw window. */
  | 'out_of_time'
  /** A boolean, string or object where the channel takes a number. */
  | 'wrong_type'
  /** Another source holds the path (priority or fresher data). */
  | 'lower_priority'
  /** An NMEA 2000 PGN we have no decoder for (proprietary PGNs). */
  | 'unsupported_pgn'
  /** A second value of a channel at a millisecond already taken. */
  | 'duplicate_time';

/** Where validated samples go. Implemented by the store; `write` resolves once durable. */
export interface SampleSink {
  write(source: string, samples: readonly Sample[]): Promise<void>;
}
