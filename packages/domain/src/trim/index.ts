export * from './trim.ts';
