export * from './assessment.ts';
export * from './reference-curves.ts';
