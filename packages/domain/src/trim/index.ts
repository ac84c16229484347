export * from './trim.ts';
export * from './trim-table.ts';
