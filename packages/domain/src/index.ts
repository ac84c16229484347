/**
 * @ecohelm/domain — the pure regulatory engine: CII, fuels and emission factors, IMO DCS and
 * EU MRV aggregation, EU ETS and FuelEU Maritime, ECA geofencing, and unit conversions.
 * No I/O, no clock: every time is an argument.
 */

export * from './channels/index.ts';
export * from './cii/index.ts';
export * from './consumption/index.ts';
export * from './dcs-mrv/index.ts';
export * from './eca/index.ts';
export * from './errors.ts';
export * from './ets-fueleu/index.ts';
export * from './fouling/index.ts';
export * from './fuels/index.ts';
export * from './load/index.ts';
export * from './monitoring/index.ts';
export * from './physics/index.ts';
export * from './random.ts';
export * from './speed/index.ts';
export * from './trim/index.ts';
export * from './units/index.ts';
