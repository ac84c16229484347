import type { ImoFuelId } from '../fuels/factors.ts';
import { barToPa, celsiusToKelvin, degToRad, knotsToMs } from '../units/index.ts';
/**
 * The channel catalogue: every measured quantity Ecohelm ingests, stores and shows.
 * Ids are Signal K paths where Signal K defines one (specification v1.8.2); where it has none
 * (cylinders, shaft power, fuel mass flow, gensets, boilers, drafts, ROB in mass) we extend it in
 * the same style and say so in `signalK: false`. Values are stored in SI units as Signal K does;
 * `display.ts` converts them to the console's units in one place.
 */

/** The equipment a channel belongs to; the screens group by it. */
export const equipments = [
  'navigation',
  'environment',
  'me',
  'ge1',
  'ge2',
  'ge3',
  'boiler1',
  'boiler2',
  'tanks',
  /** The console's own computer (its store's disk); no channels, alarms only. */
  'system',
] as const;
export type Equipment = (typeof equipments)[number];

/** SI units inside the store (Signal K's, plus kg/s and kg/J for fuel, our extension). */
export type SiUnit =
  | 'm/s'
  | 'rad'
  | 'rad/s'
  | 'K'
  | 'Pa'
  | 'Hz'
  | 'W'
  | 'N.m'
  | 'kg/s'
  | 'kg/J'
  | 'kg'
  | 'm'
  | 'm3'
  | 's'
  | 'ratio'
  | 'bool'
  | 'deg';

/** Alarm limits in the channel's SI unit; any of them may be absent. */
export interface AlarmLimits {
  lowlow?: number;
  low?: number;
  high?: number;
  highhigh?: number;
}

export interface ChannelDef {
  /** Signal K path where one exists, else our extension in the same style. */
  id: string;
  equipment: Equipment;
  /** English label for logs and the API; the web translates by id. */
  label: string;
  unit: SiUnit;
  /** Physically plausible range in SI units; samples outside it are rejected at ingest. */
  range: readonly [number, number];
  /** Default alarm limits in SI units (configurable later per ship). */
  limits: AlarmLimits;
  /** True when `id` is a Signal K specification path. */
  signalK: boolean;
  /** Angles that wrap at 2π (means need circular care in analytics). */
  circular?: boolean;
  /** Fuel mass-flow meters: the IMO fuel class (MEPC.364(79)) the metered fuel counts as in CO2 and CII. */
  fuelClass?: ImoFuelId;
}

const C = celsiusToKelvin;
const bar = barToPa;
const kn = knotsToMs;
const deg = degToRad;
const rpm = (r: number) => r / 60;
const kW = (k: number) => k * 1000;
const kgh = (k: number) => k / 3600;
const t = (tonnes: number) => tonnes * 1000;
const TWO_PI = 2 * Math.PI;

type Def = Omit<ChannelDef, 'signalK' | 'limits'> & { limits?: AlarmLimits; signalK?: boolean };
const ch = (d: Def): ChannelDef => ({ signalK: true, limits: {}, ...d });
const ext = (d: Def): ChannelDef => ({ ...ch(d), signalK: false });

/** Main-engine cylinders with exhaust temperature sensors (6S50ME-B class engine). */
export const MAIN_ENGINE_CYLINDERS = 6;
/** Fuel types with their own flow meters and tanks (IMO DCS groups). */
export const fuelKinds = ['hfo', 'lfo', 'mgo'] as const;
export type FuelKind = (typeof fuelKinds)[number];
/** The IMO fuel class of each main-engine fuel kind; generators and boilers burn marine gas oil. */
export const fuelClassOfKind: Record<FuelKind, ImoFuelId> = { hfo: 'hfo', lfo: 'lfo', mgo: 'diesel_gas_oil' };

/**
 * The tank (fuel kind) a product fuel type of the ship particulars goes to: `*_hfo` → HFO, `*_lfo` → LFO, MDO/MGO →
 * MGO; other fuels (LNG, methanol, …) have no tank channel here.
 */
export function fuelKindOf(productFuelId: string): FuelKind | undefined {
  if (productFuelId.endsWith('_hfo')) return 'hfo';
  if (productFuelId.endsWith('_lfo')) return 'lfo';
  if (productFuelId === 'mdo_mgo') return 'mgo';
  return undefined;
}

