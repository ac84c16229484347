export * from './aggregate.ts';
export * from './records.ts';
