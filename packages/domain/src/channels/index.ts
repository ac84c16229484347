export * from './catalogue.ts';
export * from './display.ts';
