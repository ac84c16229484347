export * from './distribution.ts';
export * from './meters.ts';