const navigation: ChannelDef[] = [
  ch({
    id: 'navigation.position.latitude',
    equipment: 'navigation',
    label: 'Latitude',
    unit: 'deg',
    range: [-90, 90],
  }),
  ch({
    id: 'navigation.position.longitude',
    equipment: 'navigation',
    label: 'Longitude',
    unit: 'deg',
    range: [-180, 180],
  }),
  ch({
    id: 'navigation.speedOverGround',
    equipment: 'navigation',
    label: 'Speed over ground',
    unit: 'm/s',
    range: [0, kn(40)],
  }),
  ch({
    id: 'navigation.speedThroughWater',
    equipment: 'navigation',
    label: 'Speed through water',
    unit: 'm/s',
    range: [kn(-10), kn(40)],
  }),
  ch({
    id: 'navigation.courseOverGroundTrue',
    equipment: 'navigation',
    label: 'Course over ground',
    unit: 'rad',
    range: [0, TWO_PI],
    circular: true,
  }),
  ch({
    id: 'navigation.headingTrue',
    equipment: 'navigation',
    label: 'Heading (true)',
    unit: 'rad',
    range: [0, TWO_PI],
    circular: true,
  }),
  ch({
    id: 'navigation.headingMagnetic',
    equipment: 'navigation',
    label: 'Heading (magnetic)',
    unit: 'rad',
    range: [0, TWO_PI],
    circular: true,
  }),
  ch({
    id: 'navigation.rateOfTurn',
    equipment: 'navigation',
    label: 'Rate of turn',
    unit: 'rad/s',
    range: [deg(-30), deg(30)],
  }),
  ch({
    id: 'navigation.attitude.roll',
    equipment: 'navigation',
    label: 'Heel',
    unit: 'rad',
    range: [deg(-90), deg(90)],
    limits: { low: deg(-10), lowlow: deg(-20), high: deg(10), highhigh: deg(20) },
  }),
  ch({
    id: 'navigation.attitude.pitch',
    equipment: 'navigation',
    label: 'Pitch (trim angle)',
    unit: 'rad',
    range: [deg(-45), deg(45)],
  }),
  ext({
    id: 'navigation.trim',
    equipment: 'navigation',
    label: 'Trim (aft − fore)',
    unit: 'm',
    range: [-15, 15],
    limits: { low: -1, high: 4 },
  }),
  ext({
    id: 'navigation.draft.fore',
    equipment: 'navigation',
    label: 'Draft fore',
    unit: 'm',
    range: [0, 30],
  }),
  ext({ id: 'navigation.draft.aft', equipment: 'navigation', label: 'Draft aft', unit: 'm', range: [0, 30] }),
  ext({
    id: 'navigation.draft.port',
    equipment: 'navigation',
    label: 'Draft port',
    unit: 'm',
    range: [0, 30],
  }),
  ext({
    id: 'navigation.draft.starboard',
    equipment: 'navigation',
    label: 'Draft starboard',
    unit: 'm',
    range: [0, 30],
  }),
  ch({
    id: 'steering.rudderAngle',
    equipment: 'navigation',
    label: 'Rudder angle',
    unit: 'rad',
    range: [deg(-90), deg(90)],
    limits: { low: deg(-35), high: deg(35) },
  }),
  ch({
    id: 'environment.depth.belowTransducer',
    equipment: 'navigation',
    label: 'Depth below transducer',
    unit: 'm',
    range: [0, 12_000],
  }),
  ch({
    id: 'environment.depth.belowSurface',
    equipment: 'navigation',
    label: 'Depth below surface',
    unit: 'm',
    range: [0, 12_000],
  }),
  ch({
    id: 'environment.depth.belowKeel',
    equipment: 'navigation',
    label: 'Under-keel clearance',
    unit: 'm',
    range: [-10, 12_000],
    limits: { lowlow: 2, low: 5 },
  }),
];

