export * from './indicators.ts';
export * from './iso19030.ts';
