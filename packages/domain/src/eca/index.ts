export * from './custom.ts';
export { distanceToSegmentNm, EARTH_MEAN_RADIUS_M, greatCircleNm } from './geometry.ts';
export * from './ring.ts';
export * from './status.ts';
export { ECA_ZONES, type EcaZoneInfo, type SoxPeriod, zoneRing } from './zones.ts';
