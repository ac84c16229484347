export * from './reference-curves.ts';
export * from './assessment.ts';
