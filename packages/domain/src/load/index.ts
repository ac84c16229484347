export * from './load-sharing.ts';
