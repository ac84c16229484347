import { kelvinToCelsius, msToKnots, PA_PER_BAR, radToDeg, SECONDS_PER_HOUR } from '../units/index.ts';
import type { ChannelDef, SiUnit } from './catalogue.ts';

/** Units the console shows. */
export type DisplayUnit =
  | 'kn'
  | 'deg'
  | 'deg/min'
  | '°C'
  | 'bar'
  | 'rpm'
  | 'kW'
  | 'kN.m'
  | 'kg/h'
  | 'g/kWh'
  | 't'
  | 'm'
  | 'L'
  | 's'
  | '%'
  | 'on/off'
  | 'hPa';

interface Conversion {
  unit: DisplayUnit;
  /** SI → display. Linear (`a·x + b`) so min/max/mean convert the same way. */
  scale: number;
  offset: number;
}

const lin = (unit: DisplayUnit, scale: number, offset = 0): Conversion => ({ unit, scale, offset });

/** The one table of SI → display conversions the API uses (built on `units/`). */
const conversions: Record<SiUnit, Conversion> = {
  'm/s': lin('kn', msToKnots(1)),
  rad: lin('deg', radToDeg(1)),
  'rad/s': lin('deg/min', radToDeg(1) * 60),
  K: lin('°C', 1, kelvinToCelsius(0)),
  Pa: lin('bar', 1 / PA_PER_BAR),
  Hz: lin('rpm', 60),
  W: lin('kW', 1 / 1000),
  'N.m': lin('kN.m', 1 / 1000),
  'kg/s': lin('kg/h', SECONDS_PER_HOUR),
  // kg/J → g/kWh: 1000 g/kg × 3.6e6 J/kWh.
  'kg/J': lin('g/kWh', 1000 * 3.6e6),
  kg: lin('t', 1 / 1000),
  m: lin('m', 1),
  m3: lin('L', 1000),
  s: lin('s', 1),
  ratio: lin('%', 100),
  bool: lin('on/off', 1),
  deg: lin('deg', 1),
};

/** Air pressure reads better in hPa than in bar. */
const overrides: Record<string, Conversion> = {
  'environment.outside.pressure': lin('hPa', 1 / 100),
};

/** The display conversion of a channel: unit plus a linear map from its SI value. */
export function displayConversion(def: ChannelDef): Conversion {
  return overrides[def.id] ?? conversions[def.unit];
}

/** The display unit of a channel. */
export const displayUnitOf = (def: ChannelDef): DisplayUnit => displayConversion(def).unit;

/** Converts an SI value of `def` to its display unit. */
export function toDisplay(def: ChannelDef, valueSi: number): number {
  const c = displayConversion(def);
  return valueSi * c.scale + c.offset;
}

/** Converts a display value of `def` back to SI (for limits typed by the crew, CSV in display units). */
export function fromDisplay(def: ChannelDef, valueDisplay: number): number {
  const c = displayConversion(def);
  return (valueDisplay - c.offset) / c.scale;
}

/** Decimals the console shows a value with, by its display unit: what the sensors resolve, read at a glance. */
const unitDigits: Record<DisplayUnit, number> = {
  kn: 1,
  deg: 1,
  'deg/min': 1,
  '°C': 1,
  bar: 2,
  rpm: 1,
  kW: 0,
  'kN.m': 0,
  'kg/h': 1,
  'g/kWh': 1,
  t: 2,
  m: 1,
  L: 0,
  s: 0,
  '%': 1,
  'on/off': 0,
  hPa: 0,
};

/** Channels shown to a finer or coarser step than their unit's: trim in centimetres, a turbocharger's whole rpm. */
const digitOverrides: Record<string, number> = {
  'navigation.trim': 2,
  'propulsion.main.turbocharger.revolutions': 0,
};

/** The decimals the console shows a value in `unit` with (a figure the server computes, not a channel). */
export const digitsOfDisplayUnit = (unit: DisplayUnit): number => unitDigits[unit];

/** The decimals the console shows a channel's display value with (live tiles, key factors). */
export const displayDigitsOf = (def: ChannelDef): number =>
  digitOverrides[def.id] ?? unitDigits[displayConversion(def).unit];
