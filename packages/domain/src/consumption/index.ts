export * from './distribution.ts';