const environment: ChannelDef[] = [
  ch({
    id: 'environment.wind.speedTrue',
    equipment: 'environment',
    label: 'True wind speed',
    unit: 'm/s',
    range: [0, 100],
  }),
  ch({
    id: 'environment.wind.angleTrueWater',
    equipment: 'environment',
    label: 'True wind angle',
    unit: 'rad',
    range: [-Math.PI, TWO_PI],
    circular: true,
  }),
  ch({
    id: 'environment.wind.directionTrue',
    equipment: 'environment',
    label: 'True wind direction',
    unit: 'rad',
    range: [0, TWO_PI],
    circular: true,
  }),
  ch({
    id: 'environment.wind.speedApparent',
    equipment: 'environment',
    label: 'Apparent wind speed',
    unit: 'm/s',
    range: [0, 100],
  }),
  ch({
    id: 'environment.wind.angleApparent',
    equipment: 'environment',
    label: 'Apparent wind angle',
    unit: 'rad',
    range: [-Math.PI, TWO_PI],
    circular: true,
  }),
  ext({
    id: 'environment.wave.significantHeight',
    equipment: 'environment',
    label: 'Wave height',
    unit: 'm',
    range: [0, 30],
  }),
  ext({
    id: 'environment.wave.directionTrue',
    equipment: 'environment',
    label: 'Wave direction',
    unit: 'rad',
    range: [0, TWO_PI],
    circular: true,
  }),
  ext({
    id: 'environment.wave.period',
    equipment: 'environment',
    label: 'Wave period',
    unit: 's',
    range: [0, 30],
  }),
  ext({
    id: 'environment.swell.significantHeight',
    equipment: 'environment',
    label: 'Swell height',
    unit: 'm',
    range: [0, 30],
  }),
  ext({
    id: 'environment.swell.directionTrue',
    equipment: 'environment',
    label: 'Swell direction',
    unit: 'rad',
    range: [0, TWO_PI],
    circular: true,
  }),
  ext({
    id: 'environment.swell.period',
    equipment: 'environment',
    label: 'Swell period',
    unit: 's',
    range: [0, 30],
  }),
  ch({
    id: 'environment.current.drift',
    equipment: 'environment',
    label: 'Current speed',
    unit: 'm/s',
    range: [0, kn(15)],
  }),
  ch({
    id: 'environment.current.setTrue',
    equipment: 'environment',
    label: 'Current set',
    unit: 'rad',
    range: [0, TWO_PI],
    circular: true,
  }),
  ch({
    id: 'environment.outside.temperature',
    equipment: 'environment',
    label: 'Air temperature',
    unit: 'K',
    range: [C(-60), C(70)],
  }),
  ch({
    id: 'environment.outside.pressure',
    equipment: 'environment',
    label: 'Air pressure',
    unit: 'Pa',
    range: [80_000, 110_000],
  }),
  ch({
    id: 'environment.water.temperature',
    equipment: 'environment',
    label: 'Sea water temperature',
    unit: 'K',
    range: [C(-3), C(45)],
  }),
];

const mainEngine: ChannelDef[] = [
  ch({
    id: 'propulsion.main.revolutions',
    equipment: 'me',
    label: 'Shaft speed',
    unit: 'Hz',
    range: [rpm(-200), rpm(200)],
    limits: { high: rpm(127), highhigh: rpm(133) },
  }),
  ch({
    id: 'propulsion.main.engineLoad',
    equipment: 'me',
    label: 'Engine load',
    unit: 'ratio',
    range: [0, 1.2],
    limits: { high: 0.9, highhigh: 1 },
  }),
  ext({
    id: 'propulsion.main.shaftPower',
    equipment: 'me',
    label: 'Shaft power',
    unit: 'W',
    range: [kW(-1000), kW(20_000)],
    limits: { high: kW(8200) },
  }),
  ext({
    id: 'propulsion.main.shaftTorque',
    equipment: 'me',
    label: 'Shaft torque',
    unit: 'N.m',
    range: [-2e6, 2e6],
  }),
  ...fuelKinds.map((f) =>
    ext({
      id: `propulsion.main.fuel.${f}.massFlow`,
      equipment: 'me',
      label: `ME fuel flow ${f.toUpperCase()}`,
      unit: 'kg/s',
      range: [0, kgh(5000)],
      fuelClass: fuelClassOfKind[f],
    }),
  ),
  ext({
    id: 'propulsion.main.fuelRack',
    equipment: 'me',
    label: 'Fuel rack (index)',
    unit: 'ratio',
    range: [0, 1.2],
    limits: { high: 0.95 },
  }),
  ext({
    id: 'propulsion.main.scavengeAirPressure',
    equipment: 'me',
    label: 'Scavenge air pressure',
    unit: 'Pa',
    range: [0, bar(6)],
    limits: { high: bar(4), highhigh: bar(4.5) },
  }),
  ext({
    id: 'propulsion.main.turbocharger.revolutions',
    equipment: 'me',
    label: 'Turbocharger speed',
    unit: 'Hz',
    range: [0, rpm(30_000)],
    limits: { high: rpm(22_000), highhigh: rpm(24_000) },
  }),
  ...Array.from({ length: MAIN_ENGINE_CYLINDERS }, (_, i) =>
    ext({
      id: `propulsion.main.cylinders.${i + 1}.exhaustTemperature`,
      equipment: 'me',
      label: `Exhaust gas temperature cyl. ${i + 1}`,
      unit: 'K',
      range: [C(-20), C(700)],
      limits: { high: C(430), highhigh: C(460) },
    }),
  ),
  ch({
    id: 'propulsion.main.exhaustTemperature',
    equipment: 'me',
    label: 'Exhaust gas temperature after turbocharger',
    unit: 'K',
    range: [C(-20), C(600)],
    limits: { high: C(320), highhigh: C(350) },
  }),
  ch({
    id: 'propulsion.main.coolantTemperature',
    equipment: 'me',
    label: 'Jacket water temperature',
    unit: 'K',
    range: [C(-20), C(150)],
    limits: { low: C(70), high: C(90), highhigh: C(95) },
  }),
  ch({
    id: 'propulsion.main.coolantPressure',
    equipment: 'me',
    label: 'Jacket water pressure',
    unit: 'Pa',
    range: [0, bar(10)],
    limits: { lowlow: bar(2), low: bar(2.5) },
  }),
  ch({
    id: 'propulsion.main.oilTemperature',
    equipment: 'me',
    label: 'Lube oil temperature',
    unit: 'K',
    range: [C(-20), C(150)],
    limits: { high: C(55), highhigh: C(60) },
  }),
  ch({
    id: 'propulsion.main.oilPressure',
    equipment: 'me',
    label: 'Lube oil pressure',
    unit: 'Pa',
    range: [0, bar(10)],
    limits: { lowlow: bar(1.5), low: bar(1.8) },
  }),
];

