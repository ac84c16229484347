export * from './errors.ts';
export * from './filling.ts';
export * from './platform.ts';
export * from './records.ts';
export * from './session.ts';
export * from './ship.ts';
export * from './telemetry.ts';
export * from './voyages.ts';
