export * from './ets.ts';
export * from './fueleu.ts';
export * from './pooling.ts';
