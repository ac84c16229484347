export * from './consumption.ts';
export * from './emissions.ts';
export * from './factors.ts';
export * from './sulphur.ts';
