export * from './assessment.ts';
export * from './generator-now.ts';
export * from './reference-curves.ts';
