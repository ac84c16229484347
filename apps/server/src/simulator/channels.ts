import { channelById } from '@ecohelm/domain';

/**
 * The channels the simulator writes, by short name → catalogue id (`@ecohelm/domain` channels).
 * Order defines the index into the model's per-minute value row.
 */
const defs = {
  lat: 'navigation.position.latitude',
  lon: 'navigation.position.longitude',
  sog: 'navigation.speedOverGround',
  stw: 'navigation.speedThroughWater',
  cog: 'navigation.courseOverGroundTrue',
  heading: 'navigation.headingTrue',
  rot: 'navigation.rateOfTurn',
  heel: 'navigation.attitude.roll',
  pitch: 'navigation.attitude.pitch',
  trim: 'navigation.trim',
  draftFore: 'navigation.draft.fore',
  draftAft: 'navigation.draft.aft',
  draftPort: 'navigation.draft.port',
  draftStbd: 'navigation.draft.starboard',
  rudder: 'steering.rudderAngle',
  depthTransducer: 'environment.depth.belowTransducer',
  depthSurface: 'environment.depth.belowSurface',
  ukc: 'environment.depth.belowKeel',
  windSpeedTrue: 'environment.wind.speedTrue',
  windAngleTrue: 'environment.wind.angleTrueWater',
  windDirTrue: 'environment.wind.directionTrue',
  windSpeedApp: 'environment.wind.speedApparent',
  windAngleApp: 'environment.wind.angleApparent',
  waveHs: 'environment.wave.significantHeight',
  waveDir: 'environment.wave.directionTrue',
  wavePeriod: 'environment.wave.period',
  swellHs: 'environment.swell.significantHeight',
  swellDir: 'environment.swell.directionTrue',
  swellPeriod: 'environment.swell.period',
  currentDrift: 'environment.current.drift',
  currentSet: 'environment.current.setTrue',
  airTemp: 'environment.outside.temperature',
  airPressure: 'environment.outside.pressure',
  seaTemp: 'environment.water.temperature',
  meRev: 'propulsion.main.revolutions',
  meLoad: 'propulsion.main.engineLoad',
  mePower: 'propulsion.main.shaftPower',
  meTorque: 'propulsion.main.shaftTorque',
  meFuelHfo: 'propulsion.main.fuel.hfo.massFlow',
  meFuelLfo: 'propulsion.main.fuel.lfo.massFlow',
  meFuelMgo: 'propulsion.main.fuel.mgo.massFlow',
  meRack: 'propulsion.main.fuelRack',
  meScav: 'propulsion.main.scavengeAirPressure',
  meTc: 'propulsion.main.turbocharger.revolutions',
  meCyl1: 'propulsion.main.cylinders.1.exhaustTemperature',
  meCyl2: 'propulsion.main.cylinders.2.exhaustTemperature',
  meCyl3: 'propulsion.main.cylinders.3.exhaustTemperature',
  meCyl4: 'propulsion.main.cylinders.4.exhaustTemperature',
  meCyl5: 'propulsion.main.cylinders.5.exhaustTemperature',
  meCyl6: 'propulsion.main.cylinders.6.exhaustTemperature',
  meExhTc: 'propulsion.main.exhaustTemperature',
  meJwTemp: 'propulsion.main.coolantTemperature',
  meJwPress: 'propulsion.main.coolantPressure',
  meLoTemp: 'propulsion.main.oilTemperature',
  meLoPress: 'propulsion.main.oilPressure',
  ge1Run: 'electrical.generators.ge1.running',
  ge1Power: 'electrical.generators.ge1.realPower',
  ge1Fuel: 'electrical.generators.ge1.fuel.massFlow',
  ge1Sfoc: 'electrical.generators.ge1.sfoc',
  ge1Exh: 'electrical.generators.ge1.exhaustTemperature',
  ge2Run: 'electrical.generators.ge2.running',
  ge2Power: 'electrical.generators.ge2.realPower',
  ge2Fuel: 'electrical.generators.ge2.fuel.massFlow',
  ge2Sfoc: 'electrical.generators.ge2.sfoc',
  ge2Exh: 'electrical.generators.ge2.exhaustTemperature',
  ge3Run: 'electrical.generators.ge3.running',
  ge3Power: 'electrical.generators.ge3.realPower',
  ge3Fuel: 'electrical.generators.ge3.fuel.massFlow',
  ge3Sfoc: 'electrical.generators.ge3.sfoc',
  ge3Exh: 'electrical.generators.ge3.exhaustTemperature',
  b1Run: 'steam.boilers.boiler1.running',
  b1Press: 'steam.boilers.boiler1.steamPressure',
  b1Fuel: 'steam.boilers.boiler1.fuel.massFlow',
  b2Run: 'steam.boilers.boiler2.running',
  b2Press: 'steam.boilers.boiler2.steamPressure',
  b2Fuel: 'steam.boilers.boiler2.fuel.massFlow',
  robHfo: 'tanks.fuel.hfo.currentMass',
  robLfo: 'tanks.fuel.lfo.currentMass',
  robMgo: 'tanks.fuel.mgo.currentMass',
  sysOil: 'tanks.lubrication.systemOil.currentVolume',
  cylOil: 'tanks.lubrication.cylinderOil.currentVolume',
} as const;

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
