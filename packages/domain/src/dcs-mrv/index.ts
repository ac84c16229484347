export * from './aggregate.ts';
export * from './plausibility.ts';
export * from './records.ts';
