import type { ImoFuelId } from '../fuels/factors.ts';
import { barToPa, celsiusToKelvin, degToRad, knotsToMs } from '../units/index.ts';
/**
 * The channel catalogue: every measured quantity Ecohelm ingests, stores and shows.
 * Ids are Signal K paths where Signal K defines one (specification v1.8.2); where it has none
 * (cylinders, shaft power, fuel mass flow, gensets, boilers, drafts, ROB in mass) we extend it in
 * the same style and say so in `signalK: false`. Values are stored in SI units as Signal K does;
 * `display.ts` converts them to the console's units in one place.
 */

/**
 * The equipment a channel belongs to; the screens group by it, in this order: the engine room first, then tanks,
 * navigation and the environment.
 */
export const equipments = [
  'me',
  'ge1',
  'ge2',
  'ge3',
  'boiler1',
  'boiler2',
  'tanks',
  'navigation',
  'environment',
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

/** What a row may add to its id, label, unit and range: default alarm limits (none when absent) and flags. */
type RowExtras = { limits?: AlarmLimits } & Pick<ChannelDef, 'circular' | 'fuelClass'>;
/**
 * The catalogue's rows on one equipment: `sk` for a Signal K path, `ext` for our extension of it. A row reads
 * id, label, SI unit, plausible range, then its extras.
 */
const rowsOf = (equipment: Equipment) => {
  const row =
    (signalK: boolean) =>
    (
      id: string,
      label: string,
      unit: SiUnit,
      range: readonly [number, number],
      extras: RowExtras = {},
    ): ChannelDef => {
      const { limits = {}, ...flags } = extras;
      return { signalK, limits, id, equipment, label, unit, range, ...flags };
    };
  return { sk: row(true), ext: row(false) };
};
const nav = rowsOf('navigation');
const env = rowsOf('environment');
const me = rowsOf('me');
const tank = rowsOf('tanks');

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
  nav.sk('navigation.position.latitude', 'Latitude', 'deg', [-90, 90]),
  nav.sk('navigation.position.longitude', 'Longitude', 'deg', [-180, 180]),
  nav.sk('navigation.speedOverGround', 'Speed over ground', 'm/s', [0, kn(40)]),
  nav.sk('navigation.speedThroughWater', 'Speed through water', 'm/s', [kn(-10), kn(40)]),
  nav.sk('navigation.courseOverGroundTrue', 'Course over ground', 'rad', [0, TWO_PI], { circular: true }),
  nav.sk('navigation.headingTrue', 'Heading (true)', 'rad', [0, TWO_PI], { circular: true }),
  nav.sk('navigation.headingMagnetic', 'Heading (magnetic)', 'rad', [0, TWO_PI], { circular: true }),
  nav.sk('navigation.rateOfTurn', 'Rate of turn', 'rad/s', [deg(-30), deg(30)]),
  nav.sk('navigation.attitude.roll', 'Heel', 'rad', [deg(-90), deg(90)], {
    limits: { low: deg(-10), lowlow: deg(-20), high: deg(10), highhigh: deg(20) },
  }),
  nav.sk('navigation.attitude.pitch', 'Pitch (trim angle)', 'rad', [deg(-45), deg(45)]),
  nav.ext('navigation.trim', 'Trim (aft − fore)', 'm', [-15, 15], { limits: { low: -1, high: 4 } }),
  nav.ext('navigation.draft.fore', 'Draft fore', 'm', [0, 30]),
  nav.ext('navigation.draft.aft', 'Draft aft', 'm', [0, 30]),
  nav.ext('navigation.draft.port', 'Draft port', 'm', [0, 30]),
  nav.ext('navigation.draft.starboard', 'Draft starboard', 'm', [0, 30]),
  nav.sk('steering.rudderAngle', 'Rudder angle', 'rad', [deg(-90), deg(90)], {
    limits: { low: deg(-35), high: deg(35) },
  }),
  nav.sk('environment.depth.belowTransducer', 'Depth below transducer', 'm', [0, 12_000]),
  nav.sk('environment.depth.belowSurface', 'Depth below surface', 'm', [0, 12_000]),
  nav.sk('environment.depth.belowKeel', 'Under-keel clearance', 'm', [-10, 12_000], {
    limits: { lowlow: 2, low: 5 },
  }),
];

const environment: ChannelDef[] = [
  env.sk('environment.wind.speedTrue', 'True wind speed', 'm/s', [0, 100]),
  env.sk('environment.wind.angleTrueWater', 'True wind angle', 'rad', [-Math.PI, TWO_PI], { circular: true }),
  env.sk('environment.wind.directionTrue', 'True wind direction', 'rad', [0, TWO_PI], { circular: true }),
  env.sk('environment.wind.speedApparent', 'Apparent wind speed', 'm/s', [0, 100]),
  env.sk('environment.wind.angleApparent', 'Apparent wind angle', 'rad', [-Math.PI, TWO_PI], {
    circular: true,
  }),
  env.ext('environment.wave.significantHeight', 'Wave height', 'm', [0, 30]),
  env.ext('environment.wave.directionTrue', 'Wave direction', 'rad', [0, TWO_PI], { circular: true }),
  env.ext('environment.wave.period', 'Wave period', 's', [0, 30]),
  env.ext('environment.swell.significantHeight', 'Swell height', 'm', [0, 30]),
  env.ext('environment.swell.directionTrue', 'Swell direction', 'rad', [0, TWO_PI], { circular: true }),
  env.ext('environment.swell.period', 'Swell period', 's', [0, 30]),
  env.sk('environment.current.drift', 'Current speed', 'm/s', [0, kn(15)]),
  env.sk('environment.current.setTrue', 'Current set', 'rad', [0, TWO_PI], { circular: true }),
  env.sk('environment.outside.temperature', 'Air temperature', 'K', [C(-60), C(70)]),
  env.sk('environment.outside.pressure', 'Air pressure', 'Pa', [80_000, 110_000]),
  env.sk('environment.water.temperature', 'Sea water temperature', 'K', [C(-3), C(45)]),
];

