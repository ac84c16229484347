export * from './catalogue.ts';
export * from './circular.ts';
export * from './display.ts';
export * from './ids.ts';
