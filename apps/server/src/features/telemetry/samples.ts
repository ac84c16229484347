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

/** Where validated samples go. Implemented by the store; `write` resolves once durable. */
export interface SampleSink {
  write(source: string, samples: readonly Sample[]): Promise<void>;
}
