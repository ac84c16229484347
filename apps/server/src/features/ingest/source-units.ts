import type { SiUnit } from '@ecohelm/domain';
import { knotsToMs } from '@ecohelm/domain';

/**
 * Units an alarm and monitoring system reports in, and how each becomes the SI unit the store keeps
 * (Signal K's). A map line names the unit its value is in after scale and offset; the value is then
 * converted here, so `rpm` lands as Hz, `kW` as W, `°C` as K.
 */
const conversions: Record<string, { si: SiUnit; toSi: (v: number) => number }> = {
  rpm: { si: 'Hz', toSi: (v) => v / 60 },
  'r/min': { si: 'Hz', toSi: (v) => v / 60 },
  Hz: { si: 'Hz', toSi: (v) => v },
  kW: { si: 'W', toSi: (v) => v * 1000 },
  MW: { si: 'W', toSi: (v) => v * 1e6 },
  W: { si: 'W', toSi: (v) => v },
  kNm: { si: 'N.m', toSi: (v) => v * 1000 },
  'N.m': { si: 'N.m', toSi: (v) => v },
  degC: { si: 'K', toSi: (v) => v + 273.15 },
  '°C': { si: 'K', toSi: (v) => v + 273.15 },
  K: { si: 'K', toSi: (v) => v },
  bar: { si: 'Pa', toSi: (v) => v * 1e5 },
  kPa: { si: 'Pa', toSi: (v) => v * 1000 },
  MPa: { si: 'Pa', toSi: (v) => v * 1e6 },
  Pa: { si: 'Pa', toSi: (v) => v },
  '%': { si: 'ratio', toSi: (v) => v / 100 },
  ratio: { si: 'ratio', toSi: (v) => v },
  'kg/h': { si: 'kg/s', toSi: (v) => v / 3600 },
  't/h': { si: 'kg/s', toSi: (v) => v / 3.6 },
  't/d': { si: 'kg/s', toSi: (v) => v / 86.4 },
  'kg/s': { si: 'kg/s', toSi: (v) => v },
  'g/kWh': { si: 'kg/J', toSi: (v) => v / 3.6e9 },
  'kg/J': { si: 'kg/J', toSi: (v) => v },
  kn: { si: 'm/s', toSi: knotsToMs },
  'm/s': { si: 'm/s', toSi: (v) => v },
  deg: { si: 'rad', toSi: (v) => (v * Math.PI) / 180 },
  rad: { si: 'rad', toSi: (v) => v },
  'deg/min': { si: 'rad/s', toSi: (v) => (v * Math.PI) / 180 / 60 },
  'rad/s': { si: 'rad/s', toSi: (v) => v },
  m: { si: 'm', toSi: (v) => v },
  cm: { si: 'm', toSi: (v) => v / 100 },
  m3: { si: 'm3', toSi: (v) => v },
  l: { si: 'm3', toSi: (v) => v / 1000 },
  kg: { si: 'kg', toSi: (v) => v },
  t: { si: 'kg', toSi: (v) => v * 1000 },
  s: { si: 's', toSi: (v) => v },
  h: { si: 's', toSi: (v) => v * 3600 },
  bool: { si: 'bool', toSi: (v) => (v ? 1 : 0) },
};

/** The units a map file may name, for error messages. */
export const sourceUnits = Object.keys(conversions);

/**
 * The converter from `unit` into the channel's SI unit, or the reason it cannot be: an unknown unit, or
 * one of another quantity than the channel's (bar for a temperature).
 */
export function converterTo(
  unit: string,
  channelUnit: SiUnit,
): { toSi: (v: number) => number } | { error: string } {
  const c = conversions[unit];
  if (!c) return { error: `unknown unit '${unit}' (known: ${sourceUnits.join(', ')})` };
  // Angles in degrees are a separate SI unit for a few channels (positions kept in degrees as Signal K does).
  if (channelUnit === 'deg' && unit === 'deg') return { toSi: (v) => v };
  if (c.si !== channelUnit) return { error: `unit '${unit}' is not a unit of ${channelUnit}` };
  return { toSi: c.toSi };
}
