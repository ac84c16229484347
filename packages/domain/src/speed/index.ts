export * from './opening-rpm.ts';
export * from './ship-model.ts';
export * from './voyage-optimiser.ts';
