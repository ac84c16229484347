export * from './ets.ts';
export * from './fueleu.ts';
