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
