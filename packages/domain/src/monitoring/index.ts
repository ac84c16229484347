export * from './reference-curves.ts';
