export * from './aggregate.ts';
export * from './ledger.ts';
export * from './plausibility.ts';
export * from './records.ts';
