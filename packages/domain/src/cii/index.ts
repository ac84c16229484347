export * from './applicability.ts';
export * from './calculate.ts';
export * from './period.ts';
export * from './speed-model.ts';
export {
  BOUNDARY_ROWS,
  CII_SHIP_TYPES,
  type CiiShipType,
  REDUCTION_FACTORS,
  REFERENCE_LINE_ROWS,
} from './tables.ts';
