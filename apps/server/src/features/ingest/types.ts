export type { Sample, SampleSink } from '../telemetry/index.ts';

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