const mainEngine: ChannelDef[] = [
  me.sk('propulsion.main.revolutions', 'Shaft speed', 'Hz', [rpm(-200), rpm(200)], {
    limits: { high: rpm(127), highhigh: rpm(133) },
  }),
  me.sk('propulsion.main.engineLoad', 'Engine load', 'ratio', [0, 1.2], {
    limits: { high: 0.9, highhigh: 1 },
  }),
  me.ext('propulsion.main.shaftPower', 'Shaft power', 'W', [kW(-1000), kW(20_000)], {
    limits: { high: kW(8200) },
  }),
  me.ext('propulsion.main.shaftTorque', 'Shaft torque', 'N.m', [-2e6, 2e6]),
  ...fuelKinds.map((f) =>
    me.ext(`propulsion.main.fuel.${f}.massFlow`, `ME fuel flow ${f.toUpperCase()}`, 'kg/s', [0, kgh(5000)], {
      fuelClass: fuelClassOfKind[f],
    }),
  ),
  me.ext('propulsion.main.fuelRack', 'Fuel rack (index)', 'ratio', [0, 1.2], { limits: { high: 0.95 } }),
  me.ext('propulsion.main.scavengeAirPressure', 'Scavenge air pressure', 'Pa', [0, bar(6)], {
    limits: { high: bar(4), highhigh: bar(4.5) },
  }),
  me.ext('propulsion.main.turbocharger.revolutions', 'Turbocharger speed', 'Hz', [0, rpm(30_000)], {
    limits: { high: rpm(22_000), highhigh: rpm(24_000) },
  }),
  ...Array.from({ length: MAIN_ENGINE_CYLINDERS }, (_, i) =>
    me.ext(
      `propulsion.main.cylinders.${i + 1}.exhaustTemperature`,
      `Exhaust gas temperature cyl. ${i + 1}`,
      'K',
      [C(-20), C(700)],
      { limits: { high: C(430), highhigh: C(460) } },
    ),
  ),
  me.sk(
    'propulsion.main.exhaustTemperature',
    'Exhaust gas temperature after turbocharger',
    'K',
    [C(-20), C(600)],
    { limits: { high: C(320), highhigh: C(350) } },
  ),
  me.sk('propulsion.main.coolantTemperature', 'Jacket water temperature', 'K', [C(-20), C(150)], {
    limits: { low: C(70), high: C(90), highhigh: C(95) },
  }),
  me.sk('propulsion.main.coolantPressure', 'Jacket water pressure', 'Pa', [0, bar(10)], {
    limits: { lowlow: bar(2), low: bar(2.5) },
  }),
  me.sk('propulsion.main.oilTemperature', 'Lube oil temperature', 'K', [C(-20), C(150)], {
    limits: { high: C(55), highhigh: C(60) },
  }),
  me.sk('propulsion.main.oilPressure', 'Lube oil pressure', 'Pa', [0, bar(10)], {
    limits: { lowlow: bar(1.5), low: bar(1.8) },
  }),
];

const generator = (n: 1 | 2 | 3): ChannelDef[] => {
  const on = rowsOf(`ge${n}`);
  const base = `electrical.generators.ge${n}`;
  return [
    on.ext(`${base}.running`, `GE${n} running`, 'bool', [0, 1]),
    on.ext(`${base}.realPower`, `GE${n} electrical load`, 'W', [kW(-100), kW(1500)], {
      limits: { high: kW(560), highhigh: kW(620) },
    }),
    on.ext(`${base}.fuel.massFlow`, `GE${n} fuel flow`, 'kg/s', [0, kgh(500)], {
      fuelClass: 'diesel_gas_oil',
    }),
    on.ext(`${base}.sfoc`, `GE${n} SFOC`, 'kg/J', [0, 1000 / 3.6e9]),
    on.ext(`${base}.exhaustTemperature`, `GE${n} exhaust gas temperature`, 'K', [C(-20), C(700)], {
      limits: { high: C(480), highhigh: C(520) },
    }),
  ];
};

const boiler = (n: 1 | 2): ChannelDef[] => {
  const on = rowsOf(`boiler${n}`);
  const base = `steam.boilers.boiler${n}`;
  return [
    on.ext(`${base}.running`, `Boiler ${n} running`, 'bool', [0, 1]),
    on.ext(`${base}.steamPressure`, `Boiler ${n} steam pressure`, 'Pa', [0, bar(20)], {
      limits: { low: bar(5), high: bar(9), highhigh: bar(10) },
    }),
    on.ext(`${base}.fuel.massFlow`, `Boiler ${n} fuel flow`, 'kg/s', [0, kgh(1000)], {
      fuelClass: 'diesel_gas_oil',
    }),
  ];
};

const tanks: ChannelDef[] = [
  ...fuelKinds.map((f) =>
    tank.ext(`tanks.fuel.${f}.currentMass`, `ROB ${f.toUpperCase()}`, 'kg', [0, t(10_000)], {
      limits: { low: t(100), lowlow: t(50) },
    }),
  ),
  tank.ext('tanks.lubrication.systemOil.currentVolume', 'ROB system oil', 'm3', [0, 200], {
    limits: { low: 5 },
  }),
  tank.ext('tanks.lubrication.cylinderOil.currentVolume', 'ROB cylinder oil', 'm3', [0, 200], {
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
