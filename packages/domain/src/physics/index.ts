export * from './engine.ts';
export * from './propeller.ts';
export * from './resistance.ts';
export * from './speed-power.ts';