const generator = (n: 1 | 2 | 3): ChannelDef[] => {
  const equipment = `ge${n}` as const;
  const base = `electrical.generators.ge${n}`;
  return [
    ext({ id: `${base}.running`, equipment, label: `GE${n} running`, unit: 'bool', range: [0, 1] }),
    ext({
      id: `${base}.realPower`,
      equipment,
      label: `GE${n} electrical load`,
      unit: 'W',
      range: [kW(-100), kW(1500)],
      limits: { high: kW(560), highhigh: kW(620) },
    }),
    ext({
      id: `${base}.fuel.massFlow`,
      equipment,
      label: `GE${n} fuel flow`,
      unit: 'kg/s',
      range: [0, kgh(500)],
      fuelClass: 'diesel_gas_oil',
    }),
    ext({ id: `${base}.sfoc`, equipment, label: `GE${n} SFOC`, unit: 'kg/J', range: [0, 1000 / 3.6e9] }),
    ext({
      id: `${base}.exhaustTemperature`,
      equipment,
      label: `GE${n} exhaust gas temperature`,
      unit: 'K',
      range: [C(-20), C(700)],
      limits: { high: C(480), highhigh: C(520) },
    }),
  ];
};

const boiler = (n: 1 | 2): ChannelDef[] => {
  const equipment = `boiler${n}` as const;
  const base = `steam.boilers.boiler${n}`;
  return [
    ext({ id: `${base}.running`, equipment, label: `Boiler ${n} running`, unit: 'bool', range: [0, 1] }),
    ext({
      id: `${base}.steamPressure`,
      equipment,
      label: `Boiler ${n} steam pressure`,
      unit: 'Pa',
      range: [0, bar(20)],
      limits: { low: bar(5), high: bar(9), highhigh: bar(10) },
    }),
    ext({
      id: `${base}.fuel.massFlow`,
      equipment,
      label: `Boiler ${n} fuel flow`,
      unit: 'kg/s',
      range: [0, kgh(1000)],
      fuelClass: 'diesel_gas_oil',
    }),
  ];
};

const tanks: ChannelDef[] = [
  ...fuelKinds.map((f) =>
    ext({
      id: `tanks.fuel.${f}.currentMass`,
      equipment: 'tanks',
      label: `ROB ${f.toUpperCase()}`,
      unit: 'kg',
      range: [0, t(10_000)],
      limits: { low: t(100), lowlow: t(50) },
    }),
  ),
  ext({
    id: 'tanks.lubrication.systemOil.currentVolume',
    equipment: 'tanks',
    label: 'ROB system oil',
    unit: 'm3',
    range: [0, 200],
    limits: { low: 5 },
  }),
  ext({
    id: 'tanks.lubrication.cylinderOil.currentVolume',
    equipment: 'tanks',
    label: 'ROB cylinder oil',
    unit: 'm3',
    range: [0, 200],
    limits: { low: 5 },
  }),
];

/** Every channel, in a stable order (the store numbers channels in this order). */
export const channelCatalogue: readonly ChannelDef[] = [
  ...navigation,
  ...environment,
  ...mainEngine,
  ...generator(1),
  ...generator(2),
  ...generator(3),
  ...boiler(1),
  ...boiler(2),
  ...tanks,
];

const byId = new Map(channelCatalogue.map((c) => [c.id, c]));

/** The channel definition, or undefined for an unknown id. */
export const channelById = (id: string): ChannelDef | undefined => byId.get(id);

/** True when `value` (SI) is a finite number inside the channel's valid range. */
export const inChannelRange = (def: ChannelDef, value: number): boolean =>
  Number.isFinite(value) && value >= def.range[0] && value <= def.range[1];

/** Every fuel mass-flow meter of the catalogue with the IMO fuel class it counts as. */
export const fuelChannels: readonly { id: string; equipment: Equipment; fuelClass: ImoFuelId }[] =
  channelCatalogue.flatMap((c) =>
    c.fuelClass ? [{ id: c.id, equipment: c.equipment, fuelClass: c.fuelClass }] : [],
  );
