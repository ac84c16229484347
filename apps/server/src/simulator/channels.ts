import { CHANNEL, channelById } from '@ecohelm/domain';

/**
 * The channels the simulator writes: every catalogue channel but the magnetic heading, by their short names
 * (`CHANNEL` of `@ecohelm/domain`).
 * Order defines the index into the model's per-minute value row.
 */
const { headingMagnetic: _notSimulated, ...defs } = CHANNEL;

export type ChannelKey = keyof typeof defs;
export const CHANNEL_KEYS = Object.keys(defs) as ChannelKey[];
/** Catalogue id of each index. */
export const CHANNEL_IDS: readonly string[] = CHANNEL_KEYS.map((k) => defs[k]);
/** Index of each short name in a value row. */
export const CH = Object.fromEntries(CHANNEL_KEYS.map((k, i) => [k, i])) as Record<ChannelKey, number>;
export const CHANNEL_COUNT = CHANNEL_KEYS.length;

/** Angles (rad) that wrap: interpolate them the short way round. */
export const CIRCULAR = new Set<number>([
  CH.cog,
  CH.heading,
  CH.windDirTrue,
  CH.waveDir,
  CH.swellDir,
  CH.currentSet,
]);
/** Booleans: never interpolated. */
export const BOOLEAN = new Set<number>([CH.ge1Run, CH.ge2Run, CH.ge3Run, CH.b1Run, CH.b2Run]);

/**
 * Channels written at every minute of the history backfill: what the overview, fuel, CII, voyage and
 * hull-performance screens read over a year. The rest are written every 30 minutes in the backfill and
 * every second live.
 */
export const KEY_CHANNELS: readonly number[] = [
  CH.lat,
  CH.lon,
  CH.sog,
  CH.stw,
  CH.heading,
  CH.windSpeedTrue,
  CH.meRev,
  CH.mePower,
  CH.meFuelHfo,
  CH.meFuelMgo,
];

/** Fails fast when the catalogue renames a channel the simulator writes. */
export function assertChannelsInCatalogue(): void {
  const missing = CHANNEL_IDS.filter((id) => !channelById(id));
  if (missing.length) throw new Error(`Simulator channels missing from the catalogue: ${missing.join(', ')}`);
}
