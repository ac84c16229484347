/**
 * Unit conversions used by the whole product. Channels carry Signal K SI units (m/s, rad, K, Pa,
 * kg/s, m); the API converts to display units (knots, degrees, °C, bar, t/h, nm) here, in one place.
 * All factors are exact definitions (international nautical mile = 1852 m, knot = 1 nm/h).
 */

/** Metres per international nautical mile (exact, 1929 definition). */
export const METRES_PER_NM = 1852;
/** Seconds per hour. */
export const SECONDS_PER_HOUR = 3600;
/** Grams per metric tonne. */
export const GRAMS_PER_TONNE = 1_000_000;
/** Kilograms per metric tonne. */
export const KG_PER_TONNE = 1000;
/** Pascals per bar (exact). */
export const PA_PER_BAR = 100_000;
/** Kelvin at 0 °C (exact). */
export const KELVIN_AT_ZERO_CELSIUS = 273.15;
/** Megajoules per kilowatt-hour (exact). */
export const MJ_PER_KWH = 3.6;
/** Hours per day. */
export const HOURS_PER_DAY = 24;
/** Milliseconds per second, minute, hour and day: the time constants of the whole product, defined once here. */
export const SECOND_MS = 1000;
export const MINUTE_MS = 60 * SECOND_MS;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = HOURS_PER_DAY * HOUR_MS;

/** m/s → knots. */
export const msToKnots = (speedMs: number): number => (speedMs * SECONDS_PER_HOUR) / METRES_PER_NM;
/** knots → m/s. */
export const knotsToMs = (speedKn: number): number => (speedKn * METRES_PER_NM) / SECONDS_PER_HOUR;
/** radians → degrees. */
export const radToDeg = (angleRad: number): number => (angleRad * 180) / Math.PI;
/** degrees → radians. */
export const degToRad = (angleDeg: number): number => (angleDeg * Math.PI) / 180;
/** kelvin → °C. */
export const kelvinToCelsius = (temperatureK: number): number => temperatureK - KELVIN_AT_ZERO_CELSIUS;
/** °C → kelvin. */
export const celsiusToKelvin = (temperatureC: number): number => temperatureC + KELVIN_AT_ZERO_CELSIUS;
/** Pa → bar. */
export const paToBar = (pressurePa: number): number => pressurePa / PA_PER_BAR;
/** bar → Pa. */
export const barToPa = (pressureBar: number): number => pressureBar * PA_PER_BAR;
/** kg/s → t/h (mass flow, our Signal K extension for fuel). */
export const kgPerSecondToTonnesPerHour = (flowKgS: number): number =>
  (flowKgS * SECONDS_PER_HOUR) / KG_PER_TONNE;
/** t/h → kg/s. */
export const tonnesPerHourToKgPerSecond = (flowTH: number): number =>
  (flowTH * KG_PER_TONNE) / SECONDS_PER_HOUR;
/** metres → nautical miles. */
export const metresToNm = (distanceM: number): number => distanceM / METRES_PER_NM;
/** nautical miles → metres. */
export const nmToMetres = (distanceNm: number): number => distanceNm * METRES_PER_NM;
/** kWh → MJ. */
export const kwhToMj = (energyKwh: number): number => energyKwh * MJ_PER_KWH;
/** Normalises an angle in degrees to [0, 360). */
export const normaliseDeg360 = (angleDeg: number): number => ((angleDeg % 360) + 360) % 360;
/** Normalises a longitude difference in degrees to [-180, 180) (antimeridian-safe). */
export const wrapLonDeg = (lonDeg: number): number => ((((lonDeg + 180) % 360) + 360) % 360) - 180;
